import { AttachmentBuilder, type Client, type SendableChannels } from 'discord.js';
import type { AppContext } from '../app/context.ts';
import { versionedCampaign } from '../app/campaigns.ts';
import type { CommandResult } from '../app/run-command.ts';
import type { Clock } from '../clock.ts';
import { mapFingerprint } from '../render/map-fingerprint.ts';
import { cycleLabel, season, yearLabel } from '../rules/thunderdome/calendar.ts';
import type { CampaignState } from '../rules/thunderdome/index.ts';
import { mapImage } from './images.ts';

/**
 * UTD1.12 (the map "rendered after every state change"): "the map is posted after every change of the map, throttled so a burst of orders
 * makes one image, not twenty". Each committed change that alters what the map shows marks its
 * campaign; the map is posted once the campaign has been quiet for `quietMs`, or at the latest
 * `maxWaitMs` after the first unposted change, so a long burst still shows progress. Time comes
 * from the app's clock, so tests and the playground move it; `flush()` is called by the bot's
 * timer and by every scheduler tick.
 *
 * A turn start already carries the map (TURN_START, requirements §6.2), so it counts as a post. Marks live in
 * memory: after a restart the next change posts again, and with several bot processes each
 * posts for the commands it handled (the same picture, at most once per quiet period each).
 */
export interface MapPostOptions {
  /** Quiet period after the last change before the map is posted (default 30 s). */
  quietMs?: number;
  /** Longest wait after the first unposted change (default 3 min). */
  maxWaitMs?: number;
}

export const MAP_POST_DEFAULTS = { quietMs: 30_000, maxWaitMs: 180_000 } as const;

/** What the throttle needs from the outside world (a test gives fakes). */
export interface MapPostPorts {
  clock: Clock;
  /** The campaign's current state and version, or null when it is gone. */
  load(channelId: string): Promise<{ state: CampaignState; version: number } | null>;
  /** Posts the map of this state in the campaign channel. */
  post(channelId: string, state: CampaignState, version: number): Promise<void>;
}

interface Pending {
  channelId: string;
  firstAt: number;
  lastAt: number;
}

export class MapPostThrottle {
  private readonly pending = new Map<string, Pending>();
  /** What the last posted map showed, per campaign. */
  private readonly shown = new Map<string, string>();
  private readonly quietMs: number;
  private readonly maxWaitMs: number;
  private flushing: Promise<number> | null = null;

  constructor(
    private readonly ports: MapPostPorts,
    options: MapPostOptions = {},
  ) {
    this.quietMs = Math.max(0, options.quietMs ?? MAP_POST_DEFAULTS.quietMs);
    this.maxWaitMs = Math.max(this.quietMs, options.maxWaitMs ?? MAP_POST_DEFAULTS.maxWaitMs);
  }

  /** Campaigns with a map post waiting. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Records a command's result: marks the campaign when the map changed, or notes a turn start's map. */
  note(result: CommandResult): void {
    if (!result.ok || result.duplicate) return;
    const state = result.state;
    const now = this.ports.clock.now().getTime();
    if (state.map && result.events.some((e) => e.event.type === 'TurnStarted')) {
      // The turn-start post carried this very map: nothing more to post for now.
      this.shown.set(state.id, mapFingerprint(state));
      this.pending.delete(state.id);
      return;
    }
    if (!state.map) return;
    if (state.status === 'registration') {
      // Before the start the map is shown by its approval message (map-approval.ts), which is
      // posted with each new map and keeps its tally there: a second picture would only repeat it.
      this.shown.set(state.id, mapFingerprint(state));
      this.pending.delete(state.id);
      return;
    }
    const after = mapFingerprint(state);
    // Read only: the shared state saves copying the whole state for every command.
    const before = result.sharedBefore ? mapFingerprint(result.sharedBefore) : null;
    if (before === after) return;
    const p = this.pending.get(state.id);
    if (p) p.lastAt = now;
    else this.pending.set(state.id, { channelId: state.channelId, firstAt: now, lastAt: now });
  }

  /** Posts the maps that are due; returns how many were posted. One flush at a time. */
  flush(): Promise<number> {
    this.flushing ??= this.flushDue().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async flushDue(): Promise<number> {
    const now = this.ports.clock.now().getTime();
    let posted = 0;
    for (const [campaignId, p] of [...this.pending]) {
      if (now - p.lastAt < this.quietMs && now - p.firstAt < this.maxWaitMs) continue;
      this.pending.delete(campaignId);
      const current = await this.ports.load(p.channelId);
      if (!current?.state.map || current.state.id !== campaignId) continue;
      const fingerprint = mapFingerprint(current.state);
      // Changes that cancelled out (an order undone) leave the last posted map current.
      if (this.shown.get(campaignId) === fingerprint) continue;
      await this.ports.post(p.channelId, current.state, current.version);
      this.shown.set(campaignId, fingerprint);
      posted++;
    }
    return posted;
  }
}

/** The one-line caption of a posted map. */
export function mapPostCaption(state: CampaignState): string {
  const when = `cycle ${cycleLabel(state.halfCycles)}, ${season(state.halfCycles) === 'spring' ? 'spring' : 'fall'} ${yearLabel(state.settings.startYear, state.halfCycles)}`;
  return `🗺️ The map of **${state.name}** now (${when}).`;
}

/** The throttle of a running bot, wired to its database and its Discord client. */
export function discordMapPosts(app: AppContext, client: Client, options: MapPostOptions = {}): MapPostThrottle {
  return new MapPostThrottle(
    {
      clock: app.clock,
      load: (channelId) => versionedCampaign(app, channelId),
      post: async (channelId, state, version) => {
        const channel = await client.channels.fetch(channelId).catch(() => null);
        if (!channel?.isSendable()) return;
        const png = await mapImage(state, version, await app.catalogs.get(state.catalogVersion));
        await (channel as SendableChannels).send({
          content: mapPostCaption(state),
          files: [new AttachmentBuilder(png, { name: 'map.png' })],
          allowedMentions: { parse: [] },
        });
      },
    },
    options,
  );
}

/** The throttle of each logged-in client, so code that only has an interaction can reach it. */
const byClient = new WeakMap<Client, MapPostThrottle>();

export function attachMapPosts(client: Client, throttle: MapPostThrottle): void {
  byClient.set(client, throttle);
}

/** Notes a result for the client's throttle, if the bot runs one (unit tests of commands may not). */
export function noteMapChange(client: Client, result: CommandResult): void {
  byClient.get(client)?.note(result);
}
