import type { FleetCheck, FleetSystem } from '../../rules/fleet-size/index.ts';
import type { MissingColumn } from '../../app/fleet-check.ts';

/**
 * `/fleet check` (digest P-A2): the answer of a VBSF fleet-size check (built in
 * src/app/fleet-check.ts), or the catalog columns it could not do without.
 */
export const SYSTEM_NAME: Readonly<Record<FleetSystem, string>> = {
  bpv: 'BPV Capacity',
  bigships: 'Big Ships',
  fcp: 'Flexible Command',
};

export function missingText(system: FleetSystem, title: string, missing: readonly MissingColumn[]): string {
  const required = missing.filter((m) => m.required);
  return [
    `⚠️ **${SYSTEM_NAME[system]} check of ${title} cannot be made**: the catalog lacks values it needs, and they are not guessed.`,
    ...required.map((m) =>
      m.column === 'unit_id'
        ? `• not in the catalog at all: ${m.units.join(', ')}`
        : `• column \`${m.column}\` has no value for ${m.units.join(', ')}`,
    ),
    '💡 Import a catalog with these optional columns filled in (issue 9 §4).',
  ].join('\n');
}

export function fleetCheckText(
  title: string,
  flagship: { id: string; why: string | null },
  r: FleetCheck,
  missing: readonly MissingColumn[],
): string {
  const unit = r.system === 'bpv' ? 'BPV' : r.system === 'fcp' ? 'FCP' : r.used === 1 ? 'ship' : 'ships';
  const lines = [
    `${r.ok ? '✅' : '❌'} **${SYSTEM_NAME[r.system]} check of ${title}**: ${r.used} ${unit} used of ${r.limit}. Flagship ${flagship.id}${flagship.why ? ` (${flagship.why}; name another with \`flagship:\`)` : ''}.`,
  ];
  if (r.limitBreakdown.length) lines.push(`Limit: ${r.limitBreakdown.join(', ')}.`);
  for (const l of r.lines) lines.push(`• ${l.className} (${l.id}): ${l.cost}${l.note ? ` — ${l.note}` : ''}`);
  lines.push(...r.problems.map((p) => `❌ ${p}`));
  lines.push(...r.warnings.map((w) => `⚠️ ${w}`));
  for (const m of missing.filter((x) => !x.required))
    lines.push(`⚠️ Column \`${m.column}\` has no value for ${m.units.join(', ')}: ${m.effect ?? 'not used'}.`);
  return lines.join('\n');
}
