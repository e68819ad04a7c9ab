/**
 * Property test of `/turn undo` (UTD6.12): from many generated campaigns in play, every undoable
 * order (undo.ts UNDOABLE) is given, folded and undone, and the state must be exactly the state
 * before the order. Orders that are final (UTD6.121) must be refused with `undo/final`.
 *
 * States are generated with the project's own seeded generator (mulberry32): 2 to 5 players with
 * random empires, a generated map (its seed comes from the campaign's seeded dice), random setup
 * purchases, then a random number of random legal orders (moves, order-point purchases,
 * establishments, dead drops, undos, ends of turn) over several turns. Dice are the campaign's
 * seeded dice (a different secret per state), so exploration varies too.
 *
 * A few kinds rarely arise by random play (contact with the enemy, a site the capital's defenses
 * may move to); for those, when the generated state has no legal instance, a derived state is
 * made by test surgery (documented at each place) and the order is given there.
 */
import { describe, expect, it } from 'vitest';
import { sampleCatalog } from '../../src/app/catalogs.ts';
import { SeededDice } from '../../src/rules/dice.ts';
import type { RuleError } from '../../src/rules/errors.ts';
import { mulberry32 } from '../../src/rules/prng.ts';
import {
  adjacentSectors,
  applyEvent,
  type CampaignCommand,
  type CampaignEvent,
  type CampaignState,
  decide,
  EMPIRES,
  type Fleet,
  opsLeft,
  type StoredEvent,
} from '../../src/rules/thunderdome/index.ts';
import { UNDOABLE } from '../../src/rules/thunderdome/undo.ts';

const RUNS = Number(process.env.UNDO_PROPERTY_RUNS ?? 40);
/** Each undoable order kind must be exercised at least this often over the whole run. */
const MIN_PER_KIND = Math.max(3, Math.floor(RUNS / 8));
const NOW = new Date('2026-03-04T15:00:00Z');
const catalog = sampleCatalog();

// ---------------------------------------------------------------------------------------------
// A tiny world: the pure rules driven as the app drives them (decide, then fold the events).

interface World {
  state: CampaignState;
  /** Sequence number of the next event. */
  seq: number;
  /** The campaign's secret dice seed (64 hex digits). */
  secret: string;
}

type Outcome = { ok: true; world: World; events: CampaignEvent[] } | { ok: false; error: RuleError };

function run(world: World | null, userId: string, command: CampaignCommand, secret?: string): Outcome {
  const seq = world?.seq ?? 1;
  const dice = new SeededDice(world?.secret ?? secret!, seq);
  const r = decide(world?.state ?? null, command, {
    actor: { userId, displayName: userId, isServerAdmin: false },
    now: NOW,
    dice,
    catalog,
    firstSeq: seq,
  });
  if (!r.ok) return r;
  let state = world?.state ?? null;
  r.value.forEach((event, i) => {
    const stored: StoredEvent = { seq: seq + i, at: NOW.toISOString(), actor: { userId }, event, rolls: [] };
    state = applyEvent(state, stored);
  });
  return {
    ok: true,
    world: { state: state!, seq: seq + r.value.length, secret: world?.secret ?? secret! },
    events: r.value,
  };
}

function must(world: World | null, userId: string, command: CampaignCommand, secret?: string): World {
  const r = run(world, userId, command, secret);
  if (!r.ok) throw new Error(`${command.type} refused: ${r.error.rule} ${r.error.code}: ${r.error.message}`);
  return r.world;
}

/** Test-only surgery on a state (a derived situation); the original world is left alone. */
function patched(w: World, mutate: (s: CampaignState) => void): World {
  const state = structuredClone(w.state);
  mutate(state);
  return { ...w, state };
}

// ---------------------------------------------------------------------------------------------
// Generating campaigns in play.

type Rand = () => number;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const hex64 = (r: Rand) =>
  Array.from({ length: 8 }, () =>
    Math.floor(r() * 0x100000000)
      .toString(16)
      .padStart(8, '0'),
  ).join('');

