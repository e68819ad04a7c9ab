import { blackHoleDeltaV } from './black-hole.ts';
import type { Engagement, ImpulsePlot, N3dUnit, TurnDelta } from './engagement-types.ts';
import { esgStrength, esgCollides } from './esg.ts';
import { explosionDamageAtKm2 } from './explosion.ts';
import { chartSpeed, movesOnImpulse } from './impulse-chart.ts';
import { inDetonationZone } from './mines.ts';
import { asteroidHexesAt, inAtmosphere, inRing, insideBody, pathWithin } from './terrain.ts';
import { pursuitFacing } from './launch.ts';
import { moveOneImpulse } from './movement.ts';
import { orbitStep } from './orbit.ts';
import { orientation } from './orientation.ts';
import { rangeBetween } from './range.ts';
import { quarterOf, turnLimit, turnModeLimit } from './turn-modes.ts';
import { signedAngle } from './units.ts';
import { addVec, dist2, type Vec3 } from './vector.ts';
import { inWebHex } from './web.ts';

/**
 * One impulse of an engagement. All units act simultaneously: turns, pursuit and web tests use
 * where everyone was at the START of the impulse; then everyone moves; then collisions and
 * impacts are checked on the new positions, and seeking weapons that impacted leave the board.
 */
export type ImpulseEvent =
  | { kind: 'turned'; turn: number; impulse: number; unit: string; plot: ImpulsePlot }
  | { kind: 'turn-clamped'; turn: number; impulse: number; unit: string; plotted: TurnDelta; limit: number }
  | { kind: 'seeking-impact'; turn: number; impulse: number; unit: string; target: string; distanceKm: number }
  | { kind: 'esg-collision'; turn: number; impulse: number; generator: string; unit: string; strength: string }
  | { kind: 'warp-tac-ended'; turn: number; impulse: number; unit: string }
  /** P2.1, P2.231: the unit came closer to the centre than the radius: it collides or lands (SFB P2 decides which). */
  | { kind: 'body-contact'; turn: number; impulse: number; unit: string; body: string }
  | { kind: 'atmosphere-entered'; turn: number; impulse: number; unit: string; body: string }
  /** P2.223: in a ring on an impulse it would move on the traditional chart: SFB's ring damage applies. */
  | { kind: 'ring-damage'; turn: number; impulse: number; unit: string; body: string; speed: number }
  /** P3.2: in an asteroid hex (numbered from 1) on an impulse it would move on the traditional chart. */
  | { kind: 'asteroid-damage'; turn: number; impulse: number; unit: string; asteroid: number; speed: number }
  /** F4: a ballistic weapon reached a unit (less than one hex) and strikes it. */
  | { kind: 'ballistic-impact'; turn: number; impulse: number; unit: string; target: string; distanceKm: number }
  /** M2.40, M2.50: a mine went off; every unit takes strength ÷ distance² (D5.2). */
  | {
      kind: 'mine-detonated';
      turn: number;
      impulse: number;
      mine: string;
      owner: string;
      triggeredBy: string[];
      strength: number;
      hits: { unit: string; distanceKm: number; damage: number; webReduction: number }[];
    };

export function absoluteImpulse(turn: number, impulse: number): number {
  return (turn - 1) * 32 + impulse;
}

/** Where each web's anchors are now (unit anchors follow their units, G10.115). */
export function webLines(e: Engagement): { id: string; strength: number; line: Vec3[] }[] {
  const at = new Map(e.units.map((u) => [u.id, u.pos]));
  return e.webs.map((w) => ({
    id: w.id,
    strength: w.strength,
    line: w.anchors.flatMap((a) => ('point' in a ? [a.point] : at.has(a.unit) ? [at.get(a.unit)!] : [])),
  }));
}

/** G10.511: the strongest web whose field holds the position (0 if none). */
export function webStrengthAt(e: Engagement, pos: Vec3): number {
  return Math.max(
    0,
    ...webLines(e)
      .filter((w) => w.strength > 0 && inWebHex(pos, w.line))
      .map((w) => w.strength),
  );
}

function clampTurn(t: TurnDelta, limit: number): TurnDelta {
  const c = (d: number) => Math.max(-limit, Math.min(limit, signedAngle(d)));
  return { pitch: c(t.pitch), yaw: c(t.yaw), roll: c(t.roll) };
}

