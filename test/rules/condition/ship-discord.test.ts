import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../commands/index.ts';
import { shipCommand } from '../../../commands/ship.ts';
import { playLines, triangleCampaignLines } from '../../helpers/playground.ts';

const SCRIPT = [
  ...triangleCampaignLines({ seed: 12, name: 'Tow', aliceBuys: ['unit:LYR-CA fleet:1', 'unit:LYR-FF fleet:1'] }),
  '@alice /ship report ship:S30 speed:2',
  '@alice /ship report ship:S29 tractors:0',
  '@alice /move fleet:1 to:A',
  '@alice /ship expend ship:S29 items:"2 T-bombs"',
  '@alice /ship refit-fleet fleet:1 refits:S29=LYR-CA+PH',
  '@alice /ship status',
];

describe('/ship through Discord (the playground)', async () => {
  const { results, cleanup } = await playLines(SCRIPT);
  afterAll(cleanup);
  const at = (text: string) => results.find((r) => r.input.endsWith(text))!;

  it('UTD7.47 a reported speed of 2 (of 31) wrecks the FF, announced publicly', () => {
    const r = at('speed:2');
    expect(r.ok).toBe(true);
    expect(r.content + r.posts.map((p) => p.content).join('\n')).toContain('**wrecked**');
  });

  it('UTD6.3E with no working tractor the move is refused ephemerally, citing the rule and the ways out', () => {
    const r = at('/move fleet:1 to:A');
    expect(r.ok).toBe(false);
    expect(r.ephemeral).toBe(true);
    expect(r.content).toContain('Rule UTD6.3E');
    expect(r.content).toContain('derelict');
  });

  it('UTD6.3J the fleet is refitted at the home colony with the capital’s spare capacity; /ship status shows the condition', () => {
    const refit = at('refits:S29=LYR-CA+PH');
    expect(refit.ok).toBe(true);
    expect(refit.content + refit.posts.map((p) => p.content).join('\n')).toContain('LYR-CA → **LYR-CA+PH**');
    const status = at('/ship status');
    expect(status.ephemeral).toBe(true);
    expect(status.content).toContain('**LYR-CA+PH** S29');
    expect(status.content).toContain('expended: 2 T-bombs');
    expect(status.content).toContain('wrecked (speed ≤ 7), must be towed');
    expect(COMMANDS).toContain(shipCommand);
  });
});
