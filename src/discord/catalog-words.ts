import { formatMoveClass, type MoveClass } from '../rules/exact/move-class.ts';
import type { AmendmentField, AmendmentValue, CatalogDifference } from '../rules/thunderdome/catalog/amend-events.ts';
import type { CoverageFinding, EmpireCoverage } from '../rules/thunderdome/catalog/coverage.ts';
import { shortVersion } from '../rules/thunderdome/catalog/version.ts';
import type { CampaignEvent } from '../rules/thunderdome/index.ts';
import type { Variant } from '../rules/kernel/tables.ts';
import type { Words } from './words-context.ts';

/** The catalog's events (UTD8.1; amendments during play, UTD1.7). */
export type CatalogEvent = Variant<
  CampaignEvent,
  'CatalogSet' | 'CatalogAmendmentProposed' | 'CatalogAmended' | 'CatalogAmendmentFailed'
>;

/** How each compared column is named and written in the difference post. */
const FIELD_WORDS = {
  bpv: { label: 'BPV', value: (v) => String(v) },
  mc: { label: 'move cost', value: (v) => (typeof v === 'number' ? formatMoveClass(v as MoveClass) : '—') },
  unitKind: { label: 'kind', value: (v) => String(v) },
  sizeClass: { label: 'size class', value: (v) => String(v) },
  cargoBoxes: { label: 'cargo boxes', value: (v) => String(v) },
  cargoContainers: { label: 'cargo containers', value: (v) => String(v) },
  shipyardCapacity: {
    label: 'yard capacity',
    value: (v) => (typeof v === 'number' ? formatMoveClass(v as MoveClass) : '—'),
  },
  dryDockPositions: { label: 'dry docks', value: (v) => (v === null ? '—' : String(v)) },
  worksBoxes: { label: 'works boxes', value: (v) => (v === null ? '—' : String(v)) },
  fighters: { label: 'fighters', value: (v) => String(v) },
  pfs: { label: 'PFs', value: (v) => (v === null ? '—' : String(v)) },
} as const satisfies Record<AmendmentField, { label: string; value: (v: AmendmentValue) => string }>;

/** Lists at most `max` items, then how many more. */
function some(items: readonly string[], max: number): string {
  if (items.length === 0) return 'none';
  return items.length > max ? `${items.slice(0, max).join(', ')} and ${items.length - max} more` : items.join(', ');
}

/**
 * The difference post of an amendment (UTD1.7): what changes for play, and every ship in play
 * it touches, so the players vote knowing. Long lists are cut; `/catalog show` has the rest.
 */
export function differenceLines(d: CatalogDifference, who: (id: string) => string): string[] {
  const lines = [
    `➕ Units added (${d.added.length}): ${some(d.added, 15)}.`,
    `➖ Units removed (${d.removed.length}): ${some(d.removed, 15)}.`,
    `✏️ Units changed (${d.changed.length}):${d.changed.length === 0 ? ' none.' : ''}`,
    ...d.changed
      .slice(0, 15)
      .map(
        (c) =>
          `  • \`${c.unitId}\`: ${c.fields.map((f) => `${FIELD_WORDS[f.field].label} ${FIELD_WORDS[f.field].value(f.from)} → ${FIELD_WORDS[f.field].value(f.to)}`).join(', ')}`,
      ),
    ...(d.changed.length > 15 ? [`  • … and ${d.changed.length - 15} more.`] : []),
    `🚀 In play and touched (${d.touched.length}):${d.touched.length === 0 ? ' nothing in play changes.' : ''}`,
    ...d.touched.slice(0, 25).map((t) => `  • ${TOUCHED_KIND[t.kind]} ${t.id} (\`${t.unitId}\`) of ${who(t.owner)}`),
    ...(d.touched.length > 25 ? [`  • … and ${d.touched.length - 25} more.`] : []),
  ];
  return lines;
}

const TOUCHED_KIND = { ship: 'ship', base: 'base', ordered: 'ordered ship' } as const satisfies Record<
  CatalogDifference['touched'][number]['kind'],
  string
>;

