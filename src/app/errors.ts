import { RuleViolation, type RuleError } from '../rules/errors.ts';

/** Outcome of a use case as the presentation layer sees it. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: RuleError };

export function userError(code: string, rule: string, message: string, hint?: string): { ok: false; error: RuleError } {
  return { ok: false, error: hint === undefined ? { code, rule, message } : { code, rule, message, hint } };
}

/**
 * A refusal with the names players typed that it quotes (`RuleError.quoted`): the ruleset says which
 * text of a state players typed (`typedNames`); the Discord layer shows those pieces as typed.
 */
export function withTypedNames(error: RuleError, names: readonly string[]): RuleError {
  const text = `${error.message}\n${error.hint ?? ''}`;
  // Only names with a character other than letters, digits and spaces can mean anything to Discord.
  const marked = names.filter((n) => /[^\p{L}\p{N}\s]/u.test(n) && text.includes(n));
  const quoted = [...new Set([...(error.quoted ?? []), ...marked])];
  return quoted.length === 0 ? error : { ...error, quoted };
}

/**
 * Runs rules code that refuses by throwing (`refuse`) and hands the refusal back as a value, so
 * commands see refusals only as `ok: false` outcomes (design §3.4). Anything else still throws.
 */
export function guarded<T>(fn: () => T): Outcome<T> {
  try {
    return { ok: true, value: fn() };
  } catch (err) {
    if (err instanceof RuleViolation) return { ok: false, error: err.error };
    throw err;
  }
}
