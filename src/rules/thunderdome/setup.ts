import { refuse } from '../errors.ts';
import { fleetLimit } from './lookup.ts';
import { bpv, bpvToString, type Bpv } from '../exact/bpv.ts';
import { formatMoveClass, mc } from '../exact/move-class.ts';
import { requireAdmin, type Decider } from './decider.ts';
import { EMPIRES, empireByKey, empireCode } from './empires.ts';
import { fairnessReport, generateSeededMap, parseMapJson, sectorsPerPlayerRange, type MapSpec } from './map/index.ts';
import type { Base, CampaignMap, CampaignState, Fleet, Player, Sector, Ship } from './state.ts';
import { beginTurn } from './turn.ts';
import { checkBuildable, maxFleets } from './navy-limits.ts';
import { yardsOf } from './shipyards/yards.ts';

import { requireEscorts } from './carriers.ts';
import type { UnitInfo } from './units.ts';
import { mcWithNewShip, newShipRecord, refuseOverFleetLimit } from './condition/attrition.ts';

/** UTD8.132: each player starts with 500 + 150·P BPV, P the number of players. */
export function startingBpv(players: number): Bpv {
  return bpv(500).add(bpv(150).mul(players));
}

function requireRegistration(state: CampaignState, what: string): void {
  if (state.status !== 'registration')
    refuse('campaign/started', 'UTD8.1', `**${state.name}** has already started, so you cannot ${what} now.`);
}

export function join(d: Decider, empireText: string): void {
  const state = d.state;
  const actor = d.ctx.actor;
  requireRegistration(state, 'join or change empire');
  const empire = empireByKey(empireText);
  const free = () =>
    EMPIRES.filter((e) => !state.players.some((p) => p.empire === e.key && p.id !== actor.userId)).map((e) => e.name);
  if (!empire)
    refuse(
      'empire/not-allowed',
      'UTD8.111',
      `\`${empireText.slice(0, 40)}\` is not an allowed empire.`,
      free().length ? `Allowed and free: ${free().join(', ')}.` : 'Every allowed empire is already played.',
    );
  const holder = state.players.find((p) => p.empire === empire.key);
  const me = state.players.find((p) => p.id === actor.userId);
  if (holder && holder.id !== actor.userId) {
    refuse(
      'empire/taken',
      'UTD8.113',
      `${empire.name} is already played by ${holder.name}; each empire has one player.`,
      me
        ? `Agree with ${holder.name} who takes it, or roll for it with \`/campaign contest empire:${empire.key}\` (UTD8.113).`
        : free().length
          ? `Agree with ${holder.name} who takes it; or join with a free empire (${free().join(', ')}) and roll for it with \`/campaign contest empire:${empire.key}\` (UTD8.113).`
          : `No empire is free to join with and contest from (UTD8.113): agree with ${holder.name} who takes it.`,
    );
  }
  if (me) {
    if (me.empire === empire.key)
      refuse('player/already-joined', 'UTD8.11', `You already play ${empire.name} in **${state.name}**.`);
    d.emit({ type: 'PlayerChangedEmpire', playerId: me.id, from: me.empire, to: empire.key });
    return;
  }
  const max = state.settings['players.max'];
  if (state.players.length >= max) refuse('campaign/full', 'UTD8.111', `**${state.name}** already has ${max} players.`);
  d.emit({ type: 'PlayerJoined', playerId: actor.userId, playerName: actor.displayName, empire: empire.key });
}

/**
 * UTD8.113: when two players want one empire and negotiation fails, a random roll decides. Both
 * are joining players: the challenger has joined with another empire (someone outside the
 * campaign cannot roll players out of it). Each rolls 1D6, re-rolling ties; the higher roll plays
 * the empire. The roll settles the pair's claim, so it is not repeated until the die falls the
 * other way; a losing holder takes the challenger's empire and may pick another free one.
 */
