import { refuse } from '../../errors.ts';
import { bpv, bpvToString, type Bpv } from '../../exact/bpv.ts';
import type { Decider } from '../decider.ts';
import type { UnitRef } from '../reasons.ts';
import type { Battle, BattleParticipant, CampaignState } from '../state.ts';

export const NPE = 'npe';

/** A battle by id (K12 or 12), refusing with the open ones listed. */
export function battleByRef(state: CampaignState, ref: string): Battle {
  const id = ref.trim().toUpperCase().replace(/^#/, '');
  const b = state.battles.find((x) => x.id === id || x.id === `K${id}`);
  if (!b) {
    const open = state.battles.filter((x) => x.status === 'open').map((x) => x.id);
    refuse(
      'battle/unknown',
      'UTD7.4',
      `There is no battle \`${ref.slice(0, 20)}\`.`,
      open.length ? `Open battles: ${open.join(', ')}.` : 'No battle is open.',
    );
  }
  return b;
}

export function openBattle(state: CampaignState, ref: string): Battle {
  const b = battleByRef(state, ref);
  if (b.status !== 'open') refuse('battle/resolved', 'UTD7.4', `Battle ${b.id} is already resolved.`);
  return b;
}

export function participant(b: Battle, side: string): BattleParticipant {
  const p = b.participants.find((x) => x.side === side);
  if (!p) refuse('battle/not-a-side', 'UTD7.42', `You are not a side of battle ${b.id}.`);
  return p;
}

/** Player sides (not the NPE). */
export function playerSides(b: Battle): string[] {
  return b.sides.filter((s) => s !== NPE);
}

/** Who speaks for a side: the player, or the NPE's runner. */
export function speakerOf(b: Battle, side: string): string | null {
  // UTD3.91: a stand-in approved by the players speaks for the side that resigned.
  const standIn = b.standIns?.[side];
  if (standIn) return standIn;
  return side === NPE ? (b.npe?.runner ?? null) : side;
}

/** The side the acting user speaks for in this battle (a player, or the runner for the NPE). */
export function sideOfUser(b: Battle, userId: string): string | null {
  // UTD3.91: a player who resigned no longer speaks for his side; his stand-in does.
  const gone = (side: string) => Boolean(b.standIns?.[side]) || b.resigned?.side === side;
  if (b.sides.includes(userId) && userId !== NPE && !gone(userId)) return userId;
  if (b.npe?.runner === userId && !gone(NPE)) return NPE;
  // UTD3.91: a stand-in speaks for the side that resigned.
  for (const [side, standIn] of Object.entries(b.standIns ?? {})) if (standIn === userId) return side;
  return null;
}

/** Economic BPV of a ship or base (catalog value, else what was paid). */
export function unitBpv(d: Decider, id: string): Bpv {
  const ship = d.state.ships.find((s) => s.id === id);
  const base = ship ? undefined : d.state.bases.find((x) => x.id === id);
  const unit = ship ?? base;
  if (!unit) {
    for (const b of d.state.battles) {
      const n = b.npe?.force.find((f) => f.id === id);
      if (n) return bpv(n.bpv);
    }
    return bpv(0);
  }
  const info = d.ctx.catalog.get(unit.unitId);
  return bpv(info?.bpv ?? unit.bpv);
}

export function sumBpv(d: Decider, ids: readonly string[]): string {
  return bpvToString(ids.reduce((sum, id) => sum.add(unitBpv(d, id)), bpv(0)));
}

export function unitName(state: CampaignState, id: string): string {
  return unitLabel(unitRef(state, id));
}

/** A unit as the state knows it now, to name it later (BattleResolved keeps these: destroyed units leave the state). */
export function unitRef(state: CampaignState, id: string): UnitRef {
  const ship = state.ships.find((s) => s.id === id);
  if (ship) return { kind: 'ship', id, unitId: ship.unitId };
  const base = state.bases.find((b) => b.id === id);
  if (base) return { kind: 'base', id, unitId: base.unitId, role: base.role };
  for (const b of state.battles) {
    const n = b.npe?.force.find((f) => f.id === id);
    if (n) return { kind: 'npe', id, unitId: n.unitId };
  }
  return { kind: 'unknown', id };
}

/** `LYR-CA (S12)`, `BATS (B3, defense)`, `NPE FED-FF (N40)`, or the bare id of an unknown unit. */
export function unitLabel(u: UnitRef): string {
  switch (u.kind) {
    case 'ship':
      return `${u.unitId} (${u.id})`;
    case 'base':
      return `${u.unitId} (${u.id}, ${u.role})`;
    case 'npe':
      return `NPE ${u.unitId} (${u.id})`;
    case 'unknown':
      return u.id;
  }
}

/** Whose unit an id is: the ship's or base's owner, or `npe` for an NPE force unit. */
export function ownerOf(state: CampaignState, id: string): string | null {
  const ship = state.ships.find((s) => s.id === id);
  if (ship) return ship.owner;
  const base = state.bases.find((b) => b.id === id);
  if (base) return base.owner;
  if (state.battles.some((b) => b.npe?.force.some((f) => f.id === id))) return NPE;
  return null;
}

export function hoursFrom(now: Date, hours: number): string {
  return new Date(now.getTime() + hours * 3_600_000).toISOString();
}

/** An enemy fortification in the sector stops `side` from disengaging (UTD7.4622; not in NPE sectors, ISS-A63). */
export function fortBlocks(state: CampaignState, b: Battle, side: string): boolean {
  const sector = state.map!.sectors.find((s) => s.key === b.sector)!;
  const fort = sector.fort;
  return Boolean(fort && fort.status !== 'pending' && fort.owner !== side && b.sides.includes(fort.owner));
}
