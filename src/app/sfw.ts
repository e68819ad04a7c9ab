import { SeededDice } from '../rules/dice.ts';
import { refuse } from '../rules/errors.ts';
import {
  buildMaatacFortress,
  capTacTurn,
  checkMaatacMadMove,
  checkMaatacTarget,
  craftTurn,
  findCraft,
  SAPS,
  STARBOMBERS,
  type CapTacResult,
  type CraftKind,
  type CraftTurnResult,
  type MaatacFortress,
  type MaatacModule,
  allocateFortress,
  bestDefense,
  buildFortress,
  checkPowerAllocation,
  cidsPools,
  maxFactors,
  MODULE_TYPES,
  REPAIR_TYPES,
  repairOutcome,
  secretRoll,
  SFW_SHIP_TYPES,
  specialDamageFor,
  verifySecretRoll,
  type CidsLoan,
  type CidsPool,
  type Fortress,
  type FortressAllocation,
  type FortressModuleInput,
  type ModuleType,
  type PowerAllocation,
  type RepairOutcome,
  type RepairType,
  type SecretRollReveal,
  type SfwShip,
  type SfwShipType,
  type SpecialDamageResult,
} from '../rules/sfw/index.ts';
import { battleByRef, openBattle, sideOfUser } from '../rules/thunderdome/battles/common.ts';
import type { Actor } from '../rules/thunderdome/index.ts';
import { readAid, updateAid, type AidResult } from './aids.ts';
import { guarded, type Outcome } from './errors.ts';
import { battleSubject } from './n3d.ts';
import type { AppContext } from './context.ts';
import type { CommandTarget } from './run-command.ts';

/**
 * `/sfw` (digest P-C1, P-C2): Starfleet Wars power and starfortress calculators
 * (stateless), and the secret Special Damage and Damage Control rolls of a battle. A secret roll
 * goes to its owner only; the channel sees its commitment; the reveals are kept in the battle's
 * private aid row and published once the battle is resolved, for anyone to verify.
 */

/** Ship types of the power calculator (SGD gets its bonuses; SGD, SB, SAPS max speed 5). */
export const SFW_SHIP_TYPE_CHOICES = SFW_SHIP_TYPES.map((t) => ({ name: t, value: t }));
/** What a damage-control team repairs (SFW Damage Control Table). */
export const REPAIR_TYPE_CHOICES = REPAIR_TYPES.map((t) => ({ name: t, value: t }));

// ---- Stateless calculators ----

/** A power allocation as `/sfw power` gives it (option names as in the definition). */
export interface PowerRequest {
  pu: number;
  speed: number;
  of: number;
  df: number;
  damage?: number;
  type?: SfwShipType;
  max_of?: number;
  max_df?: number;
  max_speed?: number;
  addl_of?: number;
  addl_df?: number;
  extra_pu?: number;
}

export interface PowerAnswer {
  ship: SfwShip;
  allocation: PowerAllocation;
  /** The best DF the PU left after speed and OF can buy. */
  bestDf: number;
}

export function checkPower(req: PowerRequest): Outcome<PowerAnswer> {
  return guarded(() => {
    const type = req.type ?? 'GD';
    const optional = {
      maxOF: req.max_of,
      maxDF: req.max_df,
      maxSpeed: req.max_speed,
      addlOF: req.addl_of,
      addlDF: req.addl_df,
    };
    const ship: SfwShip = {
      name: req.type ? `The ${type}` : 'The ship',
      type,
      maxPU: req.pu,
      ...(Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)) as Partial<SfwShip>),
    };
    const damage = req.damage ?? 0;
    const extra = req.extra_pu ?? 0;
    const request = { speed: req.speed, of: req.of, df: req.df };
    const allocation = checkPowerAllocation(ship, damage, request, undefined, extra);
    return { ship, allocation, bestDf: bestDefense(ship, damage, request.speed, request.of, extra) };
  });
}

const MODULE = /^([A-Za-z0-9_.-]{1,20})\s*:\s*([A-Za-z]{2,4})(?:\s*:\s*(\d{1,6}))?(?:\s*@\s*([A-Za-z0-9_.-]{1,20}))?$/;

function fortressModules(text: string): FortressModuleInput[] {
  return text
    .split(/[,;\n]/)
    .map((x) => x.trim())
    .filter(Boolean)
    .map((entry) => {
      const m = MODULE.exec(entry);
      const type = m?.[2]?.toUpperCase();
      if (!m || !MODULE_TYPES.includes(type as ModuleType))
        refuse(
          'sfw/bad-module',
          'SFW Starfortress',
          `"${entry.slice(0, 40)}" is not a module: write id:TYPE, id:TYPE:damage or id:MAD@host.`,
          `Types: ${MODULE_TYPES.join(', ')}.`,
        );
      return {
        id: m[1]!,
        type: type as ModuleType,
        ...(m[3] ? { damage: Number(m[3]) } : {}),
        ...(m[4] ? { on: m[4] } : {}),
      };
    });
}