const current = (w: World) => w.state.turn!.playerId;
const inOrders = (w: World) => w.state.status === 'active' && w.state.turn?.phase === 'orders';
const fleetsOf = (w: World, p: string) => w.state.fleets.filter((f) => f.owner === p);
const sector = (s: CampaignState, key: string) => s.map!.sectors.find((x) => x.key === key)!;

/** Enemy units in a sector that would make contact with a fleet of `p` entering it. */
function contact(s: CampaignState, p: string, key: string): boolean {
  const x = sector(s, key);
  return (
    s.fleets.some((f) => f.sector === key && f.owner !== p) ||
    s.bases.some((b) => b.sector === key && b.owner !== p) ||
    Boolean(x.fort && x.fort.owner !== p && x.fort.status !== 'pending') ||
    x.npe?.status === 'active'
  );
}

/** Campaign set up and started: 2–5 players, random empires and setup purchases, generated map. */
function startCampaign(r: Rand): World {
  const secret = hex64(r);
  const players = int(r, 2, 5);
  const empires = [...EMPIRES].filter((e) => e.key !== 'tholian').sort(() => r() - 0.5);
  let w = must(
    null,
    'p1',
    { type: 'create', name: 'Undo property', campaignId: 'c', guildId: 'g', channelId: 'ch', seedCommitment: 'h' },
    secret,
  );
  const ids = Array.from({ length: players }, (_, i) => `p${i + 1}`);
  ids.forEach((id, i) => (w = must(w, id, { type: 'join', empire: empires[i]!.key })));
  w = must(w, 'p1', { type: 'map-generate', sectorsPerPlayer: int(r, 4, 7) });
  for (const id of ids) w = must(w, id, { type: 'map-approve' });
  w = must(w, 'p1', { type: 'start' });
  for (const id of ids) {
    const code = empires[ids.indexOf(id)]!.code;
    const menu = [`${code}-FF`, `${code}-FF`, `${code}-CA`, `${code}-DD`, `${code}-MS`, 'NEU-F-L', 'NEU-F-S'].filter(
      (u) => catalog.get(u),
    );
    const buys = int(r, 2, 6);
    for (let k = 0; k < buys; k++) {
      const out = run(w, id, { type: 'setup-buy', unitId: pick(r, menu), fleetSlot: int(r, 1, 3) });
      if (out.ok) w = out.world;
    }
    if (!w.state.ships.some((x) => x.owner === id))
      w = must(w, id, { type: 'setup-buy', unitId: menu[0]!, fleetSlot: 1 });
  }
  for (const id of ids) w = must(w, id, { type: 'setup-ready', ready: true });
  return w;
}

/** One random order of the current player (refused ones are simply not taken). */
function randomOrder(r: Rand, w: World): CampaignCommand {
  const p = current(w);
  const fleets = fleetsOf(w, p);
  const roll = r();
  if (roll < 0.22 || fleets.length === 0) return { type: 'end-turn' };
  const f = pick(r, fleets);
  if (roll < 0.6) {
    // Stay out of contact while generating, so turns end without battles.
    const to = adjacentSectors(w.state, f.sector).filter((k) => !contact(w.state, p, k));
    return { type: 'move', fleet: String(f.slot), to: to.length ? pick(r, to) : f.sector };
  }
  if (roll < 0.78)
    return { type: 'establish', fleet: String(f.slot), kind: pick(r, ['colony', 'mine', 'fort'] as const) };
  if (roll < 0.85)
    return { type: 'buy-ops', kind: r() < 0.7 ? 'temporary' : 'permanent', count: int(r, 1, 2) } as CampaignCommand;
  if (roll < 0.9) return { type: 'dead-drop', fleet: String(f.slot) };
  if (roll < 0.94) {
    const capital = w.state.bases.find((b) => b.owner === p && b.role === 'capital');
    const to = capital ? adjacentSectors(w.state, capital.sector).filter((k) => !contact(w.state, p, k)) : [];
    return { type: 'move-capital', to: to.length ? pick(r, to) : '?', withDefenses: false };
  }
  return { type: 'undo' };
}

