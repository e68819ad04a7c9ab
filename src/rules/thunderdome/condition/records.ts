import { z } from 'zod';
import { refuse } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { Player, Ship } from '../state.ts';
import { attritionOf, checkFleetAfter } from './attrition.ts';
import { ITEM_MAX, ITEMS_MAX, NOTE_MAX, type ConditionRecordKind, type ShipCondition } from './types.ts';
import { currentDamageControl, isWreckSpeed, wreckThreshold } from './wreck.ts';

/**
 * The owner's records of a ship's campaign condition. Battles are fought in SFB, so
 * the owner reports what the campaign needs; a report may make a ship worse, but only a repair
 * (self-repair below, D9.4, overhaul) makes it better.
 */

/** The acting player's own ship, by id. */
export function ownShip(d: Decider, p: Player, ref: string, rule: string): Ship {
  const id = ref.trim().toUpperCase();
  const ship = d.state.ships.find((s) => s.id === id && s.owner === p.id);
  if (!ship)
    refuse(
      'ship/unknown',
      rule,
      `You have no ship \`${ref.slice(0, 20)}\`.`,
      'See `/navy` for your ships and their ids.',
    );
  return ship;
}

function inPlay(d: Decider, rule: string): void {
  if (d.state.status !== 'active')
    refuse('campaign/not-in-play', rule, 'Ship condition is recorded while the campaign is in play.');
}

function count(n: number | undefined, what: string, rule: string, max = 1000): number | undefined {
  if (n === undefined) return undefined;
  if (!Number.isInteger(n) || n < 0 || n > max)
    refuse('condition/bad-number', rule, `${what} must be a whole number from 0 to ${max}.`);
  return n;
}

function emit(
  d: Decider,
  p: Player,
  ship: Ship,
  what: ConditionRecordKind,
  condition: ShipCondition,
  flags: { crippled: boolean; wrecked: boolean },
  extra: { fighters?: number; pfs?: number; boxes?: number; items?: string[] } = {},
): void {
  d.emit({
    type: 'ShipConditionRecorded',
    playerId: p.id,
    shipId: ship.id,
    what,
    condition,
    crippled: flags.crippled,
    wrecked: flags.wrecked,
    ...extra,
  });
}

export interface DamageReport {
  boxesDestroyed?: number;
  damageControl?: number;
  speed?: number;
  tractors?: number;
  crippled?: boolean;
  note?: string;
}

/** The fields of a damage report as an input schema checks them: spread into the `ship-report` schema. */
export const damageReportFields = {
  boxesDestroyed: z.int().exactOptional(),
  damageControl: z.int().exactOptional(),
  speed: z.int().exactOptional(),
  tractors: z.int().exactOptional(),
  crippled: z.boolean().exactOptional(),
  note: z.string().exactOptional(),
};

/**
 * The owner reports the ship's SFB damage after a battle: boxes destroyed, current damage control,
 * current maximum speed (wrecked at or below a quarter of the maximum, UTD6.3E, 7.47), working
 * tractors, crippled. It can only record damage: clearing a wreck or a crippled state takes a repair.
 */
export function reportDamage(d: Decider, shipRef: string, r: DamageReport, p: Player): void {
  inPlay(d, 'UTD7.47');
  const ship = ownShip(d, p, shipRef, 'UTD7.47');
  const unit = d.ctx.catalog.get(ship.unitId);
  const boxes = count(r.boxesDestroyed, 'Boxes destroyed', 'UTD7.53', 10000);
  const dc = count(r.damageControl, 'Damage control', 'UTD7.53', unit?.damageControl ?? 1000);
  const tractors = count(r.tractors, 'Working tractor beams', 'UTD6.3E', unit?.tractorBeams ?? 1000);
  const speed = count(r.speed, 'Current maximum speed', 'UTD7.47', unit?.maxSpeed ?? 1000);
  const note = r.note?.trim();
  if (note !== undefined && note.length > NOTE_MAX)
    refuse(
      'condition/note-long',
      'UTD2.3',
      `A damage note has at most ${NOTE_MAX} characters (this one has ${note.length}).`,
    );
  if ([boxes, dc, tractors, speed, r.crippled, note].every((x) => x === undefined))
    refuse(
      'condition/nothing',
      'UTD7.47',
      'Report at least one of boxes destroyed, damage control, speed, tractors, crippled or a note.',
    );
  let wrecked = ship.wrecked;
  if (speed !== undefined) {
    if (!unit?.maxSpeed)
      refuse(
        'condition/no-max-speed',
        'UTD7.47',
        `The catalog gives no maximum speed for ${ship.unitId}, so its speed cannot be judged.`,
        'Ask the campaign admin to fill `max_speed` in the catalog.',
      );
    const wreck = isWreckSpeed(unit.maxSpeed, speed);
    if (ship.wrecked && !wreck)
      refuse(
        'condition/repair-clears',
        'UTD7.47',
        `${ship.unitId} (${ship.id}) is wrecked; a report cannot raise its speed above ${wreckThreshold(unit.maxSpeed)}.`,
        'Repairs do: campaign self-repair (`/ship selfrepair`, UTD7.53), D9.4 at a colony (UTD4.335) or an overhaul (UTD6.374).',
      );
    wrecked = wreck;
  }
  if (r.crippled === false && ship.crippled)
    refuse(
      'condition/repair-clears',
      'UTD7.5',
      `${ship.unitId} (${ship.id}) is crippled; only a repair clears that.`,
      'Self-repair (`/ship selfrepair … uncrippled:true`), D9.4 (UTD4.335) or an overhaul (UTD6.374).',
    );
  const crippled = ship.crippled || r.crippled === true || wrecked;
  const c: ShipCondition = { ...ship.condition };
  if (boxes !== undefined) c.boxesDestroyed = boxes;
  if (dc !== undefined) c.damageControl = dc;
  if (tractors !== undefined) c.tractors = tractors;
  if (speed !== undefined) c.speed = speed;
  if (note !== undefined) c.note = note;
  emit(
    d,
    p,
    ship,
    note !== undefined && [boxes, dc, tractors, speed, r.crippled].every((x) => x === undefined) ? 'note' : 'report',
    c,
    { crippled, wrecked },
  );
}

