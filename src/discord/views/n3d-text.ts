import type { EnergyPlot } from '../../app/n3d.ts';
import {
  formatDegrees,
  formatHexes,
  formatHexes4,
  plotStatus,
  signedAngle,
  type ArcsReport,
  type Engagement,
  type ExplosionRow,
  type ImpulseEvent,
  type ImpulsePlot,
  type N3dBody,
  type N3dMine,
  type N3dUnit,
  type RangeRow,
  type TurnMode,
} from '../../rules/n3d/index.ts';
import { mention } from '../words.ts';

/**
 * The words of `/n3d` (a battle aid, docs/rules-notes.md). Every function here receives the PUBLIC view of an engagement
 * (`publicView`), except `plotConfirmText` and `myPlotsText`, which are sent only to the owner.
 * Positions are in hexes (x north, y up, z west, C1.12); angles in degrees (yaw + = left).
 */

/** What the channel may see: `publicView(engagement)`, plots replaced by their lengths. */
export type PublicEngagement = Engagement & { plotted: Record<string, number> };

const deg = (units: number): string => formatDegrees(signedAngle(units));
const signed = (units: number): string => {
  const s = formatDegrees(signedAngle(units));
  return s.startsWith('-') || s === '0' ? s : `+${s}`;
};

export function turnModeLabel(m: TurnMode): string {
  return m.kind === 'class' ? m.class : m.kind === 'seeking' ? 'seeking' : `${m.hexes}-hex`;
}

export function pointText(p: { x: number; y: number; z: number }): string {
  return `(${formatHexes(p.x)}, ${formatHexes(p.y)}, ${formatHexes(p.z)})`;
}

export function facingText(f: { pitch: number; yaw: number; roll: number }): string {
  return `${deg(f.pitch)}/${deg(f.yaw)}/${deg(f.roll)}`;
}

export function unitLine(u: N3dUnit): string {
  const parts = [
    `**${u.id}** ${u.name} · ${mention(u.owner)}`,
    `at ${pointText(u.pos)}`,
    `facing ${facingText(u.facing)}`,
    `speed ${formatHexes(u.speed)}${u.thrust ? `, thrust ${formatHexes(u.thrust)}` : ''}`,
    `turn mode ${turnModeLabel(u.turnMode)}${u.tac !== 'none' ? `, TAC ${u.tac}` : ''}`,
  ];
  if (u.kind !== 'ship') parts.push(u.kind);
  return `• ${parts.join(' · ')}`;
}

export function bodyLine(b: N3dBody): string {
  return `• 🪐 **${b.id}** ${b.name} (${b.kind}) at ${pointText(b.centre)}, radius ${formatHexes(b.radiusKm)}${
    b.atmosphereKm !== undefined ? `, atmosphere ${formatHexes(b.atmosphereKm)}` : ''
  }${b.ring ? `, ring ${formatHexes(b.ring.innerKm)}–${formatHexes(b.ring.outerKm)}` : ''}`;
}

export function clockText(e: Engagement): string {
  return `turn ${e.turn}, ${e.impulse === 0 ? 'before impulse 1' : `after impulse ${e.impulse}`}`;
}

const STRAIGHT: ImpulsePlot = { turn: { pitch: 0, yaw: 0, roll: 0 } };

/** Who still has to plot `count` impulses, from the public plot counts (nobody's plots are shown). */
export function waitingText(e: PublicEngagement, count = 1): string {
  // plotStatus reads queue lengths only; the public view keeps just those lengths.
  const status = plotStatus(
    {
      ...e,
      plots: Object.fromEntries(
        Object.entries(e.plotted).map(([id, n]) => [id, Array.from({ length: n }, () => STRAIGHT)]),
      ),
    },
    count,
  );
  if (status.missing.length === 0)
    return `✅ Every unit has plotted at least ${status.ready} impulse${status.ready === 1 ? '' : 's'}: \`/n3d impulse count:${Math.min(status.ready, 32)}\` can run.`;
  return `⏳ Waiting on ${status.waitingOn.map(mention).join(', ')} (${status.missing.join(', ')}).`;
}