function pairs(text: string, sep: RegExp, size: number, what: string, example: string): string[][] {
  return text
    .split(/[,;\n]/)
    .map((x) => x.trim())
    .filter(Boolean)
    .map((entry) => {
      const parts = entry.split(sep).map((p) => p.trim());
      if (parts.length !== size || parts.some((p) => !p))
        refuse('sfw/bad-list', 'SFW Starfortress', `"${entry.slice(0, 40)}" is not ${what}.`, `Write e.g. ${example}.`);
      return parts;
    });
}

/** A starfortress as `/sfw fortress` gives it (option names as in the definition). */
export interface FortressRequest {
  modules: string;
  adjacent?: string;
  of?: number;
  df?: number;
  cids?: string;
  name?: string;
}

export interface FortressAnswer {
  fortress: Fortress;
  allocation: FortressAllocation | null;
  /** The CIDS pools after the loans, when loans were given. */
  pools: Record<string, CidsPool> | null;
}

export function buildStarfortress(req: FortressRequest): Outcome<FortressAnswer> {
  return guarded(() => {
    const adjacent = pairs(req.adjacent ?? '', /\s*-\s*/, 2, 'a pair of touching modules', '"L1-W1"') as [
      string,
      string,
    ][];
    const f = buildFortress({
      modules: fortressModules(req.modules),
      adjacent,
      ...(req.name ? { name: req.name } : {}),
    });
    const allocation =
      req.of !== undefined
        ? allocateFortress(f, req.of, req.df)
        : f.knockedOut
          ? null
          : allocateFortress(f, Math.min(f.maxOF, maxFactors(f.pu)));
    const loans: CidsLoan[] = req.cids
      ? pairs(req.cids, /\s*:\s*/, 3, 'a loan from:to:rolls', '"W1:L1:6"').map(([from, to, rolls]) => ({
          from: from!,
          to: to!,
          rolls: Number(rolls),
        }))
      : [];
    return { fortress: f, allocation, pools: req.cids ? cidsPools(f, loans) : null };
  });
}

// ---- Starbombers, SAPS, CapTacs (stateless) ----

/** The crafts as choices: "SB20 STING". */
export const STARBOMBER_CHOICES = STARBOMBERS.map((c) => ({ name: `${c.number} ${c.name}`, value: c.number }));
export const SAPS_CHOICES = SAPS.map((c) => ({ name: `${c.number} ${c.name}`, value: c.number }));

/** `/sfw starbomber` and `/sfw saps` (option names as in the definition). */
export interface CraftRequest {
  craft: string;
  speed?: number;
  lasers?: number;
  laser_range?: number;
  laser_target?: SfwShipType;
  launch?: number;
  reloads?: number;
  pw_hits?: number;
  target_pu?: number;
  target_damage?: number;
  heavy_hits?: number;
  light_hits?: number;
}

export function craftCalculation(kind: CraftKind, req: CraftRequest): Outcome<CraftTurnResult> {
  return guarded(() =>
    craftTurn({
      craft: findCraft(kind, req.craft),
      ...(req.speed !== undefined ? { speed: req.speed } : {}),
      ...(req.lasers !== undefined ? { laserShots: req.lasers } : {}),
      ...(req.laser_range !== undefined ? { laserRange: req.laser_range } : {}),
      ...(req.laser_target !== undefined ? { laserTarget: req.laser_target } : {}),
      ...(req.launch !== undefined ? { pwLaunched: req.launch } : {}),
      ...(req.reloads !== undefined ? { reloadsBefore: req.reloads } : {}),
      ...(req.pw_hits !== undefined ? { pwHits: req.pw_hits } : {}),
      ...(req.target_pu !== undefined ? { targetPU: req.target_pu } : {}),
      ...(req.target_damage !== undefined ? { targetDamage: req.target_damage } : {}),
      hitsTaken: { heavy: req.heavy_hits ?? 0, light: req.light_hits ?? 0 },
    }),
  );
}

/** `/sfw captac` (option names as in the definition). */
export interface CapTacRequest {
  towed?: number;
  tow_speed?: number;
  range?: number;
  hits?: number;
  target_pu?: number;
  target_damage?: number;
  shot_down?: number;
  tower_pu?: number;
  tower_damage?: number;
  activate_from?: number;
}

