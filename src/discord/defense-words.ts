import { defenseCancelReason } from './reason-words.ts';
import { sectorLabel, type CampaignState, type StoredEvent, type UnitCatalog } from '../rules/thunderdome/index.ts';
import type { DefenseEvent } from '../rules/thunderdome/defenses/apply-defense.ts';
import { describeFrom, type Words } from './words-context.ts';

/** `**C-DEF**, 2 × **C-PDU**`: unit ids with their counts. */
const grouped = (unitIds: string[]) => {
  const counts = new Map<string, number>();
  for (const u of unitIds) counts.set(u, (counts.get(u) ?? 0) + 1);
  return [...counts].map(([u, n]) => (n === 1 ? `**${u}**` : `${n} × **${u}**`)).join(', ');
};
import { defenseStatus } from '../rules/thunderdome/defenses/index.ts';

/** Announcement lines for the defense events (UTD6.3A revise, 6.3F scrap, step 10 arrival). */
export const DEFENSE_WORDS = {
  DefensesRevised: (e, { who, sec, ops, left }) => {
    const parts: string[] = [];
    if (e.bought.length) {
      const roles = e.bought.filter((b) => b.role === 'capital-rf').length
        ? ' (the repair freighter goes to the capital, UTD4.3237)'
        : '';
      parts.push(
        `buys ${grouped(e.bought.map((b) => b.unitId))} for ${e.cost} BPV${roles}, arriving at step 10 (UTD6.123)`,
      );
    }
    if (e.scrapped.length)
      parts.push(
        `scraps ${e.scrapped.length} unit${e.scrapped.length === 1 ? '' : 's'} (${e.scrapped.join(', ')}) for ${e.refund} BPV, half their value`,
      );
    if (e.overhauled.length)
      parts.push(`overhauls ${e.overhauled.length} defense${e.overhauled.length === 1 ? '' : 's'}`);
    return `🛡️ ${who(e.playerId)} revises the defenses of ${sec(e.sector)}: ${parts.join('; ') || 'nothing to change'} (${ops(e.opCost)}, UTD6.3A)${left()}.`;
  },
  DefensesScrapped: (e, { who, sec, ops, left }) =>
    `♻️ ${who(e.playerId)} scraps ${e.baseIds.length} defense${e.baseIds.length === 1 ? '' : 's'} in ${sec(e.sector)} (${e.baseIds.join(', ')}) for ${e.refund} BPV, half their value (${ops(e.opCost)}, UTD6.3F)${left()}.`,
  DefensesArrived: (e, { who, sec, state }) => {
    const lines: string[] = [];
    if (e.baseIds.length) {
      const units = e.baseIds.map((id) => state.bases.find((b) => b.id === id)?.unitId ?? id);
      const sectors = [
        ...new Set(
          e.baseIds.map((id) => state.bases.find((b) => b.id === id)?.sector).filter((x): x is string => Boolean(x)),
        ),
      ];
      lines.push(
        `🛡️ New construction (step 10): ${who(e.playerId)}'s ${grouped(units)} take${e.baseIds.length === 1 ? 's' : ''} position in ${sectors.map(sec).join(', ')} (UTD6.3A).`,
      );
    }
    for (const c of e.cancelled)
      lines.push(
        `↩️ ${who(e.playerId)}'s **${c.unitId}** is not delivered: ${defenseCancelReason(c.reason, (key) => sectorLabel(state, key))}; ${c.refund} BPV back.`,
      );
    return lines.join('\n') || null;
  },
} satisfies Words<DefenseEvent>;

/** The line of one of these events; `undefined` when the event is another one. */
export function describeDefenseEvent(stored: StoredEvent, state: CampaignState): string | null | undefined {
  return describeFrom(DEFENSE_WORDS, stored, state);
}

/** `/defense status`: every sector with the player's defenses, their battle move cost and what may still be bought. */
export function defenseStatusText(state: CampaignState, playerId: string, catalog: UnitCatalog): string {
  const name = state.players.find((p) => p.id === playerId)?.name ?? playerId;
  const rows = defenseStatus(state, playerId, catalog);
  if (rows.length === 0) return `${name} has no defenses.`;
  const lines = rows.map((r) => {
    const c = r.counts;
    const head = `**${sectorLabel(state, r.sector)}** — monitor ${c.monitors}/1 · ground bases ${c.groundBases}/${r.groundBaseSite ? 6 : 0}${r.groundBaseSite ? '' : ' (no planet, moon or asteroid)'} · DefSats ${c.defsats}/5${c.repairFreighters ? ` · supporting RF ${c.repairFreighters}` : ''}${c.defendingShips ? ` · defending ships ${c.defendingShips}` : ''} · battle MC ${r.battleMc} (UTD7.4236)`;
    const units = r.units
      .map(
        (u) =>
          `${u.base.id} ${u.name}${u.base.pending ? ' (arrives at step 10)' : ''} — MC ${u.battleMc}, ${u.value} BPV`,
      )
      .join('; ');
    const blocked = r.blocked ? `\n  no new defenses here: ${r.blocked} (UTD7.33)` : '';
    return `${head}\n  ${units}${blocked}`;
  });
  return [`🛡️ **${name}'s defenses**`, ...lines].join('\n');
}