export function contestEmpire(d: Decider, empireText: string): void {
  const state = d.state;
  requireRegistration(state, 'contest an empire');
  const empire = empireByKey(empireText);
  if (!empire) refuse('empire/not-allowed', 'UTD8.111', `\`${empireText.slice(0, 40)}\` is not an allowed empire.`);
  const holder = state.players.find((p) => p.empire === empire.key);
  if (!holder)
    refuse('empire/free', 'UTD8.113', `${empire.name} is free: just \`/campaign join empire:${empire.key}\`.`);
  const me = d.ctx.actor;
  if (holder.id === me.userId) refuse('empire/own', 'UTD8.113', `You already play ${empire.name}.`);
  const challenger = state.players.find((p) => p.id === me.userId);
  if (!challenger)
    refuse(
      'empire/not-joining',
      'UTD8.113',
      `Only players joining **${state.name}** contest an empire.`,
      'Join first with a free empire (`/campaign join`), then contest the one you want.',
    );
  const settled = (state.settledContests ?? []).find(
    (c) => c.empire === empire.key && c.players.includes(holder.id) && c.players.includes(challenger.id),
  );
  if (settled) {
    const winner = state.players.find((p) => p.id === settled.winner)?.name ?? 'the winner';
    refuse(
      'empire/contest-settled',
      'UTD8.113',
      `${holder.name} and ${challenger.name} already rolled for ${empire.name}: ${winner} won, and one roll settles it.`,
      'Pick another free empire with `/campaign join`.',
    );
  }
  const rolls: [number, number][] = [];
  for (;;) {
    const [a, b] = [
      d.ctx.dice.roll(6, 1, `empire contest (UTD8.113): ${holder.name} for ${empire.name}`)[0]!,
      d.ctx.dice.roll(6, 1, `empire contest (UTD8.113): ${me.displayName} for ${empire.name}`)[0]!,
    ];
    rolls.push([a, b]);
    if (a !== b) break;
  }
  const [h, c] = rolls.at(-1)!;
  d.emit({
    type: 'EmpireContested',
    empire: empire.key,
    holder: holder.id,
    challenger: me.userId,
    challengerName: me.displayName,
    rolls,
    winner: c > h ? me.userId : holder.id,
    challengerEmpire: challenger.empire,
  });
}

export function leave(d: Decider): void {
  requireRegistration(d.state, 'leave that way (resign instead, UTD3.91)');
  if (!d.state.players.some((p) => p.id === d.ctx.actor.userId))
    refuse('player/not-joined', 'UTD8.11', `You have not joined **${d.state.name}**.`);
  d.emit({ type: 'PlayerLeft', playerId: d.ctx.actor.userId });
}

/** UTD8.16 / ISS-A105: the admin enters or generates the map; every player must then approve it. */
export function setMap(
  d: Decider,
  source: { kind: 'import'; json: string } | { kind: 'generate'; sectorsPerPlayer: number },
): void {
  const state = d.state;
  requireRegistration(state, 'change the map');
  requireAdmin(state, d.ctx, 'set the map');
  const P = state.players.length;
  if (P < state.settings['players.min'])
    refuse(
      'map/too-few-players',
      'UTD8.16',
      `The map is made for the players who joined; ${P} is not enough.`,
      'Let everyone join first, then set the map.',
    );
  let spec: MapSpec;
  let label: string;
  if (source.kind === 'import') {
    const parsed = parseMapJson(source.json, P);
    if (!parsed.ok) {
      const shown = parsed.errors.slice(0, 5).map((e) => `• ${e.path ? `${e.path}: ` : ''}${e.message}`);
      refuse(
        'map/invalid',
        parsed.errors[0]?.rule ?? 'UTD4.1',
        `The map file was refused:\n${shown.join('\n')}${parsed.errors.length > 5 ? `\n…and ${parsed.errors.length - 5} more` : ''}`,
      );
    }
    spec = parsed.map;
    label = 'imported file';
  } else {
    // Checked before the seed is rolled, so a refused size rolls no die; worded with the option's name.
    const range = sectorsPerPlayerRange(P);
    const n = source.sectorsPerPlayer;
    if (!Number.isInteger(n) || n < range.min || n > range.max)
      refuse(
        'map/bad-size',
        'UTD8.16',
        `\`sectors_per_player\` must be ${range.min} to ${range.max} for ${P} players (the generated map holds at most ${range.max * P} sectors); you gave ${n}.`,
        `Run \`/map generate sectors_per_player:${Math.min(Math.max(Number.isFinite(n) ? Math.round(n) : range.min, range.min), range.max)}\`.`,
      );
    const seed = d.ctx.dice.roll(2_147_483_647, 1, 'map generator seed (UTD8.16)')[0]!;
    try {
      spec = (d.ctx.generateMap ?? generateSeededMap)({ players: P, sectorsPerPlayer: n, seed });
    } catch (err) {
      // The generator's own refusal of a size; anything else (a generator made elsewhere that has
      // not answered yet, a fault) is not a ruling and goes up.
      if (!(err instanceof RangeError)) throw err;
      refuse('map/bad-size', 'UTD8.16', err.message);
    }
    label = `generated for ${P} players, ${source.sectorsPerPlayer} sectors each, seed ${seed}`;
  }
  const report = fairnessReport(spec);
  const map: Omit<CampaignMap, 'approvals' | 'approved'> = {
    title: spec.title ?? null,
    source: label,
    lanes: spec.lanes.map(([a, b]) => [a, b]),
    sectors: spec.sectors.map((s) => newSector(s.key, s.name ?? null, s.x ?? null, s.y ?? null, s.home ?? null)),
    fairness: report.summary,
  };
  d.emit({ type: 'MapSet', map });
}

