import { generateBattleSetup, type BattleSetupInput } from '../battle-setup/generate.ts';
import type { Battle, CampaignState } from '../state.ts';
import type { Decider } from '../decider.ts';
import { adjacentSectors } from '../orders.ts';
import { sectorLabel } from '../lookup.ts';
import { fortBlocks, NPE } from './common.ts';

/**
 * UTD7.45: the battle's public setup, rolled with the campaign's recorded dice once the fleets are
 * known: start areas (A is the current player, else rolled, UTD7.4561), terrain (UTD7.4551x), one
 * warp point per lane out of the sector (UTD7.4552x) and who may not disengage (UTD7.4622).
 */
export function rollBattleSetup(d: Decider, battleId: string): void {
  const b = d.state.battles.find((x) => x.id === battleId)!;
  const setup = generateBattleSetup(battleSetupInput(d.state, b), d.ctx.dice);
  d.emit({ type: 'BattleSetupRolled', battleId, setup });
}

/** What the setup is rolled from; the card text is rebuilt from the same input. */
export function battleSetupInput(s: CampaignState, b: Battle): BattleSetupInput {
  const sector = s.map!.sectors.find((x) => x.key === b.sector)!;
  const label = (side: string) =>
    side === NPE ? `NPE (${b.npe?.empire ?? 'unknown'})` : (s.players.find((p) => p.id === side)?.name ?? side);
  return {
    sector: {
      key: sector.key,
      label: sectorLabel(s, sector.key),
      terrain: sector.terrain,
      overlays: sector.overlays,
      home: sector.type === 'home',
    },
    lanes: adjacentSectors(s, sector.key).map((to) => ({ to, label: sectorLabel(s, to) })),
    sides: b.sides.map((id) => ({ id, label: label(id) })),
    randomPositions: !b.sides.includes(b.turnPlayer),
    cannotDisengage: b.sides.filter((side) => fortBlocks(s, b, side)),
  };
}
