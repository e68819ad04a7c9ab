import { bpvToString } from '../../rules/exact/bpv.ts';
import { formatMoveClass, mc } from '../../rules/exact/move-class.ts';
import {
  effectiveMoveCost,
  isCoEligible,
  isYardKind,
  shortVersion,
  wreckThreshold,
  type CatalogIndex,
  type CatalogUnit,
} from '../../rules/thunderdome/catalog/index.ts';
import { CO_POOL_PCT, coPool } from '../../rules/thunderdome/officers/index.ts';
import { chargeLine, conversionCost, refitCost } from '../../rules/thunderdome/shipyards/index.ts';
import { defaultSettings, type Settings } from '../../rules/thunderdome/settings.ts';

/**
 * `/catalog search` and `/catalog show` in words (requirements §4.2). Everything fits one Discord
 * message (2,000 characters): search pages hold at most `SEARCH_PAGE` lines, and `show` trims
 * long refit and conversion lists with a count of what was left out.
 */
export const SEARCH_PAGE = 15;
const MESSAGE_LIMIT = 2000;

/** `1/3` for a sixtieths count; an em dash when absent. */
function mcText(sixtieths: number | null): string {
  return sixtieths === null ? '—' : formatMoveClass(mc(sixtieths));
}

function yearText(year: number): string {
  return `Y${year}`;
}

export function unitLine(u: CatalogUnit): string {
  const move = effectiveMoveCost(u);
  return `\`${u.unitId}\` ${u.name} — ${u.empire} ${u.unitKind.replace('_', ' ')}, ${u.bpvEconomic} BPV${move === null ? '' : `, MC ${mcText(move)}`}, SC${u.sizeClass}, ${yearText(u.yearAvailable)}`;
}

export interface SearchPage {
  hits: readonly CatalogUnit[];
  /** 1-based; clamped to the pages there are. */
  page: number;
  /** What was asked, for the heading (e.g. `"cruiser", LYR, Y165`). */
  asked: string;
  version: string;
}

/** One page of search results with a heading that says how to see the next one. */
export function catalogSearchText(p: SearchPage): string {
  const pages = Math.max(1, Math.ceil(p.hits.length / SEARCH_PAGE));
  const page = Math.min(Math.max(1, p.page), pages);
  const shown = p.hits.slice((page - 1) * SEARCH_PAGE, page * SEARCH_PAGE);
  const head = `📚 Catalog \`${shortVersion(p.version)}\` — ${p.hits.length} unit${p.hits.length === 1 ? '' : 's'} for ${p.asked}${pages > 1 ? ` (page ${page} of ${pages})` : ''}`;
  if (p.hits.length === 0) return `${head}\nNo unit matches. Search by id, name, hull code or empire code (\`LYR\`).`;
  const lines = [head];
  for (const u of shown) {
    const line = `• ${unitLine(u)}`;
    if (lines.join('\n').length + line.length + 120 > MESSAGE_LIMIT) break;
    lines.push(line);
  }
  const foot = pages > 1 && page < pages ? `Next: \`/catalog search page:${page + 1}\` with the same query.` : '';
  return [...lines, ...(foot ? [foot] : []), 'Details: `/catalog show unit:<id>`.'].join('\n');
}

const FLAG_NAMES: [keyof CatalogUnit, string][] = [
  ['isLargeFreighter', 'large freighter'],
  ['isQShip', 'Q-ship'],
  ['isTroopShip', 'troop ship'],
  ['isMinesweeper', 'minesweeper'],
  ['isEscort', 'escort'],
  ['megafighterCapable', 'megafighter capable'],
  ['droneUser', 'drone user'],
  ['isDroneBombardment', 'drone bombardment'],
  ['plasmaTorps', 'plasma torpedoes'],
  ['hasPhaserIv', 'phaser-IV'],
  ['isDreadnought', 'dreadnought'],
  ['isBattleship', 'battleship (restricted)'],
  ['isBattleTug', 'battle tug'],
  ['isXShip', 'X-ship (restricted)'],
  ['isConjectural', 'conjectural (restricted)'],
  ['isMauler', 'mauler'],
  ['isStasisShip', 'stasis ship'],
  ['isCommandShip', 'command ship'],
  ['isPriorityTransport', 'priority transport'],
  ['needsPlanetSite', 'needs a planet, moon or asteroid site'],
  ['nsmCapable', 'NSM capable'],
  ['webCaster', 'web caster'],
];

function opt(value: number | string | null, suffix = ''): string {
  return value === null ? '—' : `${value}${suffix}`;
}

/**
 * Every field of a unit, its refits and conversions with their costs for one ship (UTD6.3755,
 * 6.3764, ISS-A03 rounding), and its commander's option pool (UTD7.A2). Costs and the pool use
 * the campaign's settings when there is a campaign, the defaults otherwise.
 */