function newSector(
  key: string,
  name: string | null,
  x: number | null,
  y: number | null,
  homeSlot: number | null,
): Sector {
  return {
    key,
    name,
    namedBy: null,
    nameStatus: name ? 'named' : 'unnamed',
    x,
    y,
    type: homeSlot === null ? 'unknown' : 'home',
    homeSlot,
    homeOf: null,
    terrain: [],
    overlays: [],
    exploredBy: null,
    exploredHalfCycle: null,
    owner: null,
    ownedSinceHalfCycle: null,
    colony: null,
    mine: null,
    fort: null,
    npe: null,
    containers: [],
  };
}

/** UTD8.16: the map must be approved unanimously by the players before the start. */
export function approveMap(d: Decider, me: Player): void {
  const state = d.state;
  requireRegistration(state, 'approve the map');
  if (!state.map)
    refuse(
      'map/none',
      'UTD8.16',
      'There is no map to approve yet.',
      'The creator sets one with `/map generate` or `/map import`.',
    );
  if (state.map.approvals.includes(me.id)) refuse('map/already-approved', 'UTD8.16', 'You already approved this map.');
  const unanimous = state.players.every((p) => p.id === me.id || state.map!.approvals.includes(p.id));
  d.emit({ type: 'MapApproved', playerId: me.id, unanimous });
}

/**
 * Starts the setup: turn order by D1000 (UTD8.14), homes by seat, the starting forces of UTD8.13
 * (capital with its F-RL, home defenses, developed colony, mine and fort) and 500 + 150·P BPV.
 * Players then buy their initial ships (ISS-A103) and declare themselves ready.
 */
