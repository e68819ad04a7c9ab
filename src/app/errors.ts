import type { RuleError } from '../rules/errors.ts';

/** Outcome of a use case as the presentation layer sees it. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: RuleError };

export function userError(code: string, rule: string, message: string, hint?: string): { ok: false; error: RuleError } {
  return { ok: false, error: hint === undefined ? { code, rule, message } : { code, rule, message, hint } };
}
