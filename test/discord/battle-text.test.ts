import { describe, expect, it } from 'vitest';
import { battleShowText } from '../../src/discord/views/battle-text.ts';
import { battleInA } from '../rules/battles/helpers.ts';
import { addShip, addYard } from '../rules/shipyards/yard-harness.ts';

describe('/battle show', () => {
  it('UTD7.65 lists the ships in dry dock at the battle’s yards as present and unpowered', () => {
    const { g, battle } = battleInA();
    const b = () => g.state.battles.find((x) => x.id === battle)!;
    expect(battleShowText(g.state, b())).not.toContain('dry dock');
    g.patch((s) => {
      addYard(s, 'B970', 'p2', 'NEU-SY4', 'A');
      addShip(
        s,
        { id: 'S970', owner: 'p2', unitId: 'KZI-FF', sector: 'A', dock: { yardId: 'B970', position: 1 } },
        null,
      );
    });
    const text = battleShowText(g.state, b());
    expect(text).toMatch(/In dry dock .*UTD7\.65\): .*S970.* at B970\./);
  });
});
