import { refuse } from '../rules/errors.ts';
import { FLEET_SYSTEMS, type FleetCheck, type FleetSystem } from '../rules/fleet-size/index.ts';
import {
  chooseFlagship,
  checkSourcesOf,
  fleetUnitsFor,
  runFleetCheck,
  type CheckSource,
  type MissingColumn,
} from '../rules/thunderdome/battles/fleet-size-limit.ts';
import { battleByRef, sideOfUser, unitName } from '../rules/thunderdome/battles/common.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import { campaignInChannel } from './campaigns.ts';
import type { AppContext } from './context.ts';
import { guarded, type Outcome } from './errors.ts';

/**
 * `/fleet check` (digest P-A2): a campaign fleet or battle fleet as the VBSF
 * fleet-size rules see it, built from the catalog. Values the catalog does not have are never
 * guessed: a value the system cannot do without stops the check and names the missing column;
 * one that only refines it is reported with its column and what was assumed. It reads the
 * campaign only; nothing is changed.
 */

/** The fleet-size systems, as choices for the command definition. */
export const FLEET_SYSTEM_CHOICES = FLEET_SYSTEMS.map((v) => ({
  name: { bpv: 'BPV Capacity', bigships: 'Big Ships', fcp: 'Flexible Command' }[v],
  value: v,
}));

export type { CheckSource, FleetSystem, MissingColumn };

/** The units `/fleet check` looks at: a fleet's ships, or one side of a battle (throws a RuleViolation for an unknown battle). */
function checkSources(
  state: CampaignState,
  who: string,
  slot: string | null | undefined,
  ref: string | null | undefined,
): { title: string; ids: string[] } | null {
  if (ref) {
    const b = battleByRef(state, ref);
    const side = sideOfUser(b, who);
    const p = side ? b.participants.find((x) => x.side === side) : undefined;
    return p
      ? {
          title: `battle ${b.id} (${side === 'npe' ? 'NPE' : (state.players.find((x) => x.id === side)?.name ?? side)})`,
          ids: p.units,
        }
      : null;
  }
  const fleet = state.fleets.find((f) => f.owner === who && String(f.slot) === slot?.trim());
  return fleet
    ? {
        title: `fleet ${fleet.slot} of ${state.players.find((x) => x.id === who)?.name ?? who}`,
        ids: state.ships.filter((s) => s.fleetId === fleet.id).map((s) => s.id),
      }
    : null;
}

/** The units of the fleet or battle side a check would look at, named for autocomplete; none when it names nothing. */
export function fleetCheckUnits(
  state: CampaignState,
  who: string,
  fleet: string | null,
  battle: string | null,
): { id: string; name: string }[] {
  const found = guarded(() => checkSources(state, who, fleet, battle));
  const ids = found.ok ? (found.value?.ids ?? []) : [];
  return ids.map((id) => ({ id, name: unitName(state, id) }));
}

export interface FleetCheckRequest {
  system: FleetSystem;
  /** Whose fleet (default: the actor's). */
  player?: string;
  fleet?: string;
  battle?: string;
  flagship?: string;
  web?: number;
  crew?: 'poor' | 'normal' | 'outstanding';
  legendary?: boolean;
}

export type FleetCheckAnswer =
  | { kind: 'missing'; system: FleetSystem; title: string; missing: MissingColumn[] }
  | {
      kind: 'checked';
      title: string;
      flagship: { id: string; why: string | null };
      result: FleetCheck;
      missing: MissingColumn[];
    };

export async function checkFleetSize(
  app: AppContext,
  channelId: string,
  actorId: string,
  req: FleetCheckRequest,
): Promise<Outcome<FleetCheckAnswer>> {
  const state = await campaignInChannel(app, channelId);
  if (!state)
    return {
      ok: false,
      error: { code: 'campaign/none', rule: 'UTD8.1', message: 'There is no campaign in this channel.' },
    };
  const who = req.player ?? actorId;
  if (!req.fleet === !req.battle) {
    return {
      ok: false,
      error: {
        code: 'fleet/check-what',
        rule: 'VBSF fleet composition',
        message: 'Name either a `fleet:` or a `battle:` to check.',
      },
    };
  }
  const found = guarded(() => checkSources(state, who, req.fleet, req.battle));
  if (!found.ok) return found;
  const sources0 = found.value;
  if (!sources0 || sources0.ids.length === 0)
    return {
      ok: false,
      error: {
        code: 'fleet/check-none',
        rule: 'VBSF fleet composition',
        message: 'There is no such fleet, or no units in it, to check.',
        hint: 'In a battle, only its sides have a fighting fleet.',
      },
    };
  const catalog = await app.catalogs.get(state.catalogVersion);
  return guarded((): FleetCheckAnswer => {
    const sources: CheckSource[] = checkSourcesOf(state, catalog, sources0.ids);
    const named = req.flagship?.trim();
    if (named && !sources0.ids.includes(named))
      refuse(
        'fleet/no-flagship',
        'VBSF fleet composition',
        `The flagship ${named.slice(0, 40)} is not in ${sources0.title}.`,
        `Its units: ${sources0.ids.join(', ')}.`,
      );
    const system = req.system;
    const draft = fleetUnitsFor(system, sources, named ?? '');
    const flagship = named ? { id: named, why: null } : chooseFlagship(draft.units);
    if (!flagship) refuse('fleet/check-none', 'VBSF fleet composition', 'The fleet has no ship to lead it.');
    const { units, missing } = fleetUnitsFor(system, sources, flagship.id);
    if (missing.some((m) => m.required)) return { kind: 'missing', system, title: sources0.title, missing };
    const result = runFleetCheck(state, system, units, flagship.id, {
      ...(req.web !== undefined ? { web: req.web } : {}),
      ...(req.crew !== undefined ? { crew: req.crew } : {}),
      ...(req.legendary !== undefined ? { legendary: req.legendary } : {}),
    });
    return { kind: 'checked', title: sources0.title, flagship, result, missing };
  });
}