/** Announcement lines for the catalog's events (UTD8.1, UTD1.7, requirements §4.2). */
export const CATALOG_WORDS = {
  CatalogSet: (e, { state, stored }) =>
    [
      `📚 <@${stored.actor.userId}> switched **${state.name}** to ship catalog \`${shortVersion(e.version)}\` (${e.units} unit${e.units === 1 ? '' : 's'}; it was \`${shortVersion(e.previous)}\`).`,
      'Every price, move class and refit now comes from it; it stays pinned once play begins (requirements §4.2). Look units up with `/catalog search` and `/catalog show`.',
    ].join('\n'),
  CatalogAmendmentProposed: (e, { who }) =>
    [
      `📚 **Catalog amendment** (vote ${e.voteId}): \`${shortVersion(e.previous)}\` → \`${shortVersion(e.version)}\`. ${e.ships === 'keep' ? 'Ships in play keep their recorded prices.' : 'Ships in play of a repriced unit take the new price.'} What changes for play:`,
      ...differenceLines(e.difference, who),
    ].join('\n'),
  CatalogAmended: (e, { state }) =>
    [
      `📚 **${state.name}** now plays with ship catalog \`${shortVersion(e.version)}\` (was \`${shortVersion(e.previous)}\`), by vote ${e.voteId} (UTD1.7).`,
      e.repriced.length > 0
        ? `Re-priced: ${some(
            e.repriced.map((r) => `${r.shipId} ${r.from} → ${r.to} BPV`),
            15,
          )}.`
        : 'Ships in play keep their recorded prices.',
    ].join('\n'),
  CatalogAmendmentFailed: (e) =>
    `⚠️ Vote ${e.voteId} passed, but catalog \`${shortVersion(e.version)}\` no longer fits the campaign, so it was not adopted: ${[
      ...e.undefinedUnits.map((u) => `${u.id} (\`${u.unitId}\`) has no definition`),
      ...e.notWarship.map((id) => `defending ship ${id} would not be a warship (UTD8.134)`),
      ...e.overLimit.map((id) => `fleet ${id} would exceed 5 MC (UTD7.23)`),
    ].join('; ')}. Propose it again once that is settled.`,
} satisfies Words<CatalogEvent>;

/** One line per coverage finding (requirements §4.2; `/catalog coverage`). */
const FINDING_WORDS: { [C in CoverageFinding['code']]: (f: Extract<CoverageFinding, { code: C }>) => string } = {
  'no-warship': (f) =>
    `no warship buyable in the start year (UTD8.12)${f.firstYear === null ? '' : `; the first comes in Y${f.firstYear}`}`,
  'no-capital': () => 'no capital (`capital_lcd`) to place at home (UTD8.131)',
  'no-capital-rf': () => 'no large repair freighter for the capital (UTD8.133)',
  'no-ground-base': () => 'no small ground base for the starting defenses (UTD8.134)',
  'no-defsat': () => 'no DefSat for the starting defenses (UTD8.134)',
  'no-monitor': () => 'no monitor: the empire chooses 165 BPV of defending warships instead (UTD8.134, ISS-A102)',
  'no-troop-ship': (f) =>
    `no troop ship in the start year (UTD4.332)${f.firstYear === null ? '' : `; the first comes in Y${f.firstYear}`}`,
  'no-minesweeper': (f) =>
    `no minesweeper in the start year (UTD8.253)${f.firstYear === null ? '' : `; the first comes in Y${f.firstYear}`}`,
  'no-colony-freighter': (f) =>
    `no large freighter (not a Q-ship) to establish colonies in the start year (UTD4.331, UTD8.26)${f.firstYear === null ? '' : `; the first comes in Y${f.firstYear}`}`,
  'dead-end-edge': (f) =>
    `the ${f.edge} \`${f.from}\` → \`${f.to}\` ends in nothing: \`${f.to}\` ${f.why === 'retired' ? 'is retired by the time it is offered' : 'may never be bought'}`,
  restricted: (f) =>
    `restricted until voted in (UTD8.21, \`/vote restricted\`): ${some(
      f.unitIds.map((id) => `\`${id}\``),
      10,
    )}`,
};

function findingLine(f: CoverageFinding): string {
  return (FINDING_WORDS[f.code] as (x: CoverageFinding) => string)(f);
}

/** The coverage report: a line per empire, then its findings, blocking ones first. */
export function coverageText(report: { version: string; startYear: number; empires: EmpireCoverage[] }): string {
  const lines = [`📋 **Catalog coverage** of \`${shortVersion(report.version)}\` for a start in Y${report.startYear}:`];
  for (const e of report.empires) {
    const blocking = e.findings.filter((f) => f.blocking);
    const other = e.findings.filter((f) => !f.blocking);
    if (e.findings.length === 0) {
      lines.push(`✅ **${e.empire}** (${e.ownUnits} own units): nothing missing.`);
      continue;
    }
    lines.push(
      `${blocking.length ? '⛔' : '⚠️'} **${e.empire}** (${e.ownUnits} own units): ${blocking.length} gap${blocking.length === 1 ? '' : 's'} that stop the game, ${other.length} to know.`,
    );
    for (const f of [...blocking, ...other]) lines.push(`  ${f.blocking ? '⛔' : '•'} ${findingLine(f)}`);
  }
  return lines.join('\n');
}

/** The warning before `/campaign start` when the catalog has gaps (nothing is refused by it). */
export function coverageWarning(report: {
  version: string;
  startYear: number;
  empires: EmpireCoverage[];
}): string | null {
  const gaps = report.empires.filter((e) => e.findings.some((f) => f.code !== 'restricted'));
  if (gaps.length === 0) return null;
  return `⚠️ Before you start: the ship catalog lacks units this campaign will need (see \`/catalog coverage\`).\n${coverageText({ ...report, empires: gaps })}`;
}