export function capTacCalculation(req: CapTacRequest): Outcome<CapTacResult> {
  return guarded(() =>
    capTacTurn({
      ...(req.towed !== undefined ? { towed: req.towed } : {}),
      ...(req.tow_speed !== undefined ? { towSpeed: req.tow_speed } : {}),
      ...(req.range !== undefined ? { range: req.range } : {}),
      ...(req.hits !== undefined ? { hits: req.hits } : {}),
      ...(req.target_pu !== undefined ? { targetPU: req.target_pu } : {}),
      ...(req.target_damage !== undefined ? { targetDamage: req.target_damage } : {}),
      ...(req.shot_down !== undefined ? { shotDownInTow: req.shot_down } : {}),
      ...(req.tower_pu !== undefined ? { towerPU: req.tower_pu } : {}),
      ...(req.tower_damage !== undefined ? { towerDamage: req.tower_damage } : {}),
      ...(req.activate_from !== undefined ? { activateFrom: req.activate_from } : {}),
    }),
  );
}

// ---- MAATAC fortresses (stateless) ----

/** `/sfw maatac` (option names as in the definition). */
export interface MaatacRequest {
  modules: string;
  behind?: string;
  adjacent?: string;
  destroyed?: string;
  garrison?: string;
  immobile?: string;
  target?: string;
  /** "M1>S1" (onto an adjacent module) or "M1>out" (as a MAATAC). */
  move?: string;
}

export interface MaatacAnswer {
  fortress: MaatacFortress;
  target: MaatacModule | null;
  move: { mad: string; to: string | null } | null;
}

const MAATAC_RULE_NAME = 'SFW Fortresses in MAATAC';

function idList(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[,;\s]+/)
    .map((x) => x.trim())
    .filter(Boolean);
}

export function maatacFortress(req: MaatacRequest): Outcome<MaatacAnswer> {
  return guarded(() => {
    const destroyed = new Set(idList(req.destroyed));
    const immobile = new Set(idList(req.immobile));
    const garrison = new Map(
      pairs(req.garrison ?? '', /\s*:\s*/, 2, 'a module and its garrison', '"L1:3"').map(([id, n]) => {
        if (!/^\d{1,3}$/.test(n!))
          refuse('sfw/garrison', MAATAC_RULE_NAME, `The garrison of ${id} must be a whole number (got "${n}").`);
        return [id!, Number(n)] as const;
      }),
    );
    const modules = fortressModules(req.modules).map((m) => {
      if (m.damage !== undefined)
        refuse(
          'sfw/bad-module',
          MAATAC_RULE_NAME,
          `A MAATAC module is standing or destroyed (any penetration destroys it): list it in destroyed:, not as ${m.id}:${m.type}:${m.damage}.`,
        );
      return {
        id: m.id,
        type: m.type,
        ...(m.on ? { on: m.on } : {}),
        ...(destroyed.has(m.id) ? { destroyed: true } : {}),
        ...(garrison.has(m.id) ? { garrison: garrison.get(m.id)! } : {}),
        ...(immobile.has(m.id) ? { immobile: true } : {}),
      };
    });
    const ids = new Set(modules.map((m) => m.id));
    for (const id of [...destroyed, ...immobile, ...garrison.keys()])
      if (!ids.has(id)) refuse('sfw/unknown-module', MAATAC_RULE_NAME, `${id} is not one of the modules.`);
    const fortress = buildMaatacFortress({
      modules,
      behind: pairs(req.behind ?? '', /\s*<\s*/, 2, 'a hidden module and the one in front', '"L1<W1"') as [
        string,
        string,
      ][],
      adjacent: pairs(req.adjacent ?? '', /\s*-\s*/, 2, 'a pair of touching modules', '"L1-W1"') as [string, string][],
    });
    const target = req.target ? checkMaatacTarget(fortress, req.target.trim()) : null;
    let move: MaatacAnswer['move'] = null;
    if (req.move) {
      const [mad, to] = pairs(req.move, /\s*>\s*/, 2, 'a MAD move', '"M1>S1" or "M1>out"')[0]!;
      const dest = to!.toLowerCase() === 'out' ? null : to!;
      checkMaatacMadMove(fortress, mad!, dest);
      move = { mad: mad!, to: dest };
    }
    return { fortress, target, move };
  });
}

// ---- Secret rolls ----

export interface SecretRollRecord {
  n: number;
  by: string;
  ship: string;
  table: 'special-damage' | 'damage-control';
  repair?: RepairType;
  turn?: number;
  commitment: string;
  reveal: SecretRollReveal;
  at: string;
  /** The die was forced by a test hook (playground): the reveal still matches, but it was not random. */
  forced?: true;
}

export interface SfwRollsAid {
  rolls: SecretRollRecord[];
}