/**
 * Fighters and PFs lost in a battle (UTD6.3B), as the owner reports them from the SFB game; they
 * come back by breaking out spares, the free restock of spares at step 3, or fast replacement.
 */
export function recordLosses(d: Decider, shipRef: string, fighters: number, pfs: number, p: Player): void {
  inPlay(d, 'UTD6.3B');
  const ship = ownShip(d, p, shipRef, 'UTD6.3B');
  const a = attritionOf(ship, d.ctx.catalog);
  const f = count(fighters, 'Fighters lost', 'UTD6.3B') ?? 0;
  const q = count(pfs, 'PFs lost', 'UTD6.3B') ?? 0;
  if (f + q === 0) refuse('attrition/nothing', 'UTD6.3B', 'Say how many fighters or PFs were lost.');
  if (f > a.fighters || q > a.pfs)
    refuse(
      'attrition/more-than-aboard',
      'UTD6.3B',
      `${ship.unitId} (${ship.id}) has ${a.fighters} fighter${a.fighters === 1 ? '' : 's'} and ${a.pfs} PF${a.pfs === 1 ? '' : 's'} aboard; it cannot lose ${f} and ${q}.`,
    );
  emit(
    d,
    p,
    ship,
    'losses',
    {
      ...ship.condition,
      fighters: a.fighters - f,
      fighterSpares: a.fighterSpares,
      pfs: a.pfs - q,
      pfSpares: a.pfSpares,
    },
    ship,
    { fighters: f, pfs: q },
  );
}

/**
 * UTD6.3B1 and UTD2.3(8): after combat a carrier or PF tender breaks out its spare fighters and
 * PFs to fill what is missing; the spares are then empty until resupply at step 3.
 */
export function breakOutSpares(d: Decider, shipRef: string, p: Player): void {
  inPlay(d, 'UTD6.3B1');
  const ship = ownShip(d, p, shipRef, 'UTD6.3B1');
  if (ship.uninspected)
    refuse(
      'attrition/uninspected',
      'UTD6.3773',
      `${ship.unitId} (${ship.id}) is a captured ship not yet inspected: it may use no system but unreinforced shields, and its bays are not yet fitted for your fighters (UTD6.3771).`,
    );
  const a = attritionOf(ship, d.ctx.catalog);
  const f = Math.min(a.fighterSpares, a.full.fighters - a.fighters);
  const q = Math.min(a.pfSpares, a.full.pfs - a.pfs);
  if (f + q <= 0) {
    refuse(
      'attrition/no-breakout',
      'UTD6.3B1',
      `${ship.unitId} (${ship.id}) has nothing to break out: ${a.fighters}/${a.full.fighters} fighters aboard with ${a.fighterSpares} spare${a.fighterSpares === 1 ? '' : 's'}, ${a.pfs}/${a.full.pfs} PFs with ${a.pfSpares}.`,
      'Spares restock for free at your step 3; `/ship replace` refills everything now (UTD6.3B2).',
    );
  }
  const condition: ShipCondition = {
    ...ship.condition,
    fighters: a.fighters + f,
    fighterSpares: a.fighterSpares - f,
    pfs: a.pfs + q,
    pfSpares: a.pfSpares - q,
  };
  checkFleetAfter(d.state, ship.fleetId, new Map([[ship.id, condition]]), d.ctx.catalog, 'UTD6.3B1');
  emit(d, p, ship, 'breakout', condition, ship, { fighters: f, pfs: q });
}

