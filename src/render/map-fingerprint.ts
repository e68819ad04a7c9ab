import type { CampaignState } from '../rules/thunderdome/state.ts';
import { unfinished } from '../rules/thunderdome/finished.ts';
import { turnMoves } from './map-moves.ts';

/**
 * A short text that changes exactly when the map image would (UTD1.12; the map is "posted after every
 * change of the map"): the title (name, calendar, status, whose turn, deadline), the legend
 * (players, seats, status), every sector as drawn (type, name, owner, developments, NPE, terrain),
 * the lanes, bases, fleets by sector and owner with the ships in them (their badges show the BPV),
 * open battles and this turn's moves. Order points,
 * banks, votes and other things the map does not show leave it unchanged, so spending BPV at a
 * shipyard does not post a new map.
 */
export function mapFingerprint(state: CampaignState): string {
  const map = state.map;
  if (!map)
    return JSON.stringify(['no-map', state.name, state.status, state.players.map((p) => [p.id, p.name, p.status])]);
  const dev = (d: { owner: string; status: string } | null) => (d ? `${d.owner}:${d.status}` : '');
  const fleets = new Map(state.fleets.map((f) => [f.id, f]));
  return JSON.stringify([
    state.name,
    state.status,
    state.halfCycles,
    state.winner,
    state.settings.startYear,
    map.approvals.length,
    map.approved,
    state.turn ? [state.turn.playerId, state.turn.deadline, turnMoves(state).map((m) => [m.kind, m.from, m.to])] : null,
    state.players.map((p) => [p.id, p.name, p.seat, p.status, p.empire]),
    map.sectors.map((s) => [
      s.key,
      s.name,
      s.type,
      s.owner,
      s.homeSlot,
      dev(s.colony),
      dev(s.mine),
      dev(s.fort),
      s.npe?.status ?? '',
      s.x,
      s.y,
      s.terrain,
      s.overlays,
    ]),
    map.lanes,
    state.bases.map((b) => [b.sector, b.role, b.owner, b.pending]).sort(),
    state.fleets.map((f) => `${f.sector}:${f.owner}`).sort(),
    // Fleet badges show BPV: which ships sail in the fleets of each sector and owner.
    state.ships
      .flatMap((s) => {
        const f = s.fleetId !== null ? fleets.get(s.fleetId) : undefined;
        return f ? [`${f.sector}:${f.owner}:${s.unitId}:${s.bpv}`] : [];
      })
      .sort(),
    unfinished('battles', state.battles)
      .map((b) => b.sector)
      .sort(),
  ]);
}
