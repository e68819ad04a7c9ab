/**
 * Shared types of the SIDCORS quick-combat engine (the F&E combat-round system extracted in the
 * VBSF page; research digest §A.2.14). Thunderdome III battles may use it instead of playing SFB
 * when both sides agree.
 */
export type Side = 'A' | 'B';
export const SIDES: readonly Side[] = ['A', 'B'];

export function otherSide(side: Side): Side {
  return side === 'A' ? 'B' : 'A';
}

export interface SidcorsFlags {
  /** Carries a mauler cannon (directed damage at 1:1, halved when unaccompanied, breakdown roll). */
  mauler?: boolean;
  /** Scout-capable: scout ship, battle station, mobile base or starbase. Crippled scouts do not count. */
  scout?: boolean;
  /** Die shift this unit gives as a scout ("EW=2" in the SIT). Defaults to 1 for a scout; a unit with EW ≥ 1 counts as a scout. */
  ew?: number;
  /** Romulan or Orion cloaking ship: a force made only of these may make the cloak roll. */
  cloak?: boolean;
  /** Base, planet, FRD or convoy: cannot retreat, so the enemy picks both intensity factors. */
  cannotRetreat?: boolean;
  /**
   * Informational only. Which units can take transferred fighters is read from the factors:
   * a unit with room under its (F) or (CF) fighter factor takes them.
   */
  carrier?: boolean;
}

export interface SidcorsUnit {
  id: string;
  side: Side;
  /** F&E factor string `A-D(F)/CA-CD(CF)`, for example `8-8/4-4` or `10-10(6)/5-5(3)`. */
  factors: string;
  crippled: boolean;
  /**
   * Fighter/PF factors aboard now, when fewer than the factor string shows (losses in an earlier
   * round). Absent means the full (F), or (CF) when crippled.
   */
  fighters?: number;
  flags?: SidcorsFlags;
}

/** Campaign-level choices the source leaves open (digest §A.4); the defaults are the digest's Rec. */
export interface SidcorsOptions {
  /** Plus and minus points carried to the next round of the same battle (default true). */
  plusMinus?: boolean;
  /** Fighter/PF factors count towards Combat Potential (default true; digest V24). */
  fightersInComPot?: boolean;
  /** Allow BIR 0, 1, 9 and 10 by extrapolating the coefficient formula (default false; digest V19). */
  extrapolateBir?: boolean;
  /**
   * Both sides with a working scout, which the extract leaves open (digest V22): `net` (default,
   * the digest's Rec.) shifts the weaker side by the difference of the best EWs; `cancel` gives
   * no scout shift to either side.
   */
  bothScouts?: BothScouts;
}

export const BOTH_SCOUTS = ['net', 'cancel'] as const;
export type BothScouts = (typeof BOTH_SCOUTS)[number];

export interface ResolvedOptions {
  plusMinus: boolean;
  fightersInComPot: boolean;
  extrapolateBir: boolean;
  bothScouts: BothScouts;
}

export function resolveOptions(options: SidcorsOptions | undefined): ResolvedOptions {
  return {
    plusMinus: options?.plusMinus ?? true,
    fightersInComPot: options?.fightersInComPot ?? true,
    extrapolateBir: options?.extrapolateBir ?? false,
    bothScouts: options?.bothScouts ?? 'net',
  };
}

export type PerSide<T> = Record<Side, T>;
