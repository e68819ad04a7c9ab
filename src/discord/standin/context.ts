/** What every REST route module gets: the world, the gateway, and the stand-in's settings. */
import type { GatewayServer } from './gateway.ts';
import type { StandInStore } from './store.ts';

export interface StandInSettings {
  token: string;
  /** Discord's 3 s to acknowledge an interaction; null disables the check. */
  ackTimeoutMs: number | null;
  maxUploadBytes: number;
  requireRegisteredCommands: boolean;
  sendAllMembersInGuildCreate: boolean;
  /**
   * Whether the bot's REST calls in a channel are checked against its permissions there (roles and
   * overwrites), refused with 403 50013 (50001 without View Channel) as Discord does.
   */
  enforcePermissions: boolean;
  /** How long an interaction's token works for follow-ups and edits (Discord: 15 minutes); null: for ever. */
  interactionTokenLifeMs: number | null;
  /** The stand-in's clock for interaction token life (default: real time). */
  now: () => number;
}

export interface StandInContext {
  readonly store: StandInStore;
  readonly gateway: GatewayServer;
  readonly settings: StandInSettings;
}