export function engagementText(battleId: string, e: PublicEngagement): string {
  const plotted = e.plotted;
  const lines = [
    `🛰️ **'n3D engagement of battle ${battleId}** — ${clockText(e)} (units in hexes: x north, y up, z west; facing pitch/yaw/roll)`,
  ];
  for (const u of e.units)
    lines.push(
      `${unitLine(u)}${plotted[u.id] ? ` · ${plotted[u.id]} impulse${plotted[u.id] === 1 ? '' : 's'} plotted` : ''}`,
    );
  if (e.units.length === 0) lines.push('No units yet: `/n3d unit add`.');
  for (const b of e.bodies ?? []) lines.push(bodyLine(b));
  if ((e.asteroids ?? []).length > 0)
    lines.push(
      `• 🪨 ${e.asteroids.length} asteroid hexes (P3.11)${e.terrainSeed ? `, rolled with seed \`${e.terrainSeed.slice(0, 16)}…\`` : ''}`,
    );
  return lines.join('\n');
}

export function setupText(battleId: string, e: PublicEngagement, how: string): string {
  return [
    `🛰️ **'n3D engagement started for battle ${battleId}** (${how}). Plots are secret until every owner has plotted (\`/n3d plot\`).`,
    engagementText(battleId, e),
    waitingText(e),
  ].join('\n');
}

function plotStep(p: ImpulsePlot): string {
  if ('het' in p) return `HET to ${facingText(p.het)}`;
  const t = p.turn;
  return t.pitch === 0 && t.yaw === 0 && t.roll === 0
    ? 'straight'
    : `pitch ${signed(t.pitch)} yaw ${signed(t.yaw)} roll ${signed(t.roll)}`;
}

/** Consecutive equal impulses as one entry: "yaw +3 ×4; straight ×2". */
export function plotSummary(plots: readonly ImpulsePlot[]): string {
  const out: { text: string; n: number }[] = [];
  for (const p of plots) {
    const text = plotStep(p);
    const last = out.at(-1);
    if (last && last.text === text) last.n++;
    else out.push({ text, n: 1 });
  }
  return out.map((x) => (x.n > 1 ? `${x.text} ×${x.n}` : x.text)).join('; ');
}

export function energyText(energy: EnergyPlot | undefined): string {
  if (!energy) return '';
  const parts: string[] = [];
  if (energy.speed !== undefined) parts.push(`speed ${formatHexes(energy.speed)}`);
  if (energy.thrust !== undefined) parts.push(`thrust ${formatHexes(energy.thrust)}`);
  if (energy.tac !== undefined) parts.push(`TAC ${energy.tac}`);
  return parts.join(', ');
}

/** Ephemeral, to the owner only. */
export function plotConfirmText(
  battleId: string,
  u: N3dUnit,
  plots: readonly ImpulsePlot[],
  energy: EnergyPlot | undefined,
): string {
  const e = energyText(energy);
  return [
    `🤫 Plotted for **${u.id}** ${u.name} (battle ${battleId}): ${plots.length} impulse${plots.length === 1 ? '' : 's'} — ${plotSummary(plots)}.`,
    e ? `From the next impulse: ${e}.` : '',
    'Only you see this; it stays secret until every owner has plotted and the impulses run.',
  ]
    .filter(Boolean)
    .join('\n');
}

