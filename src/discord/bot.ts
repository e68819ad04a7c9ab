import { Events, type Client, type ClientOptions } from 'discord.js';
import type { AppContext } from '../app/context.ts';
import { pruneInteractions, runDue } from '../app/scheduler.ts';
import { queueDmReminders } from '../app/me-notify.ts';
import { PGLITE_FIRST_VACUUM_AFTER_MS, pgliteVacuum } from '../app/vacuum.ts';
import { createDiscordClient } from './client.ts';
import { attachAfterCommandApp, runAfterCommand } from './after-command.ts';
import { onMapApprovalReaction, onVoteReaction, resyncMapApprovals, resyncOpenVotes } from './reaction-handlers.ts';
import { channelsWithOpenVotes } from '../app/campaigns.ts';
import type { SlashCommand } from './command.ts';
import { Router, type RouterOptions } from './router.ts';
import { attachCatalogs } from './images.ts';
import { closeRenderPool, onRenderPoolEvent } from '../render/pool.ts';
import { attachDeliverer, Deliverer, type DelivererOptions } from './deliverer.ts';
import { checkCampaignChannels, type ChannelCheckSummary } from './permission-check.ts';

export interface Bot {
  client: Client;
  router: Router;
  /** Applies and announces whatever has fallen due (also run by the timer and at boot). */
  tick(): Promise<number>;
  /** Resolves when no interaction is being handled (tests and the playground wait on it). */
  whenIdle(): Promise<void>;
  /** Reaction events received so far (the playground waits for its own to arrive). */
  readonly reactionsSeen: number;
  stop(): Promise<void>;
  /**
   * The boot-time check of the bot's permissions in every campaign channel, running after `ready`
   * while commands are answered (docs/performance.md, "Boot"); never rejects.
   */
  readonly bootChecks: Promise<ChannelCheckSummary | null>;
}

export interface StartBotOptions extends RouterOptions {
  app: AppContext;
  token: string;
  commands: readonly SlashCommand[];
  /** Client option overrides (the local stand-in's REST address). */
  clientOptions?: Partial<ClientOptions>;
  /** How often the scheduler wakes; null: only when `tick()` is called (playground, tests). */
  schedulerIntervalMs?: number | null;
  /** Map posts (UTD1.12): post the map after changes, throttled (map-posts.ts); null: never. */
  mapPosts?: Record<string, never> | null;
  /** The outbox deliverer's lease and retries (docs/delivery.md). */
  delivery?: DelivererOptions;
}

