import {
  ApplicationCommandOptionType,
  EmbedBuilder,
  MessageFlags,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { CommandContext, CommandOutcome, SlashCommand } from '../src/discord/command.ts';
import { campaignInChannel } from '../src/app/campaigns.ts';
import { send } from '../src/discord/present.ts';
import { mention, timestamp } from '../src/discord/words.ts';
import type { CampaignState } from '../src/rules/thunderdome/index.ts';

const data = {
  name: 'help',
  description: 'How to play Thunderdome III with Campaign Master: the commands by phase of play',
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** The commands grouped by the phase of play in which players need them. */
export const HELP_SECTIONS: { title: string; lines: string[] }[] = [
  {
    title: '1. Setting up (UTD8)',
    lines: [
      '`/campaign create name:` — one campaign per channel. `/campaign join empire:` — one empire per player (UTD8.111, 8.113).',
      '`/map generate` or `/map import file:` (creator) — then every player approves: ✅ on the map approval message or `/map approve` (UTD8.16, unanimous).',
      '`/campaign start` (creator or server manager): D1000 turn order (UTD8.14), homes, starting forces, 500 + 150·P BPV (UTD8.132).',
      '`/setup buy unit: [fleet:]`, `/setup return ship:`, `/setup defense base: variant:` (UTD8.134), `/setup ready` — initial ships (ISS-A103); play starts when all are ready.',
      '`/catalog template` — the CSV files and a guide to every column. `/catalog import units: [refits:] [conversions:] [name:]` (creator or server manager) — your ship data, before the first turn; `/catalog coverage [empire:]` — what it lacks.',
      '`/catalog list` · `/catalog use version:` (before the start) · `/catalog export` — the catalog library. During play: `/catalog amend version: [ships:]` — a new version by supermajority vote (UTD1.7).',
    ],
  },
  {
    title: '2. Your turn (UTD2.3)',
    lines: [
      'Income and new colonies/mines/forts arrive by themselves at the start of your turn.',
      '`/move fleet: to:` (1 OP; free from your own colony, UTD4.334) · `/capital move to:` (3 OP, UTD6.32)',
      '`/establish kind: fleet:` (colony, mine, fort; UTD4.331) · `/siege fleet: [desperation:]` (UTD4.3561)',
      '`/deaddrop container|derelict` (UTD6.3D) · `/buy ops count: [permanent:]` (UTD6.21–6.23) · `/buy fleets count:` (UTD7.22)',
      '`/fleet organize from: to: ships:` (1 OP, UTD6.33) · `/fleet scrap fleet: ships:` (half value, UTD6.3F)',
      '`/turn undo` — your last order, if it rolled no dice · `/turn end` (asks Confirm/Cancel) — exploration, battles and the next player follow.',
      '`/turn extension real_life:true` — one automatic week (UTD3.32). A missed deadline forfeits the turn (UTD3.31).',
    ],
  },
  {
    title: '2b. Your navy on your turn (UTD6.3, 7)',
    lines: [
      '`/yard activate|build|overhaul|refit|convert|inspect|status` — shipyards (UTD6.37–6.38) · `/yard repair-fleet|repair-ships` (UTD7.5).',
      '`/defense revise sector: [buy:] [scrap:]` (1 OP, UTD6.3A) · `/defense scrap` (half value, UTD6.3F) · `/defense status` — monitors, GBs, DefSats (UTD7.3).',
      '`/ship status|report|note|expend|losses|breakout|selfrepair` — ship condition (UTD7.47, 6.3B1, 7.53) · `/ship replace` (UTD6.3B2) · `/ship refit-fleet` (UTD6.3J).',
      '`/officer buy|transfer|crew|list` — legendary officers and outstanding crews (UTD7.26A–B), CO pools (UTD7.A2) · `/officer options|reveal` secret CO assignments (UTD7.A5) · extra drones with `/yard build|refit drones:` (UTD7.A832).',
    ],
  },
  {
    title: '3. Battles (UTD7.4, 3.4–3.5)',
    lines: [
      'A battle opens where enemies meet; it gets a thread and a setup card. `/battle list` · `/battle show battle:`',
      '`/battle fleet` — your fighting fleet (UTD7.421) · `/battle schedule` — contact within 3 days (UTD3.42–3.43)',
      '`/battle report` then `/battle confirm` (played in SFB) · `/battle propose` then `/battle accept` (negotiated, UTD3.41) · `/battle reject`',
      '`/result` — by menus, with evidence',
      '`/battle extension` (UTD3.44) · `/battle failure` / `excuse` (UTD3.42#2) · `/battle appeal` (UTF3.45) · `/battle quick` (SIDCORS) · `/battle odds` (SIDCORS preview)',
      'NPEs: `/battle volunteer` to run one (UTD5.431; disputes rolled, UTD5.44), `/battle outsider` (UTD5.432), `/battle stand-in` for a player who resigned (UTD3.91), `/battle lane` after a missed answer (ISS-A16), `/battle object` to a negotiated result (UTD5.47) · captures: `/battle organize` (UTD6.3I)',
      'Aids: `/n3d` (3D movement), `/sfw` (Starfleet Wars calculators, secret rolls), `/calc`, `/fleet check system:`.',
    ],
  },
  {
    title: '4. Any time',
    lines: [
      '`/me` — what waits on you in every campaign here, your time zone and direct messages. `/campaign status`, `/map show`, `/sector info sector:`, `/navy [player:]` — anyone may look (UTD3.1).',
      '`/catalog search [query:] [empire:] [year:]` · `/catalog show unit:` — every unit field, refits, conversions, CO pool (UTD7.A2).',
      '`/sector name` (first explorer, UTD4.12), `/sector object`, `/sector disavow` (UTD4.13), `/sector balancing` (UTD5.22), `/sector choose` (answer a balancing question at the roll, UTD5.221-5.224).',
      '`/proxy grant user: [days:]` / `/proxy revoke` (UTD3.2) · `/resign`, `/concede` (UTD3.91, ask Confirm/Cancel)',
      '`/roll dice:` — public dice, recorded and verifiable in a campaign channel · `/campaign export` / `import` · `/campaign verify` checks the log’s hash chain and its replay.',
      '`/vote setting|restricted|withdraw|end|pause|status` — supermajority votes (UTD1.7, 8.21; end by agreement UTD1.9; `pause` stops every clock, and resumes) · `/dice verify` · `/dice reveal` (vote to publish the seed now).',
    ],
  },
  {
    title: '5. Corrections and seats',
    lines: [
      '`/vote amend` — a bank, a condition, a sector, an owner, a development or a battle fate, by supermajority, the difference shown first (UTD1.7).',
      '`/campaign revert event:` — back to before an event of this cycle, with the consent of each player it undoes; undone dice stay drawn.',
      '`/vote replace seat: newcomer:` — a vacant seat taken over (`removal.seat`) · `/proxy absence days: [user:]` — away: a proxy plays, or turns pass without forfeits.',
    ],
  },
  {
    title: 'Star Fleet Warlord (a second game)',
    lines: [
      '`/warlord create name:` · `/warlord join corporation:` · `/warlord start width: height: [turn_hours:]` — a game of corporations (§1.4, §4.1). `/warlord check file:` dry-runs a sheet privately; `/warlord sheet file:` sends it, or `/warlord sheet` without a file opens it in a form (revisable until the deadline, late ones waived, §11.4); `/warlord order ship: slot: order:` and `/warlord misc add|remove` change one line; `/warlord status`; `/warlord map [sector:]` your maps as your corporation knows them. Reports and maps arrive in your private thread.',
    ],
  },
  {
    title: 'About',
    lines: [
      'Thunderdome III is a 4X campaign for Star Fleet Battles designed to run with no moderator (UTD1.11). The bot rolls every campaign die in public from a committed seed, keeps every clock and records every order; battles are fought in SFB.',
    ],
  },
];

/** The sections to show in each phase of a campaign (or with none in the channel): the rest is in the index. */
const SECTIONS_BY_PHASE: Record<Phase, readonly string[]> = {
  none: ['1. Setting up (UTD8)', '4. Any time', 'Star Fleet Warlord (a second game)'],
  registration: ['1. Setting up (UTD8)', '4. Any time'],
  setup: ['1. Setting up (UTD8)', '4. Any time'],
  active: [
    '2. Your turn (UTD2.3)',
    '2b. Your navy on your turn (UTD6.3, 7)',
    '3. Battles (UTD7.4, 3.4–3.5)',
    '4. Any time',
  ],
  finished: ['4. Any time'],
};

type Phase = CampaignState['status'] | 'none';
type Role = 'outsider' | 'player' | 'creator';

/** Subcommand types: a group or a subcommand (ApplicationCommandOptionType 2 and 1). */
const SUB_TYPES: readonly number[] = [
  ApplicationCommandOptionType.Subcommand,
  ApplicationCommandOptionType.SubcommandGroup,
];

/**
 * Every command and subcommand, read from the definitions themselves (`/campaign create|join|…`),
 * so a command added to commands/index.ts is listed without anyone remembering to.
 */
export function commandIndex(commands: readonly SlashCommand[]): string[] {
  return commands.map((c) => {
    const subs = (c.data.options ?? []).filter((o) => SUB_TYPES.includes(o.type)).map((o) => o.name);
    return `\`/${c.data.name}${subs.length ? ` ${subs.join('|')}` : ''}\``;
  });
}

/** The index in embed fields, each under Discord's 1,024 characters. */
function indexFields(commands: readonly SlashCommand[]): { name: string; value: string }[] {
  const fields: string[] = [];
  let current = '';
  for (const entry of commandIndex(commands)) {
    if (current && current.length + entry.length + 3 > 1024) {
      fields.push(current);
      current = entry;
    } else current = current ? `${current} · ${entry}` : entry;
  }
  if (current) fields.push(current);
  return fields.map((value, n) => ({ name: n === 0 ? 'Every command' : 'Every command (continued)', value }));
}

/** What to do next, by the phase of the campaign here and the asker's part in it. */
export function nextSteps(state: CampaignState | null, userId: string, isServerAdmin: boolean): string[] {
  if (!state)
    return [
      'No campaign in this channel. `/campaign create name:` starts one here (one campaign per channel); `/me` lists what waits on you in this server’s campaigns.',
    ];
  const player = state.players.find((p) => p.id === userId && p.status === 'active');
  const role: Role = state.createdBy === userId ? 'creator' : player ? 'player' : 'outsider';
  const manager = role === 'creator' || isServerAdmin;
  const lines: string[] = [];
  switch (state.status) {
    case 'registration':
      if (!player)
        lines.push(
          'Players are joining: `/campaign join empire:` (one empire each, UTD8.111; `/campaign contest` for a taken one, UTD8.113).',
        );
      else
        lines.push(
          'You are in. `/campaign leave` before the start if you change your mind; `/map show` and ✅ (or `/map approve`) once a map is up (UTD8.16).',
        );
      if (manager)
        lines.push(
          state.map
            ? state.map.approved
              ? 'The map is approved: `/campaign start` when everyone has joined (UTD8.14).'
              : 'The map waits for every player’s approval (UTD8.16); then `/campaign start`.'
            : 'Make the map: `/map generate` or `/map import file:` (UTD8.16).',
        );
      break;
    case 'setup':
      lines.push(
        player && !player.ready
          ? 'Buy your initial forces: `/setup buy unit:` … then `/setup ready` (ISS-A103).'
          : 'Waiting for every player’s `/setup ready` (ISS-A103).',
      );
      break;
    case 'active': {
      const turn = state.turn;
      if (turn && turn.playerId === userId)
        lines.push('**It is your turn**: give your orders, then `/turn end` (UTD2.3).');
      else if (turn)
        lines.push(
          `It is ${mention(turn.playerId)}’s turn${turn.deadline ? `, orders due ${timestamp(turn.deadline, 'R')}` : ''} (UTD3.3).`,
        );
      if (!player)
        lines.push(
          'You do not play in this campaign; anyone may look (UTD3.1), and may be asked to run an NPE (`/battle outsider`, UTD5.432).',
        );
      break;
    }
    case 'finished':
      lines.push(
        `The campaign is over${state.winner ? `: ${mention(state.winner)} won` : ''}. \`/campaign history cycle:\`, \`/campaign log\` and \`/campaign export\` keep its record.`,
      );
      break;
  }
  if (player) lines.push('`/me` — everything waiting on you, most urgent first, with the command to act.');
  return lines;
}

/** `/help`, given the command list (commands/index.ts passes it, so this file does not import it). */
export function helpCommand(commands: () => readonly SlashCommand[]): SlashCommand {
  async function execute(i: ChatInputCommandInteraction, ctx: CommandContext): Promise<CommandOutcome> {
    const state = i.inGuild() ? await campaignInChannel(ctx.app, ctx.target.channelId) : null;
    await send(i, {
      embeds: [helpEmbed(state, ctx.actor.userId, ctx.actor.isServerAdmin, commands())],
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
    return { ok: true };
  }
  return { data, execute };
}

/** The help for this asker here: next steps, the sections of the phase, every command, about. */
export function helpEmbed(
  state: CampaignState | null,
  userId: string,
  isServerAdmin: boolean,
  commands: readonly SlashCommand[],
): EmbedBuilder {
  const phase: Phase = state?.status ?? 'none';
  const embed = new EmbedBuilder().setTitle('Campaign Master — Thunderdome III').setColor(0x5865f2);
  embed.addFields({ name: 'Next for you', value: nextSteps(state, userId, isServerAdmin).join('\n').slice(0, 1024) });
  // Discord refuses an embed field over 1,024 characters; a test keeps every section under it.
  for (const s of HELP_SECTIONS)
    if (SECTIONS_BY_PHASE[phase].includes(s.title) || s.title === 'About')
      embed.addFields({ name: s.title, value: s.lines.join('\n') });
  embed.addFields(indexFields(commands));
  return embed;
}