export function catalogUnitText(index: CatalogIndex, u: CatalogUnit, settings: Settings = defaultSettings()): string {
  const move = effectiveMoveCost(u);
  const moveNote =
    u.unitKind === 'monitor' || u.unitKind === 'defsat' || u.unitKind === 'ground_base'
      ? ' (rule MC for defenses, UTD7.4235#2)'
      : '';
  const kind =
    u.unitKind.replace('_', ' ') +
    (u.groundBaseSize ? ` (${u.groundBaseSize}${u.groundBaseRole ? ` ${u.groundBaseRole}` : ''})` : '');
  const wreck = wreckThreshold(u);
  const lines = [
    `📘 **${u.name}** \`${u.unitId}\` — ${u.empire} ${kind}, hull ${u.hullCode}, family \`${u.hullFamily}\`${u.buildable ? '' : ' · **not buildable** (UTD7.25#2)'}`,
    `BPV **${u.bpvEconomic}** economic (UTD1.2)${u.bpvCombat ? `, ${u.bpvCombat} combat` : ''} · MC **${mcText(move)}**${moveNote} · size class ${u.sizeClass} · available ${yearText(u.yearAvailable)}${u.yearRetired !== null ? `, retired ${yearText(u.yearRetired)}` : ''}`,
    `Command rating ${opt(u.commandRating)} · speed ${opt(u.maxSpeed)}${wreck !== null ? ` (wrecked at ${wreck} or less, UTD6.3E)` : ''} · damage control ${opt(u.damageControl)} · tractors ${u.tractorBeams}`,
    `Cargo ${u.cargoBoxes} box${u.cargoBoxes === 1 ? '' : 'es'}${u.cargoContainers !== null ? `, ${u.cargoContainers} container${u.cargoContainers === 1 ? '' : 's'}` : ''} · repair freighter ${u.repairFreighter} · carrier ${u.carrierType.replace('_', ' ')}${u.escortRequirement !== null ? ` (needs ${u.escortRequirement} escort${u.escortRequirement === 1 ? '' : 's'})` : ''}`,
    `Fighters ${u.fighters}${u.fighterTypeId ? ` × \`${u.fighterTypeId}\`` : ''} (spares ${u.fighterSpares}) · PFs ${opt(u.pfs)}${u.pfTypeId ? ` × \`${u.pfTypeId}\`` : ''}${u.pfSpares !== null ? ` (spares ${u.pfSpares})` : ''}${u.fighterEquivalents !== null ? ` · ${u.fighterEquivalents} fighter equivalent${u.fighterEquivalents === 1 ? '' : 's'} (UTD7.24)` : ''}`,
  ];
  const flags = FLAG_NAMES.filter(([key]) => u[key] === true).map(([, name]) => name);
  if (flags.length) lines.push(`Flags: ${flags.join(', ')}`);
  if (isYardKind(u.unitKind)) {
    lines.push(
      `Shipyard: capacity ${mcText(u.shipyardCapacity)} (UTD6.372) · dry-dock positions ${opt(u.dryDockPositions)} (UTD7.62) · works boxes ${opt(u.worksBoxes)} (UTD6.3724)`,
    );
  }
  const pct = settings['co.poolPct'] ?? CO_POOL_PCT;
  lines.push(
    isCoEligible(u, settings['co.mediumGroundBaseEligible'])
      ? `Commander's options (UTD7.A2): pool **${coPool(u.bpvEconomic, pct)}** BPV (${pct}% of ${u.bpvEconomic}, rounded up), free`
      : `Commander's options (UTD7.A): none, a ${kind} is not eligible`,
  );

  const rounding = settings['cost.rounding'] as Parameters<typeof chargeLine>[1];
  const cost = (parts: Parameters<typeof chargeLine>[0]) => bpvToString(chargeLine(parts, rounding));
  const refits = index.refitsFrom(u.unitId).map((e) => {
    const to = index.unit(e.toUnitId);
    const price = to
      ? cost([refitCost(u.bpvEconomic, to.bpvEconomic, settings['cost.refitMinPct'], e.costOverride)])
      : '?';
    return `→ \`${e.toUnitId}\` ${e.refitCode}, ${yearText(e.yearAvailable)}, ${price} BPV${e.costOverride !== null ? ' (catalog price)' : ''}${e.capturedAllowed ? ', allowed on captured ships (UTD6.3772)' : ''}`;
  });
  const conversions = index.conversionsFrom(u.unitId).map((e) => {
    const to = index.unit(e.toUnitId);
    const price = to ? cost([conversionCost(u.bpvEconomic, to.bpvEconomic, settings['cost.conversionMinPct'])]) : '?';
    return `→ \`${e.toUnitId}\`, ${yearText(e.yearAvailable)}, ${price} BPV${e.source === 'FE_SIT' ? ', F&E SIT (only if voted in, UTD6.3762)' : ''}`;
  });
  const into = [
    ...index.refitsTo(u.unitId).map((e) => `\`${e.fromUnitId}\` (refit)`),
    ...index.conversionsTo(u.unitId).map((e) => `\`${e.fromUnitId}\` (conversion)`),
  ];
  const section = (title: string, items: string[]) => {
    if (items.length === 0) return;
    lines.push(`**${title}**`);
    for (const [i, item] of items.entries()) {
      const line = `  ${item}`;
      // Leave room for the sections still to come; say how many were left out.
      if (lines.join('\n').length + line.length > MESSAGE_LIMIT - 400) {
        lines.push(`  … and ${items.length - i} more`);
        return;
      }
      lines.push(line);
    }
  };
  section('Refits (UTD6.375)', refits);
  section('Conversions (UTD6.376)', conversions);
  if (into.length) lines.push(fitLine(`Made from: ${into.join(', ')}`, lines));
  if (u.sfbRef) lines.push(fitLine(`Reference: ${u.sfbRef}`, lines));
  if (u.notes) lines.push(fitLine(`Notes: ${u.notes.replace(/\s+/g, ' ')}`, lines));
  return lines.join('\n').slice(0, MESSAGE_LIMIT);
}