/** Ephemeral, to the owner only. */
export function myPlotsText(
  battleId: string,
  units: readonly N3dUnit[],
  plots: Record<string, ImpulsePlot[]>,
  pending: Record<string, EnergyPlot>,
  mines: readonly N3dMine[] = [],
): string {
  if (units.length === 0 && mines.length === 0)
    return `You have no units in the 'n3D engagement of battle ${battleId}.`;
  const lines = [`🤫 Your plots in battle ${battleId} (only you see this):`];
  for (const u of units) {
    const p = plots[u.id];
    const e = energyText(pending[u.id]);
    lines.push(
      `• **${u.id}** ${u.name}: ${p?.length ? `${p.length} impulse${p.length === 1 ? '' : 's'} — ${plotSummary(p)}` : 'nothing plotted'}${e ? ` · then ${e}` : ''}`,
    );
  }
  for (const m of mines)
    lines.push(
      `• 💣 mine **${m.id}** at ${pointText(m.pos)}: strength ${m.strength}, detects at ${formatHexes(m.radiusKm)} hex (M2.40)`,
    );
  return lines.join('\n');
}

/** Ephemeral, to the layer only: mines are secret until they go off (M2.40). */
export function mineLaidText(battleId: string, m: N3dMine, count: number): string {
  return `🤫 Mine **${m.id}** laid at ${pointText(m.pos)} (battle ${battleId}): strength ${m.strength}, goes off when a unit within ${formatHexes(m.radiusKm)} hex moves on its impulse-chart impulse (M2.40), doing strength ÷ distance² to every unit (M2.50). Only you see it; you have ${count} mine${count === 1 ? '' : 's'} here.`;
}

/** Public, after `/n3d plot`: who has plotted, never what. */
export function plottedNoticeText(battleId: string, owner: string, unitId: string, e: PublicEngagement): string {
  return `🛰️ ${mention(owner)} has plotted ${unitId} in battle ${battleId}. ${waitingText(e)}`;
}

export function impulseText(
  battleId: string,
  from: PublicEngagement,
  to: PublicEngagement,
  events: readonly ImpulseEvent[],
): string {
  const n = (to.turn - from.turn) * 32 + to.impulse - from.impulse;
  const lines = [
    `▶️ **Battle ${battleId}: ${n} impulse${n === 1 ? '' : 's'} run**, now ${clockText(to)} (the plots used are revealed).`,
  ];
  const turned = new Map<string, ImpulsePlot[]>();
  for (const ev of events) {
    const at = `impulse ${ev.impulse}`;
    switch (ev.kind) {
      case 'turned':
        turned.set(ev.unit, [...(turned.get(ev.unit) ?? []), ev.plot]);
        break;
      case 'turn-clamped':
        lines.push(
          `⚠️ ${ev.unit} ${at}: plotted turn over its ${formatDegrees(ev.limit)}° limit, cut to the limit (C3.1).`,
        );
        break;
      case 'seeking-impact':
        lines.push(
          `💥 ${ev.unit} ${at}: impacts ${ev.target} (${formatHexes4(ev.distanceKm)} hexes, F2.3) and leaves the board; resolve its damage as in SFB.`,
        );
        break;
      case 'ballistic-impact':
        lines.push(
          `💥 ${ev.unit} ${at}: flying ballistic, strikes ${ev.target}, the nearest unit within one hex (${formatHexes4(ev.distanceKm)} hexes, F4, F2.3); resolve its damage as in SFB.`,
        );
        break;
      case 'esg-collision':
        lines.push(`🔵 ${ev.unit} ${at}: hits ${ev.generator}'s expanding sphere, strength ${ev.strength} (G23).`);
        break;
      case 'warp-tac-ended':
        lines.push(`${ev.unit} ${at}: warp tactical maneuver ended (C5.21).`);
        break;
      case 'body-contact':
        lines.push(
          `🪐 ${ev.unit} ${at}: closer to ${ev.body}'s centre than its radius: it collides or lands (P2.1, P2.231), as SFB's planet rules say.`,
        );
        break;
      case 'atmosphere-entered':
        lines.push(`🌫️ ${ev.unit} ${at}: enters ${ev.body}'s atmosphere (P2.1).`);
        break;
      case 'ring-damage':
        lines.push(
          `🪨 ${ev.unit} ${at}: in ${ev.body}'s ring on an impulse it moves on the traditional chart (speed ${ev.speed}): roll its ring damage (P2.223).`,
        );
        break;
      case 'asteroid-damage':
        lines.push(
          `🪨 ${ev.unit} ${at}: in asteroid hex ${ev.asteroid} on an impulse it moves on the traditional chart (speed ${ev.speed}): roll its asteroid damage (P3.2).`,
        );
        break;
      case 'mine-detonated': {
        const hit = ev.hits.filter((h) => h.damage > 0);
        lines.push(
          `💣 ${at}: a mine of strength ${ev.strength} goes off, set off by ${ev.triggeredBy.join(', ')} (M2.40; strength ÷ distance², M2.50, D5.2): ${
            hit.length
              ? hit
                  .map(
                    (h) =>
                      `${h.unit} **${h.damage}** (${formatHexes4(h.distanceKm)} hexes${h.webReduction ? `, web −${h.webReduction}` : ''})`,
                  )
                  .join(', ')
              : 'no damage'
          }.`,
        );
        break;
      }
    }
  }
  for (const [unit, plots] of turned) lines.push(`↪️ ${unit}: ${plotSummary(plots)}`);
  lines.push(engagementText(battleId, to), waitingText(to));
  return lines.join('\n');
}