export function parseRollsAid(json: unknown): SfwRollsAid {
  const rolls = (json as { rolls?: unknown } | null)?.rolls;
  if (
    !Array.isArray(rolls) ||
    rolls.some(
      (r) =>
        typeof r !== 'object' ||
        r === null ||
        typeof (r as SecretRollRecord).commitment !== 'string' ||
        typeof (r as SecretRollRecord).reveal?.nonce !== 'string',
    )
  ) {
    refuse('sfw/bad-state', 'SFW Special Damage Table', 'The stored secret rolls of this battle are not valid.');
  }
  return { rolls: rolls as SecretRollRecord[] };
}

/** What a roll means: a Special Damage result, or a Damage Control outcome. */
export interface RollOutcome {
  special: SpecialDamageResult | null;
  repair: RepairOutcome | null;
}

export function rollOutcome(r: SecretRollRecord): RollOutcome {
  return r.table === 'special-damage'
    ? { special: specialDamageFor(r.reveal.result), repair: null }
    : { special: null, repair: repairOutcome(r.repair!, r.reveal.result) };
}

export interface SecretRollRequest {
  ship: string;
  turn?: number;
  table: SecretRollRecord['table'];
  /** Damage Control only: what the team repairs. */
  repair?: RepairType;
}

/** Makes one secret roll for a ship of the battle and keeps it in the battle's private aid row. */
export async function makeSecretRoll(
  app: AppContext,
  target: CommandTarget,
  actor: Actor,
  ref: string,
  req: SecretRollRequest,
  interactionId: string,
): Promise<AidResult<{ battle: string; record: SecretRollRecord; outcome: RollOutcome }>> {
  const me = actor.userId;
  const ship = req.ship.trim();
  const { table, repair } = req;
  const turn = req.turn ?? null;
  // A fresh secret per roll: it hides the result inside the commitment until the reveal, and seeds the die.
  const nonce = app.seeds.newSeed();
  const key = { channelId: target.channelId, subject: battleSubject(ref), kind: 'sfw-rolls' as const };
  return updateAid(
    app,
    key,
    parseRollsAid,
    ({ state, payload, now }) => {
      const b = openBattle(state, ref);
      if (sideOfUser(b, me) === null)
        refuse(
          'sfw/not-in-battle',
          'UTD7.42',
          `Only the players of battle ${b.id} (and the NPE's runner) roll for its ships.`,
        );
      if (!ship) refuse('sfw/no-ship', 'SFW Special Damage Table', 'Name the ship the roll is for.');
      const rolls = payload?.rolls ?? [];
      const n = rolls.length + 1;
      const purpose = `battle ${b.id} roll ${n}: ${table === 'special-damage' ? 'Special Damage' : `Damage Control ${repair}`} for ${ship}${turn !== null ? `, turn ${turn}` : ''}`;
      const dice = new SeededDice(nonce, 1, app.testHooks?.forcedDice ?? []);
      const roll = secretRoll(dice, purpose, nonce);
      const record: SecretRollRecord = {
        n,
        by: me,
        ship,
        table,
        ...(repair ? { repair } : {}),
        ...(turn !== null ? { turn } : {}),
        commitment: roll.commitment,
        reveal: roll.reveal,
        at: now.toISOString(),
        ...(dice.records.some((r) => r.forced) ? { forced: true as const } : {}),
      };
      return { payload: { rolls: [...rolls, record] }, value: { battle: b.id, record, outcome: rollOutcome(record) } };
    },
    { interactionId },
  );
}

export interface RevealedRoll {
  record: SecretRollRecord;
  outcome: RollOutcome;
  /** The reveal matches its commitment. */
  ok: boolean;
}

/** Every secret roll of a resolved battle, checked against its commitment; refused while the battle is open. */
export async function revealSecretRolls(
  app: AppContext,
  channelId: string,
  ref: string,
): Promise<Outcome<{ battle: string; rolls: RevealedRoll[] }>> {
  const read = await readAid(app, { channelId, subject: battleSubject(ref), kind: 'sfw-rolls' }, parseRollsAid);
  if (!read.ok) return read;
  const found = guarded(() => battleByRef(read.value.state, ref));
  if (!found.ok) return found;
  const b = found.value;
  if (b.status !== 'resolved') {
    return {
      ok: false,
      error: {
        code: 'sfw/battle-open',
        rule: 'SFW Special Damage Table',
        message: `The secret rolls of battle ${b.id} stay secret until it is resolved.`,
        hint: 'Each owner already has their own results.',
      },
    };
  }
  const rolls = (read.value.payload?.rolls ?? []).map((record) => ({
    record,
    outcome: rollOutcome(record),
    ok: verifySecretRoll(record.commitment, record.reveal),
  }));
  return { ok: true, value: { battle: b.id, rolls } };
}

/** Does a published reveal match the commitment posted with the roll? */
export function verifyRoll(commitment: string, reveal: SecretRollReveal): boolean {
  return verifySecretRoll(commitment.trim(), reveal);
}