/** A campaign at a random point of play: a random number of random legal orders after the start. */
function generate(seed: number): { world: World; steps: number; turns: number } {
  const r = mulberry32(seed);
  let w = startCampaign(r);
  const steps = int(r, 0, 70);
  let turns = 0;
  for (let i = 0; i < steps; i++) {
    const out = run(w, current(w), randomOrder(r, w));
    if (!out.ok) continue;
    // A turn that opened a battle (an NPE found by exploration) is not an orders phase: keep the state before it.
    if (!inOrders(out.world)) break;
    if (out.events.some((e) => e.type === 'TurnStarted')) turns++;
    w = out.world;
  }
  return { world: w, steps, turns };
}

// ---------------------------------------------------------------------------------------------
// The undoable order kinds, each with a finder of legal instances in a state.

type Kind =
  | 'move (free, from an own colony)'
  | 'move (1 OP)'
  | 'move-capital'
  | 'move-capital with defenses'
  | 'establish colony'
  | 'establish mine'
  | 'establish fort'
  | 'remove fort'
  | 'buy-ops temporary'
  | 'buy-ops permanent'
  | 'dead-drop container';

/** The event each undoable order emits, and the order kinds that make it: a new undoable event needs a case here. */
const KINDS_BY_EVENT: Record<string, Kind[]> = {
  FleetMoved: ['move (free, from an own colony)', 'move (1 OP)'],
  CapitalMoved: ['move-capital', 'move-capital with defenses'],
  DevelopmentOrdered: ['establish colony', 'establish mine', 'establish fort', 'remove fort'],
  OrderPointsBought: ['buy-ops temporary', 'buy-ops permanent'],
  ContainerDropped: ['dead-drop container'],
};
const ALL_KINDS = Object.values(KINDS_BY_EVENT).flat();
const eventOf = (kind: Kind) => Object.entries(KINDS_BY_EVENT).find(([, ks]) => ks.includes(kind))![0];

interface Candidate {
  world: World;
  command: CampaignCommand;
  /** Test surgery made the situation (see the finder). */
  derived?: string;
}

const movable = (f: Fleet) => !f.pinned && !f.establishing && !f.trapped;

/** Moves of the current player's fleets into sectors without contact, free or not. */
function moves(w: World, free: boolean): Candidate[] {
  const p = current(w);
  const out: Candidate[] = [];
  for (const f of fleetsOf(w, p).filter(movable)) {
    const here = sector(w.state, f.sector);
    const ownColony = here.colony?.owner === p && here.colony.status === 'active' && here.owner === p;
    if (ownColony !== free) continue;
    for (const to of adjacentSectors(w.state, f.sector))
      if (!contact(w.state, p, to)) out.push({ world: w, command: { type: 'move', fleet: String(f.slot), to } });
  }
  return out;
}

function capitalMoves(w: World, withDefenses: boolean): Candidate[] {
  const p = current(w);
  const capital = w.state.bases.find((b) => b.owner === p && b.role === 'capital' && !b.pending);
  if (!capital) return [];
  const natural = adjacentSectors(w.state, capital.sector).map((to) => ({
    world: w,
    command: { type: 'move-capital', to, withDefenses } as CampaignCommand,
  }));
  if (!withDefenses) return natural;
  // Derived: the capital's defenses may only move into a developed, fortified sector (UTD6.325,
  // 7.33), which random play seldom builds next to the capital. Make one adjacent sector of the
  // current player's a life sector with a planet, an active colony and an active fortification.
  const derived = adjacentSectors(w.state, capital.sector)
    .filter((to) => !contact(w.state, p, to))
    .slice(0, 2)
    .map((to) => ({
      world: patched(w, (s) => {
        const dev = { owner: p, status: 'active' as const, fleetId: null, orderedHalfCycle: 1, exposedTo: null };
        Object.assign(sector(s, to), {
          type: 'life',
          terrain: ['class-m-planet'],
          exploredBy: p,
          owner: p,
          ownedSinceHalfCycle: 1,
          colony: { ...dev },
          fort: { ...dev },
        });
      }),
      command: { type: 'move-capital', to, withDefenses } as CampaignCommand,
      derived: 'developed fortified sector next to the capital',
    }));
  return [...natural, ...derived];
}

