import { afterAll, describe, expect, it } from 'vitest';
import { playLines, triangleCampaignLines } from '../../helpers/playground.ts';

/** TC-117 through Discord: Alice's SC4 minesweeper (S29, the first ship bought) buys mines at the capital. */
const SCRIPT = [
  ...triangleCampaignLines({ seed: 12, name: 'Mines', aliceBuys: ['unit:LYR-MS fleet:1', 'unit:LYR-CA fleet:1'] }),
  '@alice /yard activate sector:H1',
  '@alice /officer mines ship:S29 bpv:30',
  '@alice /officer mines ship:S29 bpv:25',
  '@alice /officer list',
];

describe('/officer mines through Discord (the playground)', async () => {
  const { results, cleanup } = await playLines(SCRIPT);
  afterAll(cleanup);
  const at = (text: string) => results.find((r) => r.input.endsWith(text))!;

  it('UTD8.253 30 BPV on an SC4 minesweeper is refused ephemerally, citing the rule', () => {
    const r = at('bpv:30');
    expect(r.ok).toBe(false);
    expect(r.ephemeral).toBe(true);
    expect(r.content).toContain('Rule UTD8.253');
    expect(r.content).toContain('at most 25 BPV');
  });

  it('UTD8.253 25 BPV is bought and announced publicly; /officer list shows the mines carried', () => {
    const r = at('bpv:25');
    expect(r.ok).toBe(true);
    expect(r.ephemeral).toBe(false);
    expect(r.content).toContain('25 BPV of mines');
    expect(at('/officer list').content).toContain('mines 25/25 BPV (UTD8.253)');
  });
});
