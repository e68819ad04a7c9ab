import type { Bot } from '../../src/discord/bot.ts';
import type { DiscordStandIn } from '../../src/discord/standin/index.ts';

/**
 * Adds (or removes) a reaction in the stand-in and waits until the bot has seen it and finished
 * what it started (a vote tally, a map approval), so the test can look at the result.
 */
export async function reactAndSettle(
  standIn: DiscordStandIn,
  bot: Bot,
  reaction: { channelId: string; messageId: string; userId: string; emoji: string },
  add = true,
): Promise<void> {
  const seen = bot.reactionsSeen;
  if (add) await standIn.addReaction(reaction);
  else await standIn.removeReaction(reaction);
  for (let i = 0; bot.reactionsSeen === seen && i < 1000; i++) await new Promise((r) => setTimeout(r, 5));
  await bot.whenIdle();
}
