import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { coReceiptFor } from '../../../src/app/battles.ts';
import { coCommitment, coReceipt } from '../../../src/rules/thunderdome/battles/co-secret.ts';
import { battleInA, result } from '../battles/helpers.ts';

const SALT_1 = '0123456789abcdef0123456789abcdef';
const SALT_2 = 'fedcba9876543210fedcba9876543210';

describe("UTD7.A5 secret commander's-option assignments", () => {
  it('UTD7.A5 an assignment is recorded as a commitment only: the event and the state hold its hash, not the text', () => {
    const { g, battle } = battleInA();
    const [e] = g.do('p1', { type: 'battle-options', battle, salt: SALT_1, text: 'S1: 2 T-bombs' });
    const hash = coCommitment(battle, 'p1', SALT_1, 'S1: 2 T-bombs');
    expect(e!.event).toEqual({ type: 'BattleOptionsCommitted', battleId: battle, side: 'p1', hash, replaces: null });
    // Anyone can recompute it once salt and text are published: SHA-256 of battle, side, salt, text.
    expect(hash).toBe(createHash('sha256').update(`${battle}\np1\n${SALT_1}\nS1: 2 T-bombs`).digest('hex'));
    expect(JSON.stringify(g.state)).not.toContain('T-bombs');
    expect(JSON.stringify(g.log)).not.toContain('T-bombs');
    expect(g.state.battles[0]!.coCommitments).toEqual({ p1: { hash, at: g.now.toISOString(), revealed: false } });
  });

  it('UTD7.A5 the options are revealed after the battle with the receipt, checked against the commitment', () => {
    const { g, battle } = battleInA();
    g.do('p1', { type: 'battle-options', battle, salt: SALT_1, text: 'S1: 2 T-bombs' });
    g.do('p1', { type: 'battle-options', battle, salt: SALT_2, text: 'S1: 4 extra drones' });
    expect(g.log.at(-1)!.event).toMatchObject({ replaces: coCommitment(battle, 'p1', SALT_1, 'S1: 2 T-bombs') });
    g.do('p2', { type: 'battle-options', battle, salt: SALT_1, text: 'nothing' });
    // Not before the conclusion of the battle.
    g.refused(
      'p1',
      { type: 'battle-options-reveal', battle, receipt: coReceipt(SALT_2, 'S1: 4 extra drones') },
      'UTD7.A5',
    );
    g.do('p1', { type: 'battle-propose', battle, kind: 'negotiated', result: result({ winner: 'p1', retreat: 'C' }) });
    g.do('p2', { type: 'battle-accept', battle });
    expect(g.state.battles[0]!.status).toBe('resolved');
    // The replaced assignment no longer opens the commitment; a tampered text does not either.
    const stale = g.refused(
      'p1',
      { type: 'battle-options-reveal', battle, receipt: coReceipt(SALT_1, 'S1: 2 T-bombs') },
      'UTD7.A5',
    );
    expect(stale.code).toBe('co/mismatch');
    g.refused(
      'p1',
      { type: 'battle-options-reveal', battle, receipt: coReceipt(SALT_2, 'S1: 6 extra drones') },
      'UTD7.A5',
    );
    expect(g.refused('p1', { type: 'battle-options-reveal', battle, receipt: 'no receipt' }, 'UTD7.A5').code).toBe(
      'co/bad-receipt',
    );
    const [e] = g.do('p1', { type: 'battle-options-reveal', battle, receipt: coReceipt(SALT_2, 'S1: 4 extra drones') });
    expect(e!.event).toEqual({
      type: 'BattleOptionsRevealed',
      battleId: battle,
      side: 'p1',
      salt: SALT_2,
      text: 'S1: 4 extra drones',
      hash: coCommitment(battle, 'p1', SALT_2, 'S1: 4 extra drones'),
    });
    expect(g.state.battles[0]!.coCommitments!.p1!.revealed).toBe(true);
    g.refused(
      'p1',
      { type: 'battle-options-reveal', battle, receipt: coReceipt(SALT_2, 'S1: 4 extra drones') },
      'UTD7.A5',
    );
    // A side cannot open the other side's commitment, nor one it never made.
    g.refused('p3', { type: 'battle-options-reveal', battle, receipt: coReceipt(SALT_1, 'nothing') }, 'UTD7.42');
  });

  it('UTD7.A5 the receipt given to the player opens the stored commitment; one with another salt is not given', () => {
    const { g, battle } = battleInA();
    g.do('p2', { type: 'battle-options', battle, salt: SALT_1, text: '  S9: 3 extra drones ' });
    expect(coReceiptFor(g.state, battle.slice(1), SALT_1, 'S9: 3 extra drones')).toEqual({
      battleId: battle,
      receipt: coReceipt(SALT_1, 'S9: 3 extra drones'),
    });
    expect(coReceiptFor(g.state, battle, SALT_2, 'S9: 3 extra drones')).toBeNull();
  });

  it('UTD7.A5 refusals: not a side, no salt, an empty assignment', () => {
    const { g, battle } = battleInA();
    g.refused('p3', { type: 'battle-options', battle, salt: SALT_1, text: 'S1' }, 'UTD7.42');
    g.refused('p1', { type: 'battle-options', battle, salt: 'x', text: 'S1' }, 'UTD7.A5');
    g.refused('p1', { type: 'battle-options', battle, salt: SALT_1, text: '  ' }, 'UTD7.A5');
  });
});