export function rangeText(battleId: string, rows: readonly RangeRow[]): string {
  if (rows.length === 0) return `No pairs of units to measure in battle ${battleId}.`;
  const lines = [
    `📏 **Ranges in battle ${battleId}** (D1.4: the distance rounded down; bearing + = starboard, pitch + = above)`,
  ];
  for (const r of rows)
    lines.push(
      `• ${r.from} → ${r.to}: range **${r.range}**${r.sameHex ? ' (same hex)' : ''} · ${formatHexes4(r.distanceKm)} hexes · bearing ${formatDegrees(r.arcBearing)}° · pitch ${signed(r.relPitch)}°`,
    );
  return lines.join('\n');
}

export function arcsText(battleId: string, a: ArcsReport): string {
  return [
    `🎯 **${a.shooter} → ${a.target}** (battle ${battleId}): range **${a.range}** (${formatHexes4(a.distanceKm)} hexes), bearing ${formatDegrees(a.arcBearing)}°, relative pitch ${signed(a.relPitch)}°`,
    `Yaw arcs (D2): ${a.yawArcs.length ? a.yawArcs.join(', ') : 'none'}`,
    `Pitch mounts (D2.12): ${a.mounts.length ? a.mounts.join(', ') : 'none'}${a.mauler ? ' · mauler arc' : ''}${a.swivel ? ' · swivel arc' : ''}`,
    a.blockedByWeb.length ? `🕸️ The line of fire crosses web ${a.blockedByWeb.join(', ')} (G10.61).` : '',
    a.blockedByBody.length
      ? `🪐 The line of sight passes through ${a.blockedByBody.join(', ')}: blocked as through a planet's hex (P2.1).`
      : '',
    a.asteroidHexes
      ? `🪨 The line of fire passes through ${a.asteroidHexes} asteroid hex${a.asteroidHexes === 1 ? '' : 'es'} (P3.12).`
      : '',
  ]
    .filter(Boolean)
    .join('\n');
}

export function explosionText(
  battleId: string,
  where: string,
  strength: number,
  rows: readonly ExplosionRow[],
): string {
  const lines = [
    `💥 **Explosion of strength ${strength} at ${where}** (battle ${battleId}; D5.2: strength ÷ distance², fractions dropped)`,
  ];
  for (const r of rows)
    lines.push(
      `• ${r.unit}: ${formatHexes4(r.distanceKm)} hexes → **${r.damage}** damage${r.inWeb ? ` (web: strength ${r.strength}, G10.72)` : ''}`,
    );
  if (rows.length === 0) lines.push('No unit is there to be hit.');
  return lines.join('\n');
}
