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
  // The JSON of one array, written piece by piece: the pieces of the large parts (the map, the
  // bases, the fleets and their ships) are worked out once per frozen part, and a command that left
  // a part as it was hands on that very part (finished.ts `settleFinished`), so an order that moved
  // nothing does not look through 100 sectors and 400 ships again.
  return `[${[
    JSON.stringify([
      state.name,
      state.status,
      state.halfCycles,
      state.winner,
      state.settings.startYear,
      map.approvals.length,
      map.approved,
      state.turn
        ? [state.turn.playerId, state.turn.deadline, turnMoves(state).map((m) => [m.kind, m.from, m.to])]
        : null,
      state.players.map((p) => [p.id, p.name, p.seat, p.status, p.empire]),
    ]).slice(1, -1),
    piece(map, sectorsOf),
    piece(state.bases, basesOf),
    piece(state.fleets, fleetsOf),
    piece(state.fleets, (fleets) => shipsOf(state.ships, fleets), state.ships),
    JSON.stringify(
      unfinished('battles', state.battles)
        .map((b) => b.sector)
        .sort(),
    ),
  ].join(',')}]`;
}

type Part = object;

/** Pieces worked out from frozen parts (never changed), by the part, and where a piece reads two parts, by the other too. */
const pieces = new WeakMap<Part, WeakMap<object, string>>();

/** `make(part)`, kept for a frozen part (with `also`, the other frozen part it reads). */
function piece<T extends Part>(part: T, make: (part: T) => string, also?: Part): string {
  const frozen = Object.isFrozen(part) && (!also || Object.isFrozen(also));
  if (!frozen) return make(part);
  const key = also ?? make;
  let kept = pieces.get(part);
  if (!kept) pieces.set(part, (kept = new WeakMap()));
  let value = kept.get(key);
  if (value === undefined) kept.set(key, (value = make(part)));
  return value;
}

const dev = (d: { owner: string; status: string } | null) => (d ? `${d.owner}:${d.status}` : '');

/** Every sector as drawn, then the lanes. */
function sectorsOf(map: NonNullable<CampaignState['map']>): string {
  const sectors = map.sectors.map((s) => [
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
  ]);
  return JSON.stringify([sectors, map.lanes]).slice(1, -1);
}

function basesOf(bases: CampaignState['bases']): string {
  return JSON.stringify(bases.map((b) => [b.sector, b.role, b.owner, b.pending]).sort());
}

function fleetsOf(fleets: CampaignState['fleets']): string {
  return JSON.stringify(fleets.map((f) => `${f.sector}:${f.owner}`).sort());
}

/** Fleet badges show BPV: which ships sail in the fleets of each sector and owner. */
function shipsOf(ships: CampaignState['ships'], fleetList: CampaignState['fleets']): string {
  const fleets = new Map(fleetList.map((f) => [f.id, f]));
  return JSON.stringify(
    ships
      .flatMap((s) => {
        const f = s.fleetId !== null ? fleets.get(s.fleetId) : undefined;
        return f ? [`${f.sector}:${f.owner}:${s.unitId}:${s.bpv}`] : [];
      })
      .sort(),
  );
}
