import { sampleCatalog } from '../../../src/app/catalogs.ts';
import { SeededDice } from '../../../src/rules/dice.ts';
import { proposedCatalogVersion } from '../../../src/rules/thunderdome/catalog-amend.ts';
import type { RuleError } from '../../../src/rules/errors.ts';
import {
  applyEvent,
  decideWithState,
  replay,
  type Actor,
  type CampaignCommand,
  type CampaignState,
  type StoredEvent,
  type UnitCatalog,
} from '../../../src/rules/thunderdome/index.ts';

const SEED = '5a'.repeat(32);

export const who = (id: string, admin = false): Actor => ({ userId: id, displayName: id, isServerAdmin: admin });

/**
 * Plays Thunderdome III commands through the pure rules exactly as the app does (decide, then
 * fold the events), with forced dice and a clock the test moves. No database, no Discord.
 */
export class Game {
  readonly log: StoredEvent[] = [];
  state!: CampaignState;
  now = new Date('2026-03-04T15:00:00Z');
  readonly forced: number[] = [];
  lastError: RuleError | null = null;
  catalog: UnitCatalog = sampleCatalog();
  /** Catalogs an amendment may propose (UTD1.7), by version, loaded as the app would (catalog-amend.ts). */
  proposable: Record<string, UnitCatalog> = {};

  do(user: string | Actor, command: CampaignCommand): StoredEvent[] {
    const actor = typeof user === 'string' ? who(user) : user;
    const dice = new SeededDice(SEED, this.log.length + 1, this.forced);
    const r = decideWithState(this.log.length ? this.state : null, command, {
      actor,
      now: this.now,
      dice,
      catalog: this.catalog,
      ...this.proposedFor(command),
      firstSeq: this.log.length + 1,
    });
    if (!r.ok) {
      this.lastError = r.error;
      throw new Error(`refused: ${r.error.rule} ${r.error.code}: ${r.error.message}`);
    }
    // UTD3.2: as the app does, an order given by a proxy is marked with the player it was for.
    const asPlayer = r.value.asPlayer;
    const added = r.value.events.map((event, i) => ({
      seq: this.log.length + 1 + i,
      at: this.now.toISOString(),
      actor: asPlayer ? { userId: actor.userId, asPlayer } : { userId: actor.userId },
      event,
      rolls: i === 0 ? dice.records : [],
    }));
    for (const e of added) {
      this.state = applyEvent(this.log.length ? this.state : null, e);
      this.log.push(e);
    }
    return added;
  }

  private proposedFor(command: CampaignCommand): { proposedCatalog?: UnitCatalog } {
    const version = proposedCatalogVersion(this.log.length ? this.state : null, command);
    if (version === null) return {};
    const catalog = this.proposable[version];
    if (!catalog) throw new Error(`the test has no catalog ${version} to propose`);
    return { proposedCatalog: catalog };
  }

  /** Expects a refusal citing `rule`; proves that nothing changed. */
  refused(user: string | Actor, command: CampaignCommand, rule: string): RuleError {
    const before = JSON.stringify(this.state);
    const length = this.log.length;
    try {
      this.do(user, command);
    } catch {
      if (this.lastError?.rule !== rule)
        throw new Error(`expected a refusal under ${rule}, got ${this.lastError?.rule}: ${this.lastError?.message}`);
      if (JSON.stringify(this.state) !== before || this.log.length !== length)
        throw new Error('a refused command changed the state');
      return this.lastError;
    }
    throw new Error(`expected a refusal under ${rule}, but the command was accepted`);
  }

  dice(...values: number[]): this {
    this.forced.push(...values);
    return this;
  }

  /** Test-only surgery on the state, for situations that would take many turns to reach. */
  patch(mutate: (s: CampaignState) => void): void {
    const s = structuredClone(this.state);
    mutate(s);
    this.state = s;
  }

  replayed(): CampaignState {
    return replay(this.log)!;
  }

  player(id: string) {
    return this.state.players.find((p) => p.id === id)!;
  }

  sector(key: string) {
    return this.state.map!.sectors.find((s) => s.key === key)!;
  }

  fleetOf(owner: string, slot: number) {
    return this.state.fleets.find((f) => f.owner === owner && f.slot === slot)!;
  }

  events(type: string) {
    return this.log.filter((e) => e.event.type === type);
  }
}

/** A small hand-made map for three players: homes H1–H3 with two lanes each, and a ring of unknown sectors. */
export const TEST_MAP = {
  title: 'Test triangle',
  sectors: [
    { key: 'H1', x: 100, y: 100, home: 0 },
    { key: 'H2', x: 900, y: 100, home: 1 },
    { key: 'H3', x: 500, y: 900, home: 2 },
    { key: 'A', x: 300, y: 200 },
    { key: 'B', x: 200, y: 350 },
    { key: 'C', x: 700, y: 200 },
    { key: 'D', x: 800, y: 350 },
    { key: 'E', x: 350, y: 700 },
    { key: 'F', x: 650, y: 700 },
    { key: 'X', x: 500, y: 450 },
  ],
  lanes: [
    ['H1', 'A'],
    ['H1', 'B'],
    ['H2', 'C'],
    ['H2', 'D'],
    ['H3', 'E'],
    ['H3', 'F'],
    ['A', 'C'],
    ['A', 'X'],
    ['B', 'E'],
    ['B', 'X'],
    ['C', 'X'],
    ['D', 'F'],
    ['D', 'X'],
    ['E', 'X'],
    ['F', 'X'],
  ],
};

/** p1 created the campaign; p1 (Lyran), p2 (Kzinti) and p3 (Hydran) joined. */
export function registeredGame(g = new Game()): Game {
  g.do(who('p1'), {
    type: 'create',
    name: 'Test',
    campaignId: 'c',
    guildId: 'g',
    channelId: 'ch',
    seedCommitment: 'h',
  });
  g.do('p1', { type: 'join', empire: 'lyran' });
  g.do('p2', { type: 'join', empire: 'kzinti' });
  g.do('p3', { type: 'join', empire: 'hydran' });
  return g;
}

/** …and TEST_MAP is imported and approved by all three. */
export function mappedGame(g = new Game()): Game {
  registeredGame(g);
  g.do('p1', { type: 'map-import', json: JSON.stringify(TEST_MAP) });
  for (const p of ['p1', 'p2', 'p3']) g.do(p, { type: 'map-approve' });
  return g;
}

/**
 * Three players (p1 Lyran, p2 Kzinti, p3 Hydran) on TEST_MAP, seats in order p1, p2, p3 (D1000 900,
 * 500, 100), each with fleet 1 at home holding the given ships, all ready: p1's turn 1 has begun.
 */
export function startedGame(ships: Record<string, string[]> = {}): Game {
  const g = mappedGame();
  g.dice(900, 500, 100).do('p1', { type: 'start' });
  const defaults: Record<string, string[]> = {
    p1: ['LYR-CA', 'LYR-FF'],
    p2: ['KZI-CA', 'KZI-FF'],
    p3: ['HYD-CA', 'HYD-FF'],
  };
  for (const p of ['p1', 'p2', 'p3']) {
    for (const unit of ships[p] ?? defaults[p]!) g.do(p, { type: 'setup-buy', unitId: unit, fleetSlot: 1 });
  }
  for (const p of ['p1', 'p2', 'p3']) g.do(p, { type: 'setup-ready', ready: true });
  return g;
}
