/**
 * Rule failures are values, not exceptions (design §3.2): every refusal carries a stable
 * code, the rule it enforces, a sentence for the player, and where possible what would be legal.
 * Exceptions thrown from the rules layer mean bugs.
 */
export interface RuleError {
  readonly code: string;
  /** The rule id the refusal cites, for example `UTD8.113`. */
  readonly rule: string;
  readonly message: string;
  /** What the player could do instead, when there is something useful to say. */
  readonly hint?: string;
  /**
   * Text players typed (a campaign's, a player's or a sector's name) that `message` or `hint`
   * quotes. The rules write plain text; whoever shows it (src/discord/words.ts `describeError`)
   * makes these pieces inert there (Markdown shown as typed, no mention). The app fills it in
   * (src/app/errors.ts `withTypedNames`), so a refusal need not list what it interpolated.
   */
  readonly quoted?: readonly string[];
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: RuleError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail(code: string, rule: string, message: string, hint?: string): { ok: false; error: RuleError } {
  return { ok: false, error: hint === undefined ? { code, rule, message } : { code, rule, message, hint } };
}

/** Thrown inside a decision to abort it with a rule error; caught by `decide` wrappers. */
export class RuleViolation extends Error {
  constructor(readonly error: RuleError) {
    super(`${error.rule}: ${error.message}`);
  }
}

export function refuse(code: string, rule: string, message: string, hint?: string): never {
  throw new RuleViolation(hint === undefined ? { code, rule, message } : { code, rule, message, hint });
}