export function limitOf(e: Engagement, u: N3dUnit): number {
  return turnLimit(u.turnMode, u.speed, u.tac, u.outstandingCrew, e.options.multiHexFormula);
}

/** Runs the next impulse; `plots` holds the turn each ship uses (already taken off the queue). */
export function stepImpulse(
  e: Engagement,
  plots: ReadonlyMap<string, ImpulsePlot>,
): { engagement: Engagement; events: ImpulseEvent[] } {
  const impulse = e.impulse + 1;
  const turn = e.turn;
  const events: ImpulseEvent[] = [];
  const stamp = { turn, impulse };
  const quarter = (turn - 1) * 4 + quarterOf(impulse);
  const before = new Map(e.units.map((u) => [u.id, u.pos]));
  /** The whole speed each unit moves at this impulse, for the traditional chart (M2.40, P2.223, P3.2). */
  const chart = new Map<string, number>();

  const moved = e.units.map((start): N3dUnit => {
    let u = start;
    // C5.21: a warp TAC lasts its quarter turn only.
    if (u.warpTacQuarter !== undefined && u.warpTacQuarter !== quarter) {
      const { warpTacQuarter: _ended, ...rest } = u;
      u = { ...rest, tac: u.tac === 'both' ? 'sublight' : 'none' };
      events.push({ kind: 'warp-tac-ended', ...stamp, unit: u.id });
    }
    if (u.orbit) {
      const next = orbitStep(u.pos, u.facing, u.orbit.body, u.orbit.radiusKm, u.orbit.side);
      chart.set(u.id, chartSpeed({ ...u, inertia: { x: 0, y: 0, z: 0 } }));
      return { ...u, ...next, carry: { x: 0, y: 0, z: 0 } };
    }
    let facing = u.facing;
    let delta: TurnDelta | null = null;
    if (u.kind === 'base') {
      delta = u.baseRotation ?? null;
    } else if (u.kind === 'seeking') {
      // F4: a ballistic weapon never turns.
      const target = u.ballistic ? undefined : u.seekTarget ? before.get(u.seekTarget) : undefined;
      if (target)
        facing = pursuitFacing(u.facing, u.pos, target, turnModeLimit(u.turnMode, u.speed, e.options.multiHexFormula));
    } else {
      const plot = plots.get(u.id);
      if (plot && 'het' in plot) {
        facing = plot.het;
        events.push({ kind: 'turned', ...stamp, unit: u.id, plot });
      } else if (plot) {
        const limit = limitOf(e, u);
        delta = clampTurn(plot.turn, limit);
        if (
          delta.pitch !== signedAngle(plot.turn.pitch) ||
          delta.yaw !== signedAngle(plot.turn.yaw) ||
          delta.roll !== signedAngle(plot.turn.roll)
        ) {
          events.push({ kind: 'turn-clamped', ...stamp, unit: u.id, plotted: plot.turn, limit });
        }
        events.push({ kind: 'turned', ...stamp, unit: u.id, plot: { turn: delta } });
      }
    }
    let pull: Vec3 = { x: 0, y: 0, z: 0 };
    for (const hole of e.blackHoles) pull = addVec(pull, blackHoleDeltaV(hole, u.pos));
    const web = webStrengthAt(e, u.pos);
    const body = moveOneImpulse(
      { ...u, facing },
      delta ? orientation(delta.pitch, delta.yaw, delta.roll) : null,
      { webStrength: web, pull },
      e.options,
    );
    chart.set(u.id, chartSpeed({ facing: body.facing, speed: u.speed, inertia: body.inertia }, web));
    return { ...u, pos: body.pos, carry: body.carry ?? u.carry, facing: body.facing, inertia: body.inertia };
  });

  const after = new Map(moved.map((u) => [u.id, u.pos]));
  const impacted = new Set<string>();
  for (const g of moved) {
    if (g.esg) {
      for (const u of moved) {
        if (u.id === g.id) continue;
        const prev = dist2(before.get(g.id)!, before.get(u.id)!);
        const cur = dist2(after.get(g.id)!, after.get(u.id)!);
        if (esgCollides(prev, cur, g.esg.radiusKm))
          events.push({
            kind: 'esg-collision',
            ...stamp,
            generator: g.id,
            unit: u.id,
            strength: esgStrength(g.esg.radiusKm, g.esg.energy),
          });
      }
    }
    // F2.3: within 0.9999 hex of its target a seeking weapon is in the target's hex and impacts;
    // at exactly 1.0000 it is not. It leaves the board; the damage is SFB's (its warhead).
    if (g.kind === 'seeking' && g.seekTarget && after.has(g.seekTarget)) {
      const r = rangeBetween(g.pos, after.get(g.seekTarget)!);
      if (r.sameHex) {
        events.push({ kind: 'seeking-impact', ...stamp, unit: g.id, target: g.seekTarget, distanceKm: r.distanceKm });
        impacted.add(g.id);
      }
    }
  }
  // F4: a ballistic weapon strikes the nearest unit less than one hex away: not its own launcher,
  // nor another seeking weapon.
  for (const g of moved) {
    if (g.kind !== 'seeking' || !g.ballistic || impacted.has(g.id)) continue;
    const hit = moved
      .filter((u) => u.id !== g.id && u.id !== g.launcher && u.kind !== 'seeking' && !impacted.has(u.id))
      .map((u) => ({ u, r: rangeBetween(g.pos, u.pos) }))
      .filter((x) => x.r.sameHex)
      .sort((a, b) => a.r.distanceKm - b.r.distanceKm)[0];
    if (hit) {
      events.push({ kind: 'ballistic-impact', ...stamp, unit: g.id, target: hit.u.id, distanceKm: hit.r.distanceKm });
      impacted.add(g.id);
    }
  }
  const survivors = impacted.size === 0 ? moved : moved.filter((u) => !impacted.has(u.id));
  const scheduled = (id: string) => movesOnImpulse(chart.get(id) ?? 0, impulse);

  // P2.1, P2.231, P2.223: planets, moons and their rings; P3.2: asteroid hexes.
  for (const u of survivors) {
    const from = before.get(u.id)!;
    const to = after.get(u.id)!;
    for (const b of e.bodies ?? []) {
      if (!insideBody(from, b) && pathWithin(from, to, b.centre, b.radiusKm))
        events.push({ kind: 'body-contact', ...stamp, unit: u.id, body: b.id });
      else if (b.atmosphereKm !== undefined && !inAtmosphere(from, b) && pathWithin(from, to, b.centre, b.atmosphereKm))
        events.push({ kind: 'atmosphere-entered', ...stamp, unit: u.id, body: b.id });
      if (b.ring && scheduled(u.id) && inRing(to, b))
        events.push({ kind: 'ring-damage', ...stamp, unit: u.id, body: b.id, speed: chart.get(u.id) ?? 0 });
    }
    if (scheduled(u.id))
      for (const n of asteroidHexesAt(to, e.asteroids ?? []))
        events.push({ kind: 'asteroid-damage', ...stamp, unit: u.id, asteroid: n, speed: chart.get(u.id) ?? 0 });
  }

  // M2.40, M2.50: a mine goes off when a unit in its zone is scheduled to move this impulse.
  const lines = (e.mines ?? []).length > 0 ? webLines(e).filter((w) => w.line.length > 0) : [];
  const inWeb = (p: Vec3) => lines.some((w) => inWebHex(p, w.line));
  const mines = (e.mines ?? []).filter((m) => {
    const triggeredBy = survivors.filter((u) => scheduled(u.id) && inDetonationZone(u.pos, m)).map((u) => u.id);
    if (triggeredBy.length === 0) return true;
    const sourceInWeb = inWeb(m.pos);
    events.push({
      kind: 'mine-detonated',
      ...stamp,
      mine: m.id,
      owner: m.owner,
      triggeredBy,
      strength: m.strength,
      hits: survivors.map((u) => {
        const d2 = dist2(m.pos, u.pos);
        const hit = explosionDamageAtKm2(m.strength, d2, sourceInWeb || inWeb(u.pos));
        return {
          unit: u.id,
          distanceKm: rangeBetween(m.pos, u.pos).distanceKm,
          damage: hit.damage,
          webReduction: hit.webReduction,
        };
      }),
    });
    return false;
  });

  const next: Engagement =
    impulse === 32
      ? { ...e, units: survivors, mines, turn: turn + 1, impulse: 0 }
      : { ...e, units: survivors, mines, impulse };
  return { engagement: next, events };
}
