import { MessageFlags, type RepliableInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { sendLong } from '../../src/discord/send.ts';

/** A stand-in interaction that records what it was asked to send (send.ts only calls these). */
function recorder() {
  const sent: { via: string; content: string; files: number; flags: unknown }[] = [];
  const take = (via: string) => async (o: { content?: string; files?: unknown[]; flags?: unknown }) => {
    sent.push({ via, content: o.content ?? '', files: o.files?.length ?? 0, flags: o.flags });
  };
  const i = {
    deferred: false,
    replied: false,
    ephemeral: false,
    reply: take('reply'),
    followUp: take('followUp'),
    editReply: take('editReply'),
    deleteReply: async () => {},
  };
  return { i: i as unknown as RepliableInteraction, sent };
}

const lines = (n: number, width = 90) =>
  Array.from({ length: n }, (_, k) => `${String(k).padStart(4, '0')} ${'x'.repeat(width)}`).join('\n');

describe('sendLong: a reply never cut, never over 2,000 characters', () => {
  it('fits: one message as it is', async () => {
    const { i, sent } = recorder();
    await sendLong(i, 'short', { flags: MessageFlags.Ephemeral });
    expect(sent).toEqual([{ via: 'reply', content: 'short', files: 0, flags: MessageFlags.Ephemeral }]);
  });

  it('up to three messages: split at line boundaries, every line whole and in order, each private like the first', async () => {
    const text = lines(50); // about 4,800 characters
    const { i, sent } = recorder();
    await sendLong(i, text, { flags: MessageFlags.Ephemeral });
    expect(sent.map((s) => s.via)).toEqual(['reply', 'followUp', 'followUp']);
    for (const s of sent) {
      expect(s.content.length).toBeLessThanOrEqual(2000);
      expect(s.flags).toBe(MessageFlags.Ephemeral);
    }
    expect(sent.map((s) => s.content).join('\n')).toBe(text);
  });

  it('longer: the first part and the whole text attached, said so', async () => {
    const text = lines(200);
    const { i, sent } = recorder();
    await sendLong(i, text, { name: 'log.txt' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.files).toBe(1);
    expect(sent[0]!.content.length).toBeLessThanOrEqual(2000);
    expect(sent[0]!.content).toContain('attached as `log.txt`');
    expect(text.startsWith(sent[0]!.content.split('\n📎')[0]!)).toBe(true);
  });
});
