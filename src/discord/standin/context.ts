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
}

export interface StandInContext {
  readonly store: StandInStore;
  readonly gateway: GatewayServer;
  readonly settings: StandInSettings;
}