function establishments(w: World, kind: 'colony' | 'mine' | 'fort', remove: boolean): Candidate[] {
  const p = current(w);
  const natural = fleetsOf(w, p).map((f) => ({
    world: w,
    command: { type: 'establish', fleet: String(f.slot), kind, remove } as CampaignCommand,
  }));
  if (remove) return natural;
  // Derived (tried only after every natural one): a fleet must have started its turn in an explored
  // sector of the right type (UTD4.331), which takes turns of random play. Put a fleet of the player
  // that gave no order this turn, as if it had stayed there since its last turn, in an adjacent
  // unclaimed sector explored as life (colony, fort) or mineral (mine).
  const ordered = new Set(
    w.state.turn!.orders.flatMap((o) => (o.event && 'fleetId' in o.event ? [o.event.fleetId as string] : [])),
  );
  const f = fleetsOf(w, p).find((x) => movable(x) && !ordered.has(x.id));
  const to =
    f &&
    adjacentSectors(w.state, f.sector).find((k) => {
      const x = sector(w.state, k);
      return x.type === 'unknown' && !contact(w.state, p, k) && !x.colony && !x.mine && !x.fort;
    });
  if (!f || !to) return natural;
  const derived = patched(w, (s) => {
    const g = s.fleets.find((x) => x.id === f.id)!;
    Object.assign(g, { sector: to, startSector: to, enteredFrom: f.sector, claimSector: to });
    for (const ship of s.ships) if (ship.fleetId === g.id) ship.sector = to;
    Object.assign(sector(s, to), {
      type: kind === 'mine' ? 'mineral' : 'life',
      terrain: ['class-m-planet'],
      exploredBy: p,
      exploredHalfCycle: s.halfCycles,
    });
  });
  return [
    ...natural,
    {
      world: derived,
      command: { type: 'establish', fleet: String(f.slot), kind, remove },
      derived: 'fleet staying in an explored sector',
    },
  ];
}

function candidates(w: World, kind: Kind): Candidate[] {
  const p = current(w);
  switch (kind) {
    case 'move (free, from an own colony)':
      return moves(w, true);
    case 'move (1 OP)':
      return moves(w, false);
    case 'move-capital':
      return capitalMoves(w, false);
    case 'move-capital with defenses':
      return capitalMoves(w, true);
    case 'establish colony':
      return establishments(w, 'colony', false);
    case 'establish mine':
      return establishments(w, 'mine', false);
    case 'establish fort':
      return establishments(w, 'fort', false);
    case 'remove fort':
      return establishments(w, 'fort', true);
    case 'buy-ops temporary':
      return [3, 2, 1].map((count) => ({ world: w, command: { type: 'buy-ops', kind: 'temporary', count } }));
    case 'buy-ops permanent':
      return [1, 2, 3].map((count) => ({ world: w, command: { type: 'buy-ops', kind: 'permanent', count } }));
    case 'dead-drop container':
      return fleetsOf(w, p).map((f) => ({ world: w, command: { type: 'dead-drop', fleet: String(f.slot) } }));
  }
}

/** The newest order of the turn, as recorded (what `/turn undo` looks at). */
const newestOrder = (w: World) => w.state.turn!.orders.at(-1);

// ---------------------------------------------------------------------------------------------

interface Tally {
  exercised: Map<Kind, number>;
  derived: Map<Kind, number>;
  final: Map<string, number>;
  nothing: number;
  chains: number;
  states: number;
  turns: number;
  players: Map<number, number>;
}

