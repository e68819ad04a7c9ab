import { refuse } from '../../errors.ts';
import { yearValueTimesTwo } from '../calendar.ts';
import type { RefitEdge } from '../catalog/types.ts';
import type { Decider } from '../decider.ts';
import { requireMegafighterLimit } from '../carriers.ts';
import type { Player, Ship } from '../state.ts';
import type { UnitInfo } from '../units.ts';

/**
 * Which refits and conversions a ship may receive: the catalog's refits.csv and conversions.csv
 * edges (UTD6.3753, 6.3762), available by campaign year (UTD6.3755, 6.3764), and for captured
 * ships only the limited refits of UTD6.3772.
 */

export function unitOf(d: Decider, ship: Ship): UnitInfo {
  const unit = d.ctx.catalog.get(ship.unitId);
  if (!unit)
    refuse(
      'catalog/unknown-unit',
      'UTD1.6',
      `${ship.id} is a \`${ship.unitId}\`, which this campaign's catalog does not know.`,
    );
  return unit;
}

function targetUnit(d: Decider, toId: string, rule: string): UnitInfo {
  const to = d.ctx.catalog.get(toId.trim());
  if (!to)
    refuse(
      'catalog/unknown-unit',
      rule,
      `\`${toId.slice(0, 40)}\` is not in this campaign's ship catalog.`,
      'Search it with `/catalog search`.',
    );
  if (to.restricted)
    refuse(
      'unit/restricted',
      'UTD8.21',
      `${to.name} is a restricted unit (${to.restricted}); it needs a supermajority vote to be allowed.`,
    );
  return to;
}

function yearLabel(yearTimesTwo: number): string {
  return `Y${yearTimesTwo / 2}`;
}

function availableNow(d: Decider, year: number | null): boolean {
  return year === null || year * 2 <= yearValueTimesTwo(d.state.settings.startYear, d.state.halfCycles);
}

/** UTD6.3753/6.3772: the refit edge from the ship's configuration to `toId`, refusing what is not allowed. */
export function refitTo(d: Decider, ship: Ship, toId: string): { edge: RefitEdge; to: UnitInfo } {
  const edges = d.ctx.catalog.refitsFrom?.(ship.unitId) ?? [];
  const edge = edges.find((e) => e.toUnitId === toId.trim());
  if (ship.captured && !edge?.capturedAllowed) {
    refuse(
      'yard/captured-refit',
      'UTD6.3772',
      `${ship.unitId} (${ship.id}) is a captured ship: it may not be refitted or converted, except to faster drones or improved plasma torpedoes where the catalog allows it.`,
      edges.some((e) => e.capturedAllowed)
        ? `Allowed: ${edges
            .filter((e) => e.capturedAllowed)
            .map((e) => e.toUnitId)
            .join(', ')}.`
        : undefined,
    );
  }
  if (!edge) {
    const hint = edges.length
      ? `Refits of ${ship.unitId}: ${edges.map((e) => `${e.toUnitId} (${e.refitCode})`).join(', ')}.`
      : `The catalog has no refit for ${ship.unitId}.`;
    refuse(
      'yard/no-refit',
      'UTD6.3753',
      `No refit leads from ${ship.unitId} to \`${toId.slice(0, 40)}\`.`,
      d.ctx.catalog.conversionsFrom?.(ship.unitId).some((e) => e.toUnitId === toId.trim())
        ? 'That is a conversion: use `/yard convert`.'
        : hint,
    );
  }
  const to = targetUnit(d, edge.toUnitId, 'UTD6.3753');
  if (!availableNow(d, edge.yearAvailable) || !availableNow(d, to.yearAvailable)) {
    refuse(
      'yard/refit-not-yet',
      'UTD6.3755',
      `The ${edge.refitCode} refit to ${to.name} is available from Y${Math.max(edge.yearAvailable, to.yearAvailable ?? 0)}; the campaign is in ${yearLabel(yearValueTimesTwo(d.state.settings.startYear, d.state.halfCycles))}.`,
    );
  }
  // UTD8.22: a refit to megafighters makes the one megafighter squadron, on a true carrier.
  requireMegafighterLimit(d, ownerOf(d, ship), to, ship.id);
  return { edge, to };
}

/** UTD6.3762/6.3772: the conversion edge from the ship's configuration to `toId`. */
export function conversionTo(d: Decider, ship: Ship, toId: string): UnitInfo {
  if (ship.captured)
    refuse(
      'yard/captured-conversion',
      'UTD6.3772',
      `${ship.unitId} (${ship.id}) is a captured ship: it may not be converted.`,
    );
  const edges = d.ctx.catalog.conversionsFrom?.(ship.unitId) ?? [];
  const edge = edges.find((e) => e.toUnitId === toId.trim());
  if (!edge) {
    const hint = edges.length
      ? `Conversions of ${ship.unitId}: ${edges.map((e) => e.toUnitId).join(', ')}.`
      : `SFB allows no conversion of ${ship.unitId} in this catalog.`;
    refuse(
      'yard/no-conversion',
      'UTD6.3762',
      `No conversion leads from ${ship.unitId} to \`${toId.slice(0, 40)}\`.`,
      d.ctx.catalog.refitsFrom?.(ship.unitId).some((e) => e.toUnitId === toId.trim())
        ? 'That is a refit: use `/yard refit`.'
        : hint,
    );
  }
  if (edge.source === 'FE_SIT' && (d.state.settings as Record<string, unknown>)['allow.feSitConversions'] !== true) {
    refuse(
      'yard/fe-sit',
      'UTD6.3762',
      `The conversion to ${edge.toUnitId} comes from the F&E SITs, which this campaign has not allowed.`,
      'A supermajority may allow them (setting `allow.feSitConversions`).',
    );
  }
  const to = targetUnit(d, edge.toUnitId, 'UTD6.3762');
  if (!availableNow(d, edge.yearAvailable) || !availableNow(d, to.yearAvailable)) {
    refuse(
      'yard/conversion-not-yet',
      'UTD6.3764',
      `The conversion to ${to.name} is available from Y${Math.max(edge.yearAvailable, to.yearAvailable ?? 0)}; the campaign is in ${yearLabel(yearValueTimesTwo(d.state.settings.startYear, d.state.halfCycles))}.`,
    );
  }
  requireMegafighterLimit(d, ownerOf(d, ship), to, ship.id);
  return to;
}

/** Whether `toId` is a refit or a conversion of the ship's configuration (for the overhaul combination). */
export function changeKind(d: Decider, ship: Ship, toId: string): 'refit' | 'convert' {
  const t = toId.trim();
  if (d.ctx.catalog.conversionsFrom?.(ship.unitId).some((e) => e.toUnitId === t)) return 'convert';
  return 'refit';
}

function ownerOf(d: Decider, ship: Ship): Player {
  return d.state.players.find((p) => p.id === ship.owner)!;
}