export function start(d: Decider): void {
  const state = d.state;
  requireRegistration(state, 'start it again');
  requireAdmin(state, d.ctx, 'start the campaign');
  const min = state.settings['players.min'];
  const P = state.players.length;
  if (P < min)
    refuse(
      'campaign/too-few-players',
      'UTD8.132',
      `A campaign needs at least ${min} players; **${state.name}** has ${P}.`,
      'Ask players to `/campaign join`.',
    );
  const map = state.map;
  if (!map)
    refuse(
      'map/none',
      'UTD8.16',
      'The campaign has no map yet.',
      'Set one with `/map generate` or `/map import`, then every player approves it with `/map approve`.',
    );
  const homes = map.sectors.filter((s) => s.homeSlot !== null);
  if (homes.length !== P)
    refuse(
      'map/homes',
      'UTD8.15',
      `The map has ${homes.length} home sectors but there are ${P} players.`,
      'Set the map again for the players who joined.',
    );
  if (!map.approved) {
    const missing = state.players.filter((p) => !map.approvals.includes(p.id)).map((p) => p.name);
    refuse(
      'map/not-approved',
      'UTD8.16',
      `The map is not approved unanimously yet: waiting for ${missing.join(', ')}.`,
      'Each player runs `/map approve` or reacts ✅ on the map approval message.',
    );
  }
  const order = rollTurnOrder(state, d);
  d.emit(order);
  const homeOf = order.order.map((playerId, i) => ({ playerId, sector: homes.find((h) => h.homeSlot === i)!.key }));
  let next = state.nextId;
  const id = (prefix: string) => `${prefix}${next++}`;
  const bases: Base[] = [];
  const allowances: { playerId: string; bpv: string }[] = [];
  for (const { playerId, sector } of homeOf) {
    const p = state.players.find((x) => x.id === playerId)!;
    const add = (unit: UnitInfo | undefined, role: Base['role'], what: string, rule: string) => {
      if (!unit)
        refuse(
          'catalog/missing',
          rule,
          `The ship catalog has no ${what} for the ${p.empire} or neutral units, so the starting forces cannot be placed.`,
          'Import a catalog that has it.',
        );
      bases.push({ id: id('B'), owner: playerId, unitId: unit.unitId, sector, role, bpv: '0', pending: false });
    };
    add(
      findUnit(d, p, (u) => u.unitKind === 'capital_lcd'),
      'capital',
      'capital (LCD)',
      'UTD8.131',
    );
    add(
      findUnit(d, p, (u) => u.repairFreighter === 'large'),
      'capital-rf',
      'large repair freighter',
      'UTD8.133',
    );
    const monitor = findUnit(d, p, (u) => u.unitKind === 'monitor');
    if (monitor) add(monitor, 'defense', 'monitor', 'UTD8.134');
    else allowances.push({ playerId, bpv: '165' });
    for (let i = 0; i < 3; i++)
      add(
        findUnit(d, p, (u) => u.unitKind === 'ground_base' && u.groundBaseSize === 'small'),
        'defense',
        'GBDP',
        'UTD8.134',
      );
    for (let i = 0; i < 3; i++)
      add(
        findUnit(d, p, (u) => u.unitKind === 'defsat'),
        'defense',
        'DefSat',
        'UTD8.134',
      );
  }
  d.emit({
    type: 'SetupBegan',
    startingBpv: bpvToString(startingBpv(P)),
    homes: homeOf,
    bases,
    allowances,
    nextId: next,
  });
}

/** The player's own empire's unit of a role, else a neutral one (UTD8.113: one empire each). */
function findUnit(d: Decider, p: Player, test: (u: UnitInfo) => boolean): UnitInfo | undefined {
  const code = empireCode(p.empire);
  const all = d.ctx.catalog.all().filter(test);
  return all.find((u) => u.empire === code) ?? all.find((u) => u.empire === 'NEU');
}

/**
 * UTD8.14: every player rolls D1000; play runs from highest to lowest. Players who tie re-roll
 * among themselves until the tie is broken (ISS-A104); every roll is kept.
 */
export function rollTurnOrder(
  state: CampaignState,
  d: Pick<Decider, 'ctx'>,
): Extract<import('./events.ts').CampaignEvent, { type: 'TurnOrderRolled' }> {
  const rolls = new Map(state.players.map((p) => [p.id, [] as number[]]));
  const nameOf = (id: string) => state.players.find((p) => p.id === id)?.name ?? id;
  const rank = (ids: string[]): string[] => {
    for (const id of ids) rolls.get(id)!.push(d.ctx.dice.roll(1000, 1, `turn order (UTD8.14): ${nameOf(id)}`)[0]!);
    const last = (id: string) => rolls.get(id)!.at(-1)!;
    const groups = new Map<number, string[]>();
    for (const id of ids) groups.set(last(id), [...(groups.get(last(id)) ?? []), id]);
    return [...groups.entries()].sort((a, b) => b[0] - a[0]).flatMap(([, g]) => (g.length > 1 ? rank(g) : g));
  };
  const order = rank(state.players.map((p) => p.id));
  return { type: 'TurnOrderRolled', rolls: order.map((id) => ({ playerId: id, rolls: rolls.get(id)! })), order };
}