/** Gives the order, undoes it and proves the state is the one before; false when the order is refused. */
function applyThenUndo(c: Candidate, kind: Kind, tally: Tally): boolean {
  const before = c.world;
  const given = run(before, current(before), c.command);
  if (!given.ok) return false;
  const order = newestOrder(given.world);
  expect(order?.event?.type, `${kind}: ${JSON.stringify(c.command)}`).toBe(eventOf(kind));
  if (kind === 'move (free, from an own colony)') expect(order!.opCost).toBe(0);
  if (kind === 'move (1 OP)') expect(order!.opCost).toBeGreaterThanOrEqual(1);
  if (kind === 'remove fort') expect(order!.kind).toBe('remove-fort');
  const undone = run(given.world, current(before), { type: 'undo' });
  if (!undone.ok) throw new Error(`${kind}: undo refused: ${undone.error.code} ${undone.error.message}`);
  expect(undone.events.map((e) => e.type)).toEqual(['OrderUndone']);
  expect(undone.world.state, `${kind}: ${JSON.stringify(c.command)}`).toEqual(before.state);
  tally.exercised.set(kind, (tally.exercised.get(kind) ?? 0) + 1);
  if (c.derived) tally.derived.set(kind, (tally.derived.get(kind) ?? 0) + 1);
  return true;
}

/** Gives a final order and proves `/turn undo` refuses it (UTD6.121) and changes nothing. */
function expectFinal(w: World, command: CampaignCommand, label: string, tally: Tally): World | null {
  const given = run(w, current(w), command);
  if (!given.ok) return null;
  const last = newestOrder(given.world)?.event;
  if (label === 'move that pins') expect(last).toMatchObject({ type: 'FleetMoved', pinned: true, trapped: null });
  if (label === 'move trapped by a fortification')
    expect(last).toMatchObject({ type: 'FleetMoved', pinned: true, trapped: { failedDice: 0 } });
  const undone = run(given.world, current(w), { type: 'undo' });
  expect(undone.ok, `${label}: undo of a final order was accepted`).toBe(false);
  if (!undone.ok) {
    expect(undone.error.code, label).toBe('undo/final');
    expect(undone.error.rule).toBe('UTD6.121');
  }
  tally.final.set(label, (tally.final.get(label) ?? 0) + 1);
  return given.world;
}

/** Contact on entering: an enemy fleet or an enemy fortification next to one of the player's fleets. */
function contactMoves(w: World, by: 'fleet' | 'fort'): Candidate[] {
  const p = current(w);
  const out: Candidate[] = [];
  for (const f of fleetsOf(w, p).filter(movable)) {
    for (const to of adjacentSectors(w.state, f.sector)) {
      const x = sector(w.state, to);
      const fort = Boolean(x.fort && x.fort.owner !== p && x.fort.status !== 'pending');
      if (by === 'fort' ? fort : contact(w.state, p, to) && !fort)
        out.push({ world: w, command: { type: 'move', fleet: String(f.slot), to } });
    }
  }
  if (out.length) return out;
  // Derived: random play keeps away from the enemy, so put the contact next to a fleet of the player.
  const f = fleetsOf(w, p).filter(movable)[0];
  const enemy = w.state.fleets.find((x) => x.owner !== p);
  if (!f || !enemy) return [];
  const to = adjacentSectors(w.state, f.sector).find((k) => !sector(w.state, k).homeOf)!;
  if (!to) return [];
  const derived = patched(w, (s) => {
    if (by === 'fleet') {
      const e = s.fleets.find((x) => x.id === enemy.id)!;
      e.sector = to;
      for (const ship of s.ships) if (ship.fleetId === e.id) ship.sector = to;
    } else {
      Object.assign(sector(s, to), {
        type: 'dead',
        exploredBy: enemy.owner,
        owner: enemy.owner,
        fort: { owner: enemy.owner, status: 'active', fleetId: null, orderedHalfCycle: 1, exposedTo: null },
      });
    }
  });
  return [{ world: derived, command: { type: 'move', fleet: String(f.slot), to }, derived: `enemy ${by} adjacent` }];
}