/** Expendables and attrition items used since resupply (UTD2.3(8)): tracked until the owner's step 3. */
export function recordExpended(d: Decider, shipRef: string, text: string, p: Player): void {
  inPlay(d, 'UTD2.3');
  const ship = ownShip(d, p, shipRef, 'UTD2.3');
  const items = text
    .split(/[,;\n]+/)
    .map((x) => x.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (items.length === 0)
    refuse('condition/nothing', 'UTD2.3', 'Name what was expended, e.g. `2 T-bombs, 1 suicide shuttle`.');
  const long = items.find((x) => x.length > ITEM_MAX);
  if (long)
    refuse('condition/item-long', 'UTD2.3', `One item has at most ${ITEM_MAX} characters: \`${long.slice(0, 30)}…\`.`);
  const all = [...(ship.condition?.expended ?? []), ...items];
  if (all.length > ITEMS_MAX)
    refuse(
      'condition/items-many',
      'UTD2.3',
      `At most ${ITEMS_MAX} items are kept per ship until resupply; ${ship.id} would have ${all.length}.`,
      'Combine them, e.g. `6 drones`.',
    );
  emit(d, p, ship, 'expend', { ...ship.condition, expended: all }, ship, { items });
}

/**
 * UTD7.53 CAMPAIGN SELF-REPAIR, once each campaign cycle, on the owner's turn (step 3 is over when
 * orders are given): at most as many boxes as the ship's current damage control; none at damage
 * control 0 and none for a captured ship not yet inspected (UTD6.3773, ISS-A83). A speed restored
 * above a quarter of the maximum ends the wreck; `uncrippled` records that the SFB repair left the
 * ship no longer crippled.
 */
export function selfRepair(
  d: Decider,
  shipRef: string,
  boxes: number,
  speed: number | undefined,
  uncrippled: boolean,
  p: Player,
): void {
  const ship = ownShip(d, p, shipRef, 'UTD7.53');
  const unit = d.ctx.catalog.get(ship.unitId);
  if (ship.uninspected)
    refuse(
      'repair/uninspected',
      'UTD6.3773',
      `${ship.unitId} (${ship.id}) is a captured ship not yet inspected: it cannot be repaired in any way, not even by itself.`,
      'Inspect it at a shipyard (`/yard inspect`, UTD6.377).',
    );
  if (ship.condition?.selfRepairedHalfCycle === d.state.halfCycles)
    refuse('repair/self-once', 'UTD7.53', `${ship.unitId} (${ship.id}) already repaired itself this campaign cycle.`);
  const dc = currentDamageControl(ship, unit);
  if (dc === 0)
    refuse(
      'repair/no-damage-control',
      'UTD7.53',
      `${ship.unitId} (${ship.id}) has a damage control rating of 0, so it cannot repair itself.`,
      ship.condition?.damageControl === undefined
        ? 'If the catalog lacks it, report the rating first (`/ship report damage_control:`).'
        : undefined,
    );
  if (!Number.isInteger(boxes) || boxes < 1) refuse('condition/bad-number', 'UTD7.53', 'Repair at least one box.');
  if (boxes > dc)
    refuse(
      'repair/over-damage-control',
      'UTD7.53',
      `${ship.unitId} (${ship.id}) repairs at most ${dc} box${dc === 1 ? '' : 'es'} (its current damage control); you reported ${boxes}.`,
    );
  const destroyed = ship.condition?.boxesDestroyed;
  if (destroyed !== undefined && boxes > destroyed)
    refuse(
      'repair/over-damage',
      'UTD7.53',
      `${ship.unitId} (${ship.id}) has ${destroyed} box${destroyed === 1 ? '' : 'es'} destroyed as last reported; it cannot repair ${boxes}.`,
    );
  let wrecked = ship.wrecked;
  if (speed !== undefined) {
    if (!unit?.maxSpeed)
      refuse(
        'condition/no-max-speed',
        'UTD7.47',
        `The catalog gives no maximum speed for ${ship.unitId}, so its speed cannot be judged.`,
      );
    count(speed, 'Current maximum speed', 'UTD7.47', unit.maxSpeed);
    wrecked = isWreckSpeed(unit.maxSpeed, speed);
  }
  if (uncrippled && wrecked)
    refuse(
      'repair/still-wrecked',
      'UTD7.47',
      `${ship.unitId} (${ship.id}) is still wrecked, so it is still crippled.`,
      'Give the speed the repairs restored (`speed:`).',
    );
  const crippled = uncrippled ? false : ship.crippled || wrecked;
  const c: ShipCondition = { ...ship.condition, selfRepairedHalfCycle: d.state.halfCycles };
  if (destroyed !== undefined) c.boxesDestroyed = destroyed - boxes;
  if (speed !== undefined) c.speed = speed;
  emit(d, p, ship, 'self-repair', c, { crippled, wrecked }, { boxes });
}
