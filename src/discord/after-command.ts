import { DiscordAPIError, type Client, type RepliableInteraction } from 'discord.js';
import type { AppContext } from '../app/context.ts';
import type { CommandResult } from '../app/run-command.ts';
import { replyToInteraction } from './announce.ts';
import { delivererOf } from './deliverer.ts';

/**
 * What happens in Discord after a campaign command, whoever ran it: a slash command, a Confirm
 * button, a reaction (a ballot, a map approval ✅) or the scheduler (a deadline). One ordered list
 * for all four, so a turn start pings the next player, a new vote gets its message and a new map
 * its approval message the same way whatever caused them (UTD3.1: everything at campaign level is
 * public). Each step looks at the result and does nothing when it has nothing to do.
 *
 * What the command makes the bot post was written to the outbox in its transaction
 * (docs/delivery.md); the `deliver` step hands it to the process's deliverer, which posts it in
 * order, survives a crash and reports a refused post once. The reply answers the interaction
 * first, carrying the announcement. A step that throws is logged with its name, the campaign and
 * the channel, and the steps after it still run.
 */
export type AfterCommandVia = 'slash' | 'button' | 'reaction' | 'scheduler';

export interface AfterCommandWhere {
  /** Which path ran the command (logged with a failed step). */
  via: AfterCommandVia;
  /** The campaign channel: the target of the command, the parent channel of a battle thread. */
  channelId: string;
  /** The app; without it (a bare client in unit tests) the steps that record what they posted are skipped. */
  app?: AppContext | null;
  /** The interaction to answer, for slash commands and buttons. */
  interaction?: RepliableInteraction;
}

export interface AfterCommandContext {
  client: Client;
  result: CommandResult;
  via: AfterCommandVia;
  channelId: string;
  app: AppContext | null;
  interaction: RepliableInteraction | undefined;
}

export interface AfterCommandStep {
  name: string;
  run(ctx: AfterCommandContext): Promise<void> | void;
}

export const AFTER_COMMAND_STEPS: readonly AfterCommandStep[] = [
  // The answer first: Discord wants an interaction answered within 3 seconds.
  { name: 'reply', run: reply },
  { name: 'deliver', run: deliver },
];

/**
 * The interaction's answer; when it carried the announcement, the announcement's outbox row is
 * finished (else the deliverer posts it in the channel). A refusal the channel could not be told
 * of (Send Messages missing) rides on the next public reply.
 */
async function reply(c: AfterCommandContext): Promise<void> {
  const deliverer = delivererOf(c.client);
  const committed = c.result.ok && !c.result.duplicate ? c.result : null;
  // Crash tests (test/crash/delivery.test.ts): the command is committed and nothing is posted yet.
  if (committed) c.app?.testHooks?.deliveryPoint?.('after-commit');
  const untold = committed && deliverer ? deliverer.takeUntold(committed.state.id) : [];
  const announced = await replyToInteraction(c.result, c.interaction, untold);
  const row = committed?.outbox?.find((r) => r.kind === 'announce');
  if (announced) c.app?.testHooks?.deliveryPoint?.('reply:after-reply');
  if (announced && row && deliverer) await deliverer.replied(row.id);
}

/**
 * Starts delivering the command's outbox rows (and any of the campaign's still waiting) after the
 * commit, without holding up the interaction's handling: a refused reply is answered within
 * Discord's 3 seconds however long the posts take. The deliverer keeps each campaign's posts in
 * order and logs its own failures; `Bot.whenIdle` waits for it.
 */
function deliver(c: AfterCommandContext): void {
  if (!c.result.ok || c.result.duplicate) return;
  void delivererOf(c.client)?.deliver(c.result.state.id, c.result);
}

export interface AfterCommandReport {
  /** The steps run, in order (all of them: each decides for itself whether it has work). */
  ran: string[];
  failures: { step: string; err: unknown }[];
}

/**
 * The app of each logged-in bot client, for code that has only an interaction (`presentResult`
 * called by a command file): set by `startBot`.
 */
const appByClient = new WeakMap<Client, AppContext>();

export function attachAfterCommandApp(client: Client, app: AppContext): void {
  appByClient.set(client, app);
}

/** Runs every after-command step in order; a failed step is logged and the rest still run. */
export async function runAfterCommand(
  client: Client,
  result: CommandResult,
  where: AfterCommandWhere,
  steps: readonly AfterCommandStep[] = AFTER_COMMAND_STEPS,
): Promise<AfterCommandReport> {
  const app = where.app ?? appByClient.get(client) ?? null;
  const ctx: AfterCommandContext = {
    client,
    result,
    via: where.via,
    channelId: where.channelId,
    app,
    interaction: where.interaction,
  };
  const report: AfterCommandReport = { ran: [], failures: [] };
  for (const step of steps) {
    report.ran.push(step.name);
    try {
      await step.run(ctx);
    } catch (err) {
      report.failures.push({ step: step.name, err });
      const fields = {
        err,
        step: step.name,
        via: where.via,
        campaign: result.ok && !result.duplicate ? result.state.id : null,
        channel: where.channelId,
        ...(err instanceof DiscordAPIError ? { code: err.code, status: err.status } : {}),
      };
      const message = 'after-command step failed; the next steps still run';
      if (!app) console.error(message, fields);
      else if (err instanceof DiscordAPIError) app.log.warn(fields, message);
      else app.log.error(fields, message);
    }
  }
  return report;
}