/** Enough order points and BPV for one more order, by surgery when the player has spent everything. */
function withMeans(w: World): World {
  if (opsLeft(w.state.turn!) >= 2 && Number(w.state.players.find((x) => x.id === current(w))!.bank) >= 300) return w;
  return patched(w, (s) => {
    s.turn!.opsBase += 2;
    const p = s.players.find((x) => x.id === s.turn!.playerId)!;
    p.bank = String(Number(p.bank) + 500);
  });
}

/** UTD6.121: orders that made contact or are not undoable at all are final. */
function checkFinalOrders(w: World, tally: Tally): void {
  const p = current(w);
  const rich = withMeans(w);
  for (const c of contactMoves(rich, 'fleet')) if (expectFinal(c.world, c.command, 'move that pins', tally)) break;
  for (const c of contactMoves(rich, 'fort')) {
    const trapped = expectFinal(c.world, c.command, 'move trapped by a fortification', tally);
    if (!trapped) continue;
    // A siege roll by the trapped fleet rolls dice: final too.
    expectFinal(
      withMeans(trapped),
      { type: 'siege', fleet: (c.command as { fleet: string }).fleet, desperation: 0 },
      'siege',
      tally,
    );
    break;
  }
  const f = fleetsOf(rich, p).find((x) => rich.state.ships.filter((s) => s.fleetId === x.id).length >= 2);
  if (f) {
    const ship = rich.state.ships.find((s) => s.fleetId === f.id)!;
    const free = Array.from({ length: 9 }, (_, i) => i + 1).find((n) => !fleetsOf(rich, p).some((x) => x.slot === n));
    expectFinal(rich, { type: 'organize', from: String(f.slot), to: String(free), ships: ship.id }, 'organize', tally);
    expectFinal(rich, { type: 'scrap', fleet: String(f.slot), ships: ship.id }, 'scrap', tally);
    expectFinal(rich, { type: 'dead-drop', fleet: String(f.slot), derelictShip: ship.id }, 'derelict', tally);
  }
  expectFinal(rich, { type: 'buy-fleets', count: 1 }, 'buy-fleets', tally);
}

/** A chain of undoable orders undone newest first comes back to the start, order by order. */
function checkChain(r: Rand, w: World, tally: Tally): void {
  const stack: World[] = [w];
  let top = w;
  for (let i = 0; i < 4; i++) {
    const kind = pick(r, [
      'move (free, from an own colony)',
      'move (1 OP)',
      'buy-ops temporary',
      'establish fort',
    ] as const);
    const c = candidates(top, kind).filter((x) => !x.derived);
    const choice = c.length ? pick(r, c) : null;
    const given = choice ? run(top, current(top), choice.command) : null;
    if (!given?.ok) continue;
    stack.push(given.world);
    top = given.world;
  }
  if (stack.length < 3) return;
  while (stack.length > 1) {
    const undone = run(top, current(top), { type: 'undo' });
    if (!undone.ok) throw new Error(`chain undo refused: ${undone.error.code}`);
    stack.pop();
    const expected = stack.at(-1)!;
    expect(undone.world.state).toEqual(expected.state);
    top = undone.world;
  }
  tally.chains++;
}

function newTally(): Tally {
  return {
    exercised: new Map(),
    derived: new Map(),
    final: new Map(),
    nothing: 0,
    chains: 0,
    states: 0,
    turns: 0,
    players: new Map(),
  };
}