/** Puts a new ship into a fleet at `sector`: the named slot, else the first fleet with room, else a new fleet. */
export function placeInFleet(
  d: Decider,
  p: Player,
  unit: UnitInfo,
  sector: string,
  slot: number | null,
): { fleet: Fleet | null; fleetId: string } {
  const state = d.state;
  const mine = state.fleets.filter((f) => f.owner === p.id);
  const room = (f: Fleet) =>
    mcWithNewShip(
      state.ships.filter((s) => s.fleetId === f.id),
      unit.unitId,
      d.ctx.catalog,
    ) <= fleetLimit(state);
  const max = maxFleets(state, p);
  if (slot !== null) {
    if (!Number.isInteger(slot) || slot < 1 || slot > max)
      refuse('fleet/bad-slot', 'UTD7.21', `Fleet slots run from 1 to ${max}.`);
    const f = mine.find((x) => x.slot === slot);
    if (f) {
      if (f.sector !== sector) refuse('fleet/elsewhere', 'UTD6.3734', `Fleet ${slot} is not in ${sector}.`);
      refuseOverFleetLimit(
        [...state.ships.filter((s) => s.fleetId === f.id), newShipRecord(unit.unitId)],
        d.ctx.catalog,
        fleetLimit(state),
        `With ${unit.name} fleet ${slot}`,
        { hint: 'Choose another fleet or a new one.' },
      );
      return { fleet: null, fleetId: f.id };
    }
    return { fleet: newFleet(d, p, slot, sector), fleetId: `F${d.state.nextId}` };
  }
  const existing = mine.find((f) => f.sector === sector && room(f));
  if (existing) return { fleet: null, fleetId: existing.id };
  const used = new Set(mine.map((f) => f.slot));
  const free = Array.from({ length: max }, (_, i) => i + 1).find((n) => !used.has(n));
  if (free === undefined)
    refuse(
      'fleet/none-free',
      'UTD7.21',
      `All ${max} of your fleets are in use and none here has room for ${unit.name}.`,
      'Buy an extra fleet (UTD7.22) or organize your fleets.',
    );
  return { fleet: newFleet(d, p, free, sector), fleetId: `F${d.state.nextId}` };
}

function newFleet(d: Decider, p: Player, slot: number, sector: string): Fleet {
  return {
    id: `F${d.state.nextId}`,
    owner: p.id,
    slot,
    sector,
    startSector: sector,
    pinned: false,
    establishing: false,
    trapped: null,
    releasedFromHalfCycle: null,
    claimSector: null,
  };
}

/**
 * UTD8.134 with ISS-A102: an empire without a monitor chooses 165 BPV of warships instead, free;
 * they are defending ships that never leave the home sector.
 */
export function chooseDefendingShip(d: Decider, unitId: string, p: Player): void {
  const state = d.state;
  if (state.status !== 'setup') refuse('setup/not-now', 'UTD8.134', 'Defending ships are chosen during the setup.');
  const unit = checkBuildable(d, p, unitId);
  if (unit.unitKind !== 'warship') refuse('setup/not-warship', 'UTD8.134', `${unit.name} is not a warship.`);
  const left = bpv(p.defenseAllowance);
  if (left.lte(0))
    refuse(
      'setup/no-allowance',
      'UTD8.134',
      'Your home has a monitor; defending ships replace a monitor only for empires that have none.',
    );
  if (bpv(unit.bpv).gt(left))
    refuse(
      'setup/allowance',
      'UTD8.134',
      `${unit.name} (${unit.bpv} BPV) exceeds the ${p.defenseAllowance} BPV of defending ships left.`,
    );
  const base: Base = {
    id: `B${state.nextId}`,
    owner: p.id,
    unitId: unit.unitId,
    sector: p.homeSector!,
    role: 'defending-ship',
    bpv: '0',
    pending: false,
  };
  d.emit({ type: 'DefendingShipChosen', base, allowanceLeft: bpvToString(left.sub(unit.bpv)) });
}

/**
 * ISS-A103: the setup purchase of initial ships, from the bank, into fleets at home; no order
 * points, and no yard capacity unless `setup.purchaseIgnoresCapacity` is off: then the ships
 * bought in the setup fit, by MC, within the capacity of the home yards (the capital's 2, UTD4.3234).
 */
