import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RuleError } from '../../src/rules/errors.ts';
import { ORDERS, type CampaignCommand } from '../../src/rules/thunderdome/index.ts';
import { Game, registeredGame, startedGame } from './td3/harness.ts';

/**
 * Every order declares the shape of its input (order-spec.ts `input`), and the runner checks it
 * before anything else (order-input.ts): a command of the wrong shape is refused as
 * `input/invalid` under UTD6.11 (only the predefined orders exist), naming the field and what it
 * must be; one of the right shape reaches the order's own rules unchanged.
 */

/** A command the types would not allow: what a bug or a hostile caller could hand the rules. */
const malformed = (command: Record<string, unknown>) => command as unknown as CampaignCommand;

/** Expects an `input/invalid` refusal and proves that nothing changed (state, log). */
function refusedInput(g: Game, user: string, command: CampaignCommand): RuleError {
  const before = JSON.stringify(g.state);
  const length = g.log.length;
  expect(() => g.do(user, command)).toThrow(/refused/);
  expect(g.lastError).toMatchObject({ code: 'input/invalid', rule: 'UTD6.11' });
  expect(JSON.stringify(g.state)).toBe(before);
  expect(g.log).toHaveLength(length);
  return g.lastError!;
}

/** The refusal of a well-formed command, which only the order's own rules can give. */
function refusedByTheOrder(g: Game, user: string, command: CampaignCommand): RuleError {
  expect(() => g.do(user, command)).toThrow(/refused/);
  expect(g.lastError!.code).not.toBe('input/invalid');
  return g.lastError!;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('every order declares its input', () => {
  it('every entry of ORDERS has a zod input schema', () => {
    const entries = Object.entries(ORDERS);
    expect(entries.length).toBeGreaterThan(80);
    const without = entries.filter(([, spec]) => !(spec.input instanceof z.ZodType)).map(([type]) => type);
    expect(without).toEqual([]);
  });

  it('an order that carries nothing but its type accepts an empty input', () => {
    for (const type of ['leave', 'start', 'map-approve', 'expire-turn', 'remind', 'resign', 'battle-clocks'] as const)
      expect(ORDERS[type].input.safeParse({}).success, type).toBe(true);
  });
});

describe('UTD6.11 a command of the wrong shape is refused before anything else and changes nothing', () => {
  it('a fractional count: `count` must be a whole number (before the order would judge the range)', () => {
    const g = startedGame();
    const err = refusedInput(g, 'p1', malformed({ type: 'buy-ops', kind: 'temporary', count: 1.5 }));
    expect(err.message).toBe('In the `buy-ops` order, `count` must be a whole number.');
    expect(err.hint).toBeDefined();
  });

  it('a number given as text is not a number', () => {
    const g = startedGame();
    expect(refusedInput(g, 'p1', malformed({ type: 'buy-fleets', count: '1' })).message).toBe(
      'In the `buy-fleets` order, `count` must be a whole number.',
    );
  });

  it('a missing required field is named as missing, with what it must be', () => {
    const g = startedGame();
    expect(refusedInput(g, 'p1', malformed({ type: 'move', fleet: '1' })).message).toBe(
      'The `move` order is missing `to`: it must be text.',
    );
  });

  it('a value outside a literal union lists the values it may take', () => {
    const g = startedGame();
    expect(refusedInput(g, 'p1', malformed({ type: 'establish', fleet: '1', kind: 'castle' })).message).toBe(
      'In the `establish` order, `kind` must be one of `colony`, `mine`, `fort`.',
    );
  });

  it('a number below its minimum is refused at the input (siege desperation; its prices are a setting, UTD4.3562)', () => {
    const g = startedGame();
    expect(refusedInput(g, 'p1', malformed({ type: 'siege', fleet: '1', desperation: -50 })).message).toBe(
      'In the `siege` order, `desperation` must be a whole number.',
    );
  });

  it('a nullable field says null is allowed; an optional one says it may be left out', () => {
    const g = registeredGame();
    expect(refusedInput(g, 'p1', malformed({ type: 'setup-buy', unitId: 'LYR-FF', fleetSlot: 'one' })).message).toBe(
      'In the `setup-buy` order, `fleetSlot` must be a whole number or null.',
    );
    expect(
      refusedInput(g, 'p1', malformed({ type: 'proxy-grant', userId: 'u9', expiresAt: '2027-01-01' })).message,
    ).toBe('In the `proxy-grant` order, `expiresAt` must be a date or null.');
    expect(refusedInput(g, 'p1', malformed({ type: 'end-turn', as: 42 })).message).toBe(
      'In the `end-turn` order, `as` must be text, or left out.',
    );
  });

  it('a nested field is named by its path: a battle result, a list entry', () => {
    const g = startedGame();
    const result = {
      winner: 'p1',
      destroyed: 'LYR-CA',
      crippled: [],
      wrecked: [],
      captured: [],
      retreat: null,
      provisional: [],
      planetDamage: 0,
      note: '',
    };
    expect(
      refusedInput(g, 'p1', malformed({ type: 'battle-propose', battle: 'B1', kind: 'report', result })).message,
    ).toBe('In the `battle-propose` order, `result.destroyed` must be a list of text.');
    expect(
      refusedInput(g, 'system', malformed({ type: 'ballot-sync', messageId: 'm', yes: ['p1', 7], no: [] })).message,
    ).toBe('In the `ballot-sync` order, `yes[1]` must be text.');
  });

  it('the shape is checked before who may give the order: an outsider with a malformed order gets input/invalid', () => {
    const g = startedGame();
    refusedInput(g, 'outsider', malformed({ type: 'move', fleet: 1, to: 'A' }));
    expect(refusedByTheOrder(g, 'outsider', { type: 'move', fleet: '1', to: 'A' }).code).not.toBe('input/invalid');
  });

  it('creation is checked too, before the campaign exists', () => {
    const fresh = new Game();
    const before = fresh.log.length;
    expect(() => fresh.do('p1', malformed({ type: 'create', campaignId: 'c', guildId: 'g', channelId: 'ch' }))).toThrow(
      /refused/,
    );
    expect(fresh.lastError).toMatchObject({
      code: 'input/invalid',
      rule: 'UTD6.11',
      message: 'The `create` order is missing `name`: it must be text.',
    });
    expect(fresh.log).toHaveLength(before);
  });
});

describe('a command of the right shape goes on to the order’s own rules', () => {
  it('ranges stay with the order: a whole count out of range gets the order’s own code', () => {
    const g = startedGame();
    expect(refusedByTheOrder(g, 'p1', { type: 'buy-ops', kind: 'temporary', count: 5 }).code).toBe('ops/bad-count');
    expect(refusedByTheOrder(g, 'p1', { type: 'vote-extension', days: 0 }).code).toBe('extension/bad-days');
  });

  it('a well-formed move is decided by the move’s rules (refused off the lanes, accepted along one)', () => {
    const g = startedGame();
    expect(refusedByTheOrder(g, 'p1', { type: 'move', fleet: '1', to: 'X' }).rule).toBe('UTD4.1');
    const added = g.do('p1', { type: 'move', fleet: '1', to: 'A', as: 'p1' });
    expect(added.map((e) => e.event.type)).toContain('FleetMoved');
  });

  it('the order gets the very command object given, extra fields and all, not the parsed copy', () => {
    const g = startedGame();
    const spy = vi.spyOn(ORDERS.move, 'decide');
    const command = { type: 'move', fleet: '1', to: 'A', note: 'not declared' } as CampaignCommand;
    g.do('p1', command);
    expect(spy).toHaveBeenCalledOnce();
    expect(spy.mock.calls[0]![1]).toBe(command);
    expect(command).toEqual({ type: 'move', fleet: '1', to: 'A', note: 'not declared' });
  });
});