/** Logs in and wires the router; the same code path serves Discord and the local stand-in. */
export async function startBot(opts: StartBotOptions): Promise<Bot> {
  const client = createDiscordClient(opts.clientOptions);
  const router = new Router(opts.app, opts.commands, {
    adminRoleName: opts.adminRoleName,
    rateLimit: opts.rateLimit,
    serverRateLimit: opts.serverRateLimit,
  });
  // Fleet BPV on the map (UTD1.12): the turn-start post prices its map's fleets with these.
  attachCatalogs(client, opts.app.catalogs);
  // Command files present results with only the interaction: the after-command steps find the app here.
  attachAfterCommandApp(client, opts.app);
  // Docs/delivery.md: the one deliverer of this process; the rows this process's commands write are born held by it.
  const deliverer = new Deliverer(opts.app, client, { ...opts.delivery, mapPosts: opts.mapPosts !== null });
  attachDeliverer(client, deliverer);
  opts.app.outbox = deliverer.owner;
  const sweep = () => deliverer.sweep().catch((err: unknown) => opts.app.log.error({ err }, 'outbox sweep failed'));
  client.on(Events.InteractionCreate, (interaction) => void router.handle(interaction));
  const reactions = new Set<Promise<unknown>>();
  let reactionsSeen = 0;
  const track = (p: Promise<unknown>) => {
    reactionsSeen++;
    reactions.add(p);
    void p
      .catch((err: unknown) => opts.app.log.error({ err }, 'reaction handling failed'))
      .finally(() => reactions.delete(p));
  };
  // Reactions count against the same per-user and per-server limits as commands; over them a
  // reaction is ignored (there is no one to answer), and the resync at the next boot still reads it.
  const allowed = (reaction: { message: { guildId: string | null } }, user: { id: string; bot?: boolean | null }) =>
    user.bot === true || router.allow(user.id, reaction.message.guildId).ok;
  // A ✅ on a map approval message approves (UTD8.16); removing it withdraws nothing, so only additions.
  client.on(Events.MessageReactionAdd, (reaction, user) => {
    if (!allowed(reaction, user)) return;
    track(
      Promise.all([
        onVoteReaction(opts.app, client, reaction, user, true),
        onMapApprovalReaction(opts.app, client, reaction, user),
      ]),
    );
  });
  client.on(Events.MessageReactionRemove, (reaction, user) => {
    if (!allowed(reaction, user)) return;
    track(onVoteReaction(opts.app, client, reaction, user, false));
  });
  // Pictures are drawn in the render pool's workers (docs/performance.md, "Pictures off the main thread").
  onRenderPoolEvent((event) => {
    switch (event.type) {
      case 'crashed':
        return opts.app.log.error(event, 'a render worker died; its picture failed, a new worker draws the next');
      case 'timed-out':
        return opts.app.log.error(event, 'a picture took too long and was given up; a new worker draws the next');
      case 'fallback':
        return opts.app.log.warn(event, 'render workers cannot start here: pictures are drawn on the main thread');
      default: {
        // A new kind of event is a compile error here until it is logged.
        const never: never = event;
        return never;
      }
    }
  });
  client.on(Events.Error, (err) => opts.app.log.error({ err }, 'discord client error'));
  client.on(Events.Warn, (message) => opts.app.log.warn({ message }, 'discord client warning'));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(opts.token);
  await ready;
  opts.app.log.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'bot ready');
  let ticking: Promise<number> | null = null;
  // Not in the boot pass: it would hold up `ready` (docs/performance.md, "Boot").
  const vacuum = pgliteVacuum(opts.app, undefined, PGLITE_FIRST_VACUUM_AFTER_MS);
  const prune = pruneInteractions(opts.app);
  const tick = () => {
    // One pass at a time in this process; other processes are kept apart by the campaign row lock.
    ticking ??= (async () => {
      const outcomes = await runDue(opts.app);
      // Docs/me.md: the orders reminders each player asked for by direct message, written once each.
      await queueDmReminders(opts.app).catch((err: unknown) => opts.app.log.error({ err }, 'DM reminders failed'));
      // The same steps as after a slash command; a failed step (or campaign) does not stop the others.
      for (const o of outcomes)
        await runAfterCommand(client, o.result, { via: 'scheduler', app: opts.app, channelId: o.channelId });
      await sweep();
      await deliverer.whenIdle();
      await prune().catch((err: unknown) => opts.app.log.warn({ err }, 'pruning old interaction ids failed'));
      await vacuum().catch((err: unknown) => opts.app.log.warn({ err }, 'PGlite vacuum failed'));
      return outcomes.length;
    })().finally(() => (ticking = null));
    return ticking;
  };
  // Rows that failed and wait for their retry, rows a crashed process held, and map posts whose quiet
  // period is over (UTD1.12): looked at every 5 s.
  const deliveryTimer = opts.schedulerIntervalMs ? setInterval(() => void sweep(), 5000) : null;
  const timer = opts.schedulerIntervalMs
    ? setInterval(
        () => void tick().catch((err: unknown) => opts.app.log.error({ err }, 'scheduler pass failed')),
        opts.schedulerIntervalMs,
      )
    : null;
  // Docs/delivery.md: what was committed but not yet posted when the bot stopped goes out first (a
  // vote's message, before its reactions are re-read).
  await deliverer.recover();
  // The bot's permissions in every campaign channel are checked in the background: with a thousand
  // campaigns stored, waiting for it kept the bot from answering for over a minute (docs/performance.md, "Boot").
  const stopping = new AbortController();
  const bootChecks = checkCampaignChannels(opts.app, client, { signal: stopping.signal }).then(
    (summary) => {
      opts.app.log.info(summary, 'campaign channel permissions checked');
      return summary;
    },
    (err: unknown) => {
      opts.app.log.warn({ err }, 'checking the permissions of campaign channels failed');
      return null;
    },
  );
  // Reactions made while the bot was down still count (UTD8.16, UTD1.7); then catch up on what fell due.
  await resyncOpenVotes(opts.app, client, await channelsWithOpenVotes(opts.app));
  await resyncMapApprovals(opts.app, client);
  if (opts.schedulerIntervalMs) await tick();
  return {
    client,
    router,
    tick,
    get reactionsSeen() {
      return reactionsSeen;
    },
    whenIdle: async () => {
      await router.whenIdle();
      while (reactions.size > 0) await Promise.allSettled([...reactions]);
      await deliverer.whenIdle();
    },
    bootChecks,
    stop: async () => {
      if (timer) clearInterval(timer);
      if (deliveryTimer) clearInterval(deliveryTimer);
      await ticking;
      // A check still fetching channels stops at the next one rather than hold up the shutdown.
      stopping.abort();
      await bootChecks;
      await router.whenIdle();
      await deliverer.stop();
      // After the last delivery that could post a picture; pictures still queued are drawn first.
      await closeRenderPool();
      await client.destroy();
    },
  };
}