export function setupBuy(d: Decider, unitId: string, slot: number | null, p: Player): void {
  const state = d.state;
  if (state.status !== 'setup')
    refuse(
      'setup/not-now',
      'UTD8.1',
      'Initial forces are bought during the setup, after `/campaign start` and before the first turn.',
    );
  if (p.ready)
    refuse(
      'setup/already-ready',
      'UTD8.1',
      'You declared your forces ready; run `/setup ready ready:false` first to change them.',
    );
  const unit = checkBuildable(d, p, unitId);
  if (bpv(unit.bpv).gt(p.bank))
    refuse('bank/insufficient', 'UTD8.132', `${unit.name} costs ${unit.bpv} BPV; your bank holds ${p.bank}.`);
  const home = p.homeSector!;
  if (!state.settings['setup.purchaseIgnoresCapacity']) {
    // Every ship a player has during the setup was bought in it (the starting forces are bases, UTD8.13).
    const capacity = yardsOf(state, p.id, d.ctx.catalog, { sector: home }).reduce((sum, y) => sum + y.capacity, 0);
    const used = state.ships
      .filter((s) => s.owner === p.id)
      .reduce((sum, s) => sum + (d.ctx.catalog.get(s.unitId)?.mc ?? 0), 0);
    if (used + unit.mc > capacity)
      refuse(
        'setup/yard-capacity',
        'ISS-A103',
        `${unit.name} (MC ${formatMoveClass(mc(unit.mc))}) does not fit: your home yards build MC ${formatMoveClass(mc(capacity))} in the setup and ${formatMoveClass(mc(used))} is bought (setup.purchaseIgnoresCapacity is off).`,
      );
  }
  const placed = placeInFleet(d, p, unit, home, slot);
  const shipId = `S${d.state.nextId + (placed.fleet ? 1 : 0)}`;
  const ship: Ship = {
    id: shipId,
    owner: p.id,
    unitId: unit.unitId,
    fleetId: placed.fleetId,
    sector: home,
    crippled: false,
    wrecked: false,
    d94Used: false,
    captured: false,
    uninspected: false,
    bpv: unit.bpv,
  };
  d.emit({ type: 'ShipBought', ship, fleet: placed.fleet, cost: unit.bpv, during: 'setup' });
}

export function setupReturn(d: Decider, shipId: string, p: Player): void {
  const state = d.state;
  if (state.status !== 'setup') refuse('setup/not-now', 'UTD8.1', 'Purchases can be returned only during the setup.');
  if (p.ready)
    refuse('setup/already-ready', 'UTD8.1', 'You declared your forces ready; run `/setup ready ready:false` first.');
  const ship = state.ships.find((s) => s.id === shipId && s.owner === p.id);
  if (!ship) refuse('ship/unknown', 'UTD8.1', `You have no ship ${shipId.slice(0, 20)}.`);
  d.emit({ type: 'SetupPurchaseReturned', shipId, refund: ship.bpv });
}

/** When every player is ready, cycle 1.0 begins with seat 1 (UTD2.2). */
export function setupReady(d: Decider, ready: boolean, p: Player): void {
  const state = d.state;
  if (state.status !== 'setup') refuse('setup/not-now', 'UTD8.1', 'There is no setup under way.');
  if (p.ready === ready)
    refuse('setup/no-change', 'UTD8.1', ready ? 'You are already ready.' : 'You are not marked ready.');
  // Carriers start with their escorts in the same fleet (UTD8.22, ISS-A100).
  if (ready)
    requireEscorts(
      d,
      state.fleets
        .filter((f) => f.owner === p.id)
        .map((f) => ({ label: `Fleet ${f.slot}`, before: [], after: state.ships.filter((s) => s.fleetId === f.id) })),
      'UTD8.1',
    );
  d.emit({ type: 'PlayerReady', playerId: p.id, ready });
  if (ready && d.state.players.every((x) => x.status !== 'active' || x.ready)) {
    d.emit({ type: 'CampaignStarted', startingBpv: p.startingBpv, startYear: d.state.settings.startYear });
    beginTurn(d, 0, d.state.halfCycles, d.ctx.now);
  }
}
