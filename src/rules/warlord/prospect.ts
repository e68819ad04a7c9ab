/**
 * Prospecting (§4.9 PRSP, §7.6, §2.10, App B–F). The yield is
 *   base × (1 + 10% × (crew − 3) + 25% if survey / notification / Prime Team)
 * plus, for a Jindarian in an asteroid field, 33% of that total paid as OR, plus, for a notification
 * ship, 10% of the BASE value paid in the lowest resource. A supernova always yields exactly 100.
 * Rounded half up (the Jindarian example: 39.6 → 40, G19).
 */
import { type Resources, each, lowestResources, roundHalfUp, zero } from './economy.ts';
import type { Resource } from './tables.ts';

export interface ProspectInput {
  baseValue: number;
  crew: number;
  /** Survey (Y), notification (N) or a Prime Team aboard: +25%, not cumulative (§7.6). */
  surveyBonus: boolean;
  notification: boolean;
  jindarianInAsteroids: boolean;
  supernova: boolean;
}

export interface ProspectYield {
  ep: number;
  /** Extra single-resource amounts (Jindarian OR, notification bonus). */
  extra: Resources;
  total: Resources;
}

/** `pickLowest` chooses among tied lowest resources (the die breaks ties, §4.9). */
export function prospectYield(
  p: ProspectInput,
  treasury: Resources,
  pickLowest: (tied: Resource[]) => Resource,
): ProspectYield {
  if (p.supernova) return { ep: 100, extra: zero(), total: each(100) };
  const raw = p.baseValue * (1 + (p.crew - 3) / 10 + (p.surveyBonus || p.notification ? 0.25 : 0));
  const epGain = roundHalfUp(raw);
  const extra = zero();
  if (p.jindarianInAsteroids) extra.OR += roundHalfUp(epGain * 0.33);
  if (p.notification) {
    const tied = lowestResources(treasury);
    const res = tied.length === 1 ? (tied[0] as Resource) : pickLowest(tied);
    extra[res] += roundHalfUp(p.baseValue * 0.1);
  }
  const total = each(epGain);
  for (const k of Object.keys(extra) as Resource[]) total[k] += extra[k];
  return { ep: epGain, extra, total };
}
