import { randomBytes } from 'node:crypto';
import type { CommandInput, CommandTarget } from '../app/run-command.ts';
import type { Actor } from '../rules/thunderdome/index.ts';

/*
 * The state of Confirm/Cancel prompts, apart from the code that answers them (confirmations.ts):
 * `CommandContext` (command.ts) carries the book, and the answering code imports the presenter,
 * which imports command.ts; keeping the book here keeps that chain free of a cycle.
 */

/** An irreversible step that is asked about before it is done, with Confirm and Cancel buttons. */
export interface ConfirmStep {
  command: Exclude<CommandInput, { type: 'create' }>;
  /** What the player is about to do, as a question ("End your turn?"). */
  question: string;
  /** What follows and why it cannot be taken back. */
  consequence: string;
  /** The rule the step is made under, cited when a stale button is refused. */
  rule: string;
  /** The slash command to run again after a refusal, e.g. `/turn end`. */
  again: string;
}

export interface Pending {
  step: ConfirmStep;
  actor: Actor;
  target: CommandTarget;
  version: number;
  expiresAt: number;
}

/**
 * Confirm/Cancel buttons: `confirm:<yes|no>:<token>:<version>`. The version the player saw is in
 * the button itself, so a button pressed after the campaign changed is refused whatever this
 * process remembers; the command itself (which may name 200 characters of ship ids) is kept here.
 */
export const CONFIRM_CUSTOM_ID = /^confirm:(yes|no):([0-9a-f]{12}):(\d+)$/;

export function isConfirmButton(customId: string): boolean {
  return CONFIRM_CUSTOM_ID.test(customId);
}

/**
 * The prompts waiting for a click, per bot process. A restart forgets them: the buttons then
 * answer that the confirmation is gone and nothing was done (ephemeral prompts are short-lived
 * anyway; Discord lets the bot edit one for 15 minutes).
 */
export class ConfirmationBook {
  static readonly LIFETIME_MS = 15 * 60_000;
  private readonly pending = new Map<string, Pending>();

  add(entry: Pending): string {
    const token = randomBytes(6).toString('hex');
    this.pending.set(token, entry);
    return token;
  }

  /** Takes a prompt out, so a second click (or a click racing it) finds nothing to run. */
  take(token: string, now: number): Pending | null {
    const entry = this.pending.get(token);
    this.pending.delete(token);
    for (const [t, e] of this.pending) if (e.expiresAt <= now) this.pending.delete(t);
    return entry && entry.expiresAt > now ? entry : null;
  }

  putBack(token: string, entry: Pending): void {
    this.pending.set(token, entry);
  }

  get size(): number {
    return this.pending.size;
  }
}