/** A trailing line trimmed to what is left of the message. */
function fitLine(line: string, before: string[]): string {
  const room = MESSAGE_LIMIT - before.join('\n').length - 2;
  return line.length <= room ? line : `${line.slice(0, Math.max(0, room - 1))}…`;
}

/** `/catalog search`: the heading says what was asked (e.g. `"cruiser", LYR, available in Y165`). */
export function catalogSearchAnswer(
  found: { query: { text?: string; empire?: string; year?: number }; hits: readonly CatalogUnit[]; version: string },
  page: number,
): string {
  const text = found.query.text ?? '';
  const q = found.query;
  const asked = [
    text ? `"${text.slice(0, 60)}"` : 'everything',
    q.empire,
    q.year !== undefined ? `available in Y${q.year}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return catalogSearchText({ hits: found.hits, page, asked, version: found.version });
}

/** `/catalog import`: what was stored, with the warnings that did not refuse it. */
export function catalogImportDetails(r: {
  version: string;
  units: number;
  refits: number;
  conversions: number;
  warnings: readonly string[];
  omittedWarnings: number;
}): string {
  const counts = `${r.units} units, ${r.refits} refits, ${r.conversions} conversions`;
  const warnings = r.warnings.length
    ? `\n⚠️ ${r.warnings.length + r.omittedWarnings} warning(s), which do not refuse the import:\n${r.warnings.map((w) => `• ${w}`).join('\n')}`
    : '';
  return `📚 Catalog \`${shortVersion(r.version)}\` (${counts}); full version \`${r.version}\`.${warnings}`.slice(
    0,
    1990,
  );
}

/** `/catalog list`: the versions stored in this bot, newest first (the catalog library, requirements §4.2). */
export function catalogLibraryText(
  list: {
    total: number;
    page: number;
    versions: readonly { version: string; name: string; unitCount: number; importedBy: string; importedAt: Date }[];
  },
  pageSize: number,
  current: string | null,
): string {
  if (list.total === 0)
    return '📚 No catalog is stored in this bot yet: the campaigns play with the bundled sample. Import one with `/catalog import` (get the format with `/catalog template`).';
  const pages = Math.max(1, Math.ceil(list.total / pageSize));
  const lines = [
    `📚 **Catalog library**: ${list.total} version${list.total === 1 ? '' : 's'} (page ${list.page} of ${pages}).`,
  ];
  for (const v of list.versions)
    lines.push(
      `• \`${shortVersion(v.version)}\` **${v.name || '(unnamed)'}**: ${v.unitCount} units, imported by <@${v.importedBy}> on ${v.importedAt.toISOString().slice(0, 10)}${v.version === current ? ' ← this campaign' : ''}`,
    );
  if (list.versions.length === 0) lines.push('(no versions on this page)');
  lines.push(
    'Switch a campaign before its start with `/catalog use version:`; during play put one to the vote with `/catalog amend`.',
  );
  return lines.join('\n').slice(0, 1990);
}

/** `/catalog export`: the message that comes with the three files. */
export function catalogExportText(e: { version: string; name: string }): string {
  return `📚 Catalog \`${shortVersion(e.version)}\`${e.name ? ` **${e.name}**` : ''} in the import format (full version \`${e.version}\`). Import these files with \`/catalog import\` on any server: the version stays the same.`;
}

/** `/catalog import` while the campaign is under way: kept in the library, not switched. */
export function catalogStoredPinnedText(details: string, version: string): string {
  return `${details}\nStored in the library. This campaign is under way, so its catalog changes only by the players' vote: \`/catalog amend version:${shortVersion(version)}\` (UTD1.7).`.slice(
    0,
    2000,
  );
}