/** The generated campaigns, each in the orders phase of some player's turn, made once for all the tests. */
let generated: { seed: number; world: World }[] | null = null;
function states(): { seed: number; world: World }[] {
  if (generated) return generated;
  const tally = newTally();
  generated = [];
  for (let i = 0; i < RUNS; i++) {
    const seed = 0x5eed + i * 7919;
    const { world, turns } = generate(seed);
    if (!inOrders(world)) continue;
    generated.push({ seed, world });
    tally.turns += turns;
    const n = world.state.players.length;
    tally.players.set(n, (tally.players.get(n) ?? 0) + 1);
  }
  console.info(
    `undo property: ${generated.length} states (${[...tally.players].map(([p, c]) => `${c}×${p} players`).join(', ')}; ${tally.turns} turns played after the start)`,
  );
  return generated;
}

describe('UTD6.12 /turn undo, property over generated campaigns', () => {
  it('UTD6.12 every undoable order event (undo.ts UNDOABLE) has a property case here', () => {
    for (const type of Object.keys(UNDOABLE)) expect(KINDS_BY_EVENT[type], `no generator for ${type}`).toBeDefined();
    for (const type of Object.keys(KINDS_BY_EVENT)) expect(Object.keys(UNDOABLE)).toContain(type);
  });

  it('UTD6.12 undo restores the exact state for every undoable order (property)', () => {
    const tally = newTally();
    const all = states();
    expect(all.length).toBeGreaterThanOrEqual(Math.ceil(RUNS * 0.8));
    for (const { seed, world } of all) {
      for (const kind of ALL_KINDS) {
        // Try the candidates in a seeded order, natural ones before derived ones; the first legal one is the case.
        const r = mulberry32(seed ^ (ALL_KINDS.indexOf(kind) + 1));
        const list = candidates(world, kind).sort(() => r() - 0.5);
        list.sort((a, b) => Number(Boolean(a.derived)) - Number(Boolean(b.derived)));
        for (const c of list) if (applyThenUndo(c, kind, tally)) break;
      }
      checkChain(mulberry32(seed + 1), world, tally);
    }
    const counts = Object.fromEntries(ALL_KINDS.map((k) => [k, tally.exercised.get(k) ?? 0]));
    console.info(
      'undo property: exercised',
      counts,
      'of which in derived states',
      Object.fromEntries(tally.derived),
      `chains of 2–4 orders undone back to the start: ${tally.chains}`,
    );
    for (const kind of ALL_KINDS) expect(counts[kind], kind).toBeGreaterThanOrEqual(MIN_PER_KIND);
    expect(tally.chains).toBeGreaterThanOrEqual(MIN_PER_KIND);
  }, 60_000);

  it('UTD6.121 an order that made contact is final, and so is every order without an undo spec', () => {
    const tally = newTally();
    for (const { world } of states()) checkFinalOrders(world, tally);
    console.info('undo property: final orders refused', Object.fromEntries(tally.final));
    for (const label of [
      'move that pins',
      'move trapped by a fortification',
      'siege',
      'organize',
      'scrap',
      'derelict',
      'buy-fleets',
    ])
      expect(tally.final.get(label) ?? 0, label).toBeGreaterThanOrEqual(MIN_PER_KIND);
  }, 60_000);

  it('UTD6.122 with no order given this turn, undo refuses with undo/nothing', () => {
    let checked = 0;
    const starts = [startCampaign(mulberry32(1)), ...states().map((x) => x.world)];
    for (const w of starts.filter((x) => x.state.turn!.orders.length === 0)) {
      const r = run(w, current(w), { type: 'undo' });
      expect(r.ok ? null : r.error.code).toBe('undo/nothing');
      checked++;
    }
    // And after every order of a turn was undone.
    for (const { world } of states().slice(0, 10)) {
      let w = world;
      while (w.state.turn!.orders.length > 0) {
        const r = run(w, current(w), { type: 'undo' });
        if (!r.ok) break; // a final order stays
        w = r.world;
      }
      if (w.state.turn!.orders.length > 0) continue;
      const r = run(w, current(w), { type: 'undo' });
      expect(r.ok ? null : r.error.code).toBe('undo/nothing');
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });
});
