import { runCommand } from '../../src/app/run-command.ts';
import { actor, type testApp } from './app.ts';

type App = ReturnType<typeof testApp>;
type Command = Parameters<typeof runCommand>[1]['command'];

/** Runs one command straight through the app (no Discord) and throws its refusal: test setup only. */
export function commandRunner(app: App, guildId: string, users: Record<string, string>) {
  return async (channelId: string, name: string, command: Command): Promise<void> => {
    const r = await runCommand(app, {
      target: { guildId, channelId },
      actor: actor(users[name]!, { displayName: name }),
      command,
    });
    if (!r.ok) throw new Error(r.error.message);
  };
}

/**
 * A three-player campaign in `channelId`, in play after setup: alice (Lyran, the creator), bob
 * (Kzinti) and carol (Hydran) join, a generated map (3 sectors a player) is approved, the turn-order
 * dice put alice first (UTD8.14) and all three declare ready.
 */
export async function startThreePlayerCampaign(
  app: App,
  guildId: string,
  channelId: string,
  users: Record<string, string>,
  name: string,
): Promise<void> {
  const must = commandRunner(app, guildId, users);
  await must(channelId, 'alice', { type: 'create', name });
  for (const [player, empire] of [
    ['alice', 'lyran'],
    ['bob', 'kzinti'],
    ['carol', 'hydran'],
  ] as const)
    await must(channelId, player, { type: 'join', empire });
  await must(channelId, 'alice', { type: 'map-generate', sectorsPerPlayer: 3 });
  for (const player of ['alice', 'bob', 'carol']) await must(channelId, player, { type: 'map-approve' });
  app.testHooks!.forcedDice.push(900, 500, 100); // UTD8.14: alice, bob, carol
  await must(channelId, 'alice', { type: 'start' });
  for (const player of ['alice', 'bob', 'carol']) await must(channelId, player, { type: 'setup-ready', ready: true });
}
