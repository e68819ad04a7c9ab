import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import pino, { type Logger } from 'pino';
import {
  ApplicationCommandOptionType,
  PermissionFlagsBits,
  type APIApplicationCommandOption,
  type APIEmbed,
} from 'discord.js';
import { COMMANDS } from '../../commands/index.ts';
import { VirtualClock, parseDuration } from '../clock.ts';
import { catalogSource } from '../app/catalogs.ts';
import { sequentialIds, type AppContext } from '../app/context.ts';
import type { Database } from '../db/client.ts';
import { campaigns } from '../db/schema.ts';
import { startBot, type Bot } from '../discord/bot.ts';
import {
  DiscordStandIn,
  standInClientOptions,
  type ArgValue,
  type DriverFile,
  type InteractionHandle,
  type StoredAttachment,
  type StoredMessage,
} from '../discord/standin/index.ts';
import { parseLine, ScenarioSyntaxError, userRef, type ScenarioLine } from './scenario.ts';

/** What one input line did, as printed by `--json`. */
export interface LineResult {
  line: number;
  input: string;
  user: string | null;
  ok: boolean;
  ephemeral: boolean;
  content: string;
  embeds: SimpleEmbed[];
  files: string[];
  posts: { content: string; embeds: SimpleEmbed[]; files: string[]; components?: string[] }[];
  /** The buttons and menus under the answer (`!press` and `!pick` use them), one line per row. */
  components?: string[];
}

export interface SimpleEmbed {
  title?: string;
  description?: string;
  fields?: { name: string; value: string }[];
  footer?: string;
}

export interface PlaygroundOptions {
  database: Database;
  outDir: string;
  clockStart?: string;
  log?: Logger;
}

/**
 * The offline playground: the real bot (router, commands, discord.js client) logged in to the
 * local Discord stand-in, with a virtual clock and forced dice available as directives. It
 * exercises exactly the code that runs on Discord.
 */
export class Playground {
  private readonly users = new Map<string, string>();
  private readonly channels = new Map<string, string>();
  private channelId: string;
  /** The ephemeral messages each user was shown (a menu opened by a button lives in one): `!press` and `!pick` look there too. */
  private readonly privateMessages = new Map<string, Set<string>>();
  /** Who acted last: `!press` and `!pick` without @user act as them. */
  private lastUser: string | null = null;

  private constructor(
    readonly standIn: DiscordStandIn,
    readonly bot: Bot,
    readonly app: AppContext & { clock: VirtualClock },
    private readonly guildId: string,
    channelId: string,
    private readonly outDir: string,
  ) {
    this.channelId = channelId;
    this.channels.set('campaign', channelId);
  }

  static async start(opts: PlaygroundOptions): Promise<Playground> {
    const clock = new VirtualClock(opts.clockStart ?? '2026-11-21T12:00:00Z');
    // Message ids minted on the virtual clock, so the ids the bot records (vote and map approval
    // messages) are the same on every run of a script and on every database.
    const standIn = await DiscordStandIn.start({ idClock: () => clock.now().getTime() });
    const guild = standIn.addGuild({ id: stableSnowflake('guild:Playground'), name: 'Playground' });
    const channel = standIn.addChannel(guild.id, { id: stableSnowflake('channel:campaign'), name: 'campaign' });
    standIn.registerCommands(
      COMMANDS.map((c) => c.data),
      guild.id,
    );
    let n = 0;
    const app: AppContext & { clock: VirtualClock } = {
      database: opts.database,
      clock,
      log: opts.log ?? pino({ level: 'silent' }),
      // The same ids on every fresh database; on a --data folder kept from earlier runs, past its campaigns.
      ids: sequentialIds(undefined, await existingCampaignIds(opts.database)),
      // Reproducible by default: the same script gives the same rolls unless `!seed` says otherwise.
      seeds: { newSeed: () => createHash('sha256').update(`playground-seed:${++n}`).digest('hex') },
      catalogs: catalogSource(opts.database),
      testHooks: { forcedDice: [], nextSeed: null },
    };
    const bot = await startBot({
      app,
      token: standIn.token,
      commands: COMMANDS,
      clientOptions: standInClientOptions(standIn),
    });
    mkdirSync(opts.outDir, { recursive: true });
    return new Playground(standIn, bot, app, guild.id, channel.id, opts.outDir);
  }

  async close(): Promise<void> {
    await this.bot.stop();
    await this.standIn.stop();
  }

  /** Runs one scenario line; null for comments and blank lines; throws ScenarioSyntaxError if malformed. */
  async run(input: string, line: number): Promise<LineResult | null> {
    const parsed = parseLine(input);
    if (parsed.kind === 'blank') return null;
    const before = new Set(
      [this.channelId, ...this.standIn.threads(this.channelId).map((t) => t.id)].flatMap((id) =>
        this.standIn.channelMessageIds(id),
      ),
    );
    const channelAtStart = this.channelId;
    if (parsed.kind === 'directive' && (parsed.name === 'press' || parsed.name === 'pick'))
      return this.component(parsed, input, line, before);
    if (parsed.kind === 'directive') {
      const content = await this.directive(parsed);
      await this.bot.whenIdle();
      return {
        line,
        input,
        user: null,
        ok: true,
        ephemeral: false,
        content,
        embeds: [],
        files: [],
        posts: this.postsSince(channelAtStart, before, null, line),
      };
    }
    return this.command(parsed, input, line, before);
  }

  private userId(name: string): string {
    let id = this.users.get(name);
    if (!id) {
      id = this.standIn.addUser({ id: stableSnowflake(`user:${name}`), username: name }).id;
      this.users.set(name, id);
    }
    return id;
  }

  private async command(
    parsed: Extract<ScenarioLine, { kind: 'command' }>,
    input: string,
    line: number,
    before: Set<string>,
  ): Promise<LineResult> {
    const def = COMMANDS.find((c) => c.data.name === parsed.command)?.data;
    if (!def)
      throw new ScenarioSyntaxError(
        `unknown command /${parsed.command}; known: ${COMMANDS.map((c) => `/${c.data.name}`).join(' ')}`,
      );
    const { group, sub, options } = resolvePath(def.options ?? [], parsed.words, `/${parsed.command}`);
    const { args, attachments } = this.convertArgs(
      options,
      parsed.options,
      `/${[parsed.command, ...parsed.words].join(' ')}`,
    );
    const userId = this.userId(parsed.user);
    this.lastUser = parsed.user;
    const handle = await this.standIn
      .invokeCommand({
        guildId: this.guildId,
        channelId: this.channelId,
        userId,
        name: parsed.command,
        ...(group ? { subcommandGroup: group } : {}),
        ...(sub ? { subcommand: sub } : {}),
        args,
        attachments,
      })
      .catch((err: unknown) => {
        // What Discord's own client would never send (the stand-in refuses it): a warning about the
        // line, like any other bad value, never a crash that loses the playground's campaign.
        if (err instanceof Error && err.message.startsWith('Discord stand-in: '))
          throw new ScenarioSyntaxError(`${input.trim()} — ${err.message.slice('Discord stand-in: '.length)}`);
        throw err;
      });
    await handle.firstResponse(10_000);
    await this.bot.whenIdle();
    this.notePrivate(userId, handle.responses());
    // An irreversible step answers with Confirm/Cancel (UTD6.121); a script line means it, so the
    // playground presses Confirm for the player and reports what the press did.
    const confirmed = await this.pressConfirm(handle.original(), userId);
    if (confirmed)
      return {
        ...confirmed,
        line,
        input,
        user: parsed.user,
        posts: this.postsSince(this.channelId, before, confirmed.replyId, line),
      };
    const responses = handle.responses();
    // A command that deferred privately and answered in public deleted its placeholder: its
    // answer is the first follow-up.
    const followUp = responses.find((r) => r.kind === 'followup')?.messageId;
    const original = handle.original() ?? (followUp ? this.standIn.message(followUp) : undefined);
    const ephemeral =
      original?.ephemeral ?? responses.some((r) => (r.kind === 'reply' || r.kind === 'defer') && r.ephemeral);
    const outcome = this.bot.router.outcomes.get(handle.id);
    return {
      line,
      input,
      user: parsed.user,
      ok: outcome?.ok ?? false,
      ephemeral,
      content: this.readable(original?.content ?? ''),
      embeds: (original?.embeds ?? []).map((e) => this.embed(e)),
      files: this.saveFiles(original?.attachments ?? [], line),
      posts: this.postsSince(this.channelId, before, original?.id ?? null, line),
      ...withComponents(componentLines(original?.components)),
    };
  }

  private notePrivate(userId: string, responses: readonly { ephemeral: boolean; messageId: string | null }[]): void {
    let mine = this.privateMessages.get(userId);
    if (!mine) this.privateMessages.set(userId, (mine = new Set()));
    for (const r of responses) if (r.ephemeral && r.messageId) mine.add(r.messageId);
  }

  /**
   * `!press <label or custom id> [@user]` and `!pick <menu> <value…> [@user]`: a click on the newest
   * matching button, or a pick in the newest matching menu, among the messages the user sees (the
   * channel, its threads, and what the bot showed them privately). A menu is named by its custom id
   * or by words of its placeholder; a value by its value or the words of its label.
   */
  private async component(
    parsed: Extract<ScenarioLine, { kind: 'directive' }>,
    input: string,
    line: number,
    before: Set<string>,
  ): Promise<LineResult> {
    const words = [...parsed.args];
    const last = userRef(words.at(-1));
    const user = last ?? this.lastUser;
    if (last) words.pop();
    if (!user) throw new ScenarioSyntaxError(`!${parsed.name} needs @user (no one has acted yet)`);
    const userId = this.userId(user);
    // A button's label may be given unquoted: `!press Move a fleet @alice`.
    const [target, ...values] = parsed.name === 'press' ? [words.join(' ')] : words;
    if (!target || (parsed.name === 'pick' && values.length === 0))
      throw new ScenarioSyntaxError(
        parsed.name === 'press'
          ? '!press takes a button label or custom id'
          : '!pick takes a menu and one or more values',
      );
    const found = this.findComponent(userId, parsed.name === 'press' ? 'button' : 'menu', target);
    if (!found)
      throw new ScenarioSyntaxError(
        `no ${parsed.name === 'press' ? 'button' : 'menu'} "${target}" on the messages @${user} can see`,
      );
    const { message, component } = found;
    let handle: InteractionHandle;
    if (parsed.name === 'press') {
      handle = await this.standIn.clickButton({
        channelId: message.channelId,
        messageId: message.id,
        userId,
        customId: component.custom_id,
      });
    } else {
      const options = component.options ?? [];
      const chosen = values.map((v) => {
        const t = v.toLowerCase();
        const hit =
          options.find((o) => o.value === v) ??
          options.find((o) => o.label.toLowerCase() === t) ??
          (() => {
            const some = options.filter((o) => o.label.toLowerCase().includes(t));
            return some.length === 1 ? some[0] : undefined;
          })();
        if (!hit)
          throw new ScenarioSyntaxError(
            `the menu "${target}" has no single option "${v}"; it has: ${options.map((o) => `${o.value} (${o.label})`).join(', ')}`,
          );
        return hit.value;
      });
      handle = await this.standIn.selectMenu({
        channelId: message.channelId,
        messageId: message.id,
        userId,
        customId: component.custom_id,
        values: chosen,
      });
    }
    this.lastUser = user;
    await handle.firstResponse(10_000);
    await this.bot.whenIdle();
    // A press answers with a new message, or updates the one it was on (a menu's next step); a
    // change is announced in a public follow-up, and a turn or battle posts follow in the channel.
    const responses = handle.responses();
    this.notePrivate(userId, responses);
    const shown = [...new Set(responses.map((r) => r.messageId).filter((id): id is string => Boolean(id)))]
      .map((id) => this.standIn.message(id))
      .filter((m): m is StoredMessage => Boolean(m));
    const ids = new Set(shown.map((m) => m.id));
    const answer = shown.at(-1);
    return {
      line,
      input,
      user,
      ok: this.bot.router.outcomes.get(handle.id)?.ok ?? false,
      ephemeral: shown.length > 0 && shown.every((m) => m.ephemeral),
      content: shown.map((m) => this.readable(m.content)).join('\n'),
      embeds: (answer?.embeds ?? []).map((e) => this.embed(e)),
      files: [],
      posts: this.postsSince(this.channelId, new Set([...before, ...ids]), null, line),
      ...withComponents(shown.flatMap((m) => componentLines(m.components))),
    };
  }

  /** The newest button or menu matching `target` on a message the user can see. */
  private findComponent(
    userId: string,
    kind: 'button' | 'menu',
    target: string,
  ): { message: StoredMessage; component: ComponentJson } | null {
    const ids = new Set([
      ...(this.privateMessages.get(userId) ?? []),
      ...[this.channelId, ...this.standIn.threads(this.channelId).map((t) => t.id)].flatMap((id) =>
        this.standIn.channelMessageIds(id),
      ),
    ]);
    const messages = [...ids]
      .map((id) => this.standIn.message(id))
      .filter((m): m is StoredMessage => Boolean(m))
      .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : BigInt(b.id) < BigInt(a.id) ? -1 : 0));
    const t = target.toLowerCase();
    const matches = (c: ComponentJson) =>
      c.custom_id === target ||
      (kind === 'button'
        ? c.type === 2 && (c.label ?? '').toLowerCase() === t
        : c.type === 3 && (c.placeholder ?? '').toLowerCase().includes(t));
    for (const message of messages)
      for (const c of flatComponents(message.components))
        if (matches(c) && !c.disabled) return { message, component: c };
    return null;
  }

  /** Presses the Confirm button of a confirmation prompt, if the reply is one; null otherwise. */
  private async pressConfirm(
    prompt: StoredMessage | undefined,
    userId: string,
  ): Promise<
    (Pick<LineResult, 'ok' | 'ephemeral' | 'content' | 'embeds' | 'files'> & { replyId: string | null }) | null
  > {
    const customId = prompt ? findConfirmId(prompt.components) : null;
    if (!prompt || !customId) return null;
    const click = await this.standIn.clickButton({
      channelId: prompt.channelId,
      messageId: prompt.id,
      userId,
      customId,
    });
    await click.firstResponse(10_000);
    await this.bot.whenIdle();
    // The press updates the prompt, then answers in a follow-up: public when done, private when refused.
    const answer = click.responses().find((r) => r.kind === 'followup');
    const message = answer?.messageId ? this.standIn.message(answer.messageId) : undefined;
    return {
      ok: this.bot.router.outcomes.get(click.id)?.ok ?? false,
      ephemeral: answer?.ephemeral ?? true,
      content: this.readable(message?.content ?? answer?.content ?? ''),
      embeds: (message?.embeds ?? []).map((e) => this.embed(e)),
      files: [],
      replyId: message?.id ?? null,
    };
  }

  private convertArgs(
    options: readonly APIApplicationCommandOption[],
    given: Record<string, string>,
    where: string,
  ): { args: Record<string, ArgValue>; attachments: DriverFile[] } {
    const args: Record<string, ArgValue> = {};
    const attachments: DriverFile[] = [];
    for (const [name, raw] of Object.entries(given)) {
      const opt = options.find((o) => o.name === name);
      if (!opt)
        throw new ScenarioSyntaxError(
          `${where} has no option ${name}:; it has ${options.map((o) => `${o.name}:`).join(' ') || 'no options'}`,
        );
      args[name] = this.convertValue(opt, raw, where, attachments);
    }
    for (const o of options) {
      if ('required' in o && o.required && !(o.name in given))
        throw new ScenarioSyntaxError(`${where} needs ${o.name}:`);
    }
    return { args, attachments };
  }

  private convertValue(
    opt: APIApplicationCommandOption,
    raw: string,
    where: string,
    attachments: DriverFile[],
  ): ArgValue {
    const bad = (why: string) => new ScenarioSyntaxError(`${where} ${opt.name}:${raw} — ${why}`);
    switch (opt.type) {
      case ApplicationCommandOptionType.String: {
        const choices = 'choices' in opt ? opt.choices : undefined;
        if (!choices) return raw;
        const hit = choices.find(
          (c) => String(c.value).toLowerCase() === raw.toLowerCase() || c.name.toLowerCase() === raw.toLowerCase(),
        );
        if (!hit) throw bad(`choose one of ${choices.map((c) => c.value).join(', ')}`);
        return String(hit.value);
      }
      case ApplicationCommandOptionType.Integer:
      case ApplicationCommandOptionType.Number: {
        const n = Number(raw);
        if (!Number.isFinite(n) || (opt.type === ApplicationCommandOptionType.Integer && !Number.isInteger(n)))
          throw bad('not a number');
        // Discord's client offers only the fixed choices and keeps a number within its bounds.
        const choices = 'choices' in opt ? opt.choices : undefined;
        if (choices?.length && !choices.some((c) => c.value === n))
          throw bad(`choose one of ${choices.map((c) => c.value).join(', ')}`);
        if ('min_value' in opt && opt.min_value !== undefined && n < opt.min_value)
          throw bad(`the smallest value is ${opt.min_value}`);
        if ('max_value' in opt && opt.max_value !== undefined && n > opt.max_value)
          throw bad(`the largest value is ${opt.max_value}`);
        return n;
      }
      case ApplicationCommandOptionType.Boolean:
        if (/^(true|yes|1)$/i.test(raw)) return true;
        if (/^(false|no|0)$/i.test(raw)) return false;
        throw bad('use true or false');
      case ApplicationCommandOptionType.User:
      case ApplicationCommandOptionType.Mentionable: {
        const name = userRef(raw);
        if (!name) throw bad('name a user as @name');
        return this.userId(name);
      }
      case ApplicationCommandOptionType.Attachment: {
        let data: Buffer;
        try {
          data = readFileSync(raw);
        } catch {
          throw bad('cannot read that file');
        }
        attachments.push({ name: basename(raw), data });
        return basename(raw);
      }
      default:
        throw bad('this option type is not supported by the playground');
    }
  }

  private async directive(d: Extract<ScenarioLine, { kind: 'directive' }>): Promise<string> {
    const hooks = this.app.testHooks!;
    switch (d.name) {
      case 'seed': {
        if (d.args.length !== 1) throw new ScenarioSyntaxError('!seed takes one value');
        hooks.nextSeed = createHash('sha256').update(`seed:${d.args[0]}`).digest('hex');
        return `The next campaign created uses dice seed ${d.args[0]}.`;
      }
      case 'dice': {
        const values = d.args.map(Number);
        if (values.length === 0 || values.some((v) => !Number.isInteger(v) || v < 1))
          throw new ScenarioSyntaxError('!dice takes whole numbers ≥ 1');
        hooks.forcedDice.push(...values);
        return `The next dice will show ${values.join(', ')}.`;
      }
      case 'clock': {
        const at = new Date(d.args[0] ?? '');
        if (d.args.length !== 1 || Number.isNaN(at.getTime()))
          throw new ScenarioSyntaxError('!clock takes an ISO date such as 2026-11-21T12:00Z');
        this.app.clock.set(at);
        const applied = await this.bot.tick();
        return `Clock set to ${at.toISOString()}.${applied ? ` ${applied} deadline${applied === 1 ? '' : 's'} applied.` : ''}`;
      }
      case 'advance': {
        const ms = parseDuration(d.args.join(''));
        if (ms === null) throw new ScenarioSyntaxError('!advance takes a duration such as 7d, 36h or 1d12h');
        this.app.clock.advance(ms);
        const applied = await this.bot.tick();
        return `Clock advanced to ${this.app.clock.now().toISOString()}.${applied ? ` ${applied} deadline${applied === 1 ? '' : 's'} applied.` : ''}`;
      }
      case 'react':
      case 'unreact': {
        const name = userRef(d.args[0]);
        const emoji = d.args[1];
        if (!name || !emoji) throw new ScenarioSyntaxError(`!${d.name} takes @user and an emoji`);
        const messageId = this.reactionTarget(d.options['on'] ?? 'last-vote');
        const input = { channelId: this.channelId, messageId, userId: this.userId(name), emoji };
        const seen = this.bot.reactionsSeen;
        if (d.name === 'react') await this.standIn.addReaction(input);
        else await this.standIn.removeReaction(input);
        // The reaction reaches the bot over the gateway; wait for it before asking whether the bot is idle.
        for (let waited = 0; this.bot.reactionsSeen === seen && waited < 5000; waited += 5)
          await new Promise((r) => setTimeout(r, 5));
        return `@${name} ${d.name === 'react' ? 'reacted' : 'removed the reaction'} ${emoji} on message ${messageId}.`;
      }
      case 'channel': {
        const name = d.args[0];
        if (!name) throw new ScenarioSyntaxError('!channel takes a channel name');
        let id = this.channels.get(name);
        if (!id) {
          id = this.standIn.addChannel(this.guildId, { id: stableSnowflake(`channel:${name}`), name }).id;
          this.channels.set(name, id);
        }
        this.channelId = id;
        return `Now in #${name}.`;
      }
      case 'admin': {
        const name = userRef(d.args[0]);
        if (!name) throw new ScenarioSyntaxError('!admin takes @user');
        this.standIn.setMemberPermissions(this.guildId, this.userId(name), PermissionFlagsBits.ManageGuild);
        return `@${name} now has the Manage Server permission.`;
      }
      case 'press':
      case 'pick':
        // Run by `component` (they answer like a command, not with a line of text).
        throw new Error(`!${d.name} is run by Playground.component`);
    }
  }

  /** `last-vote`: the newest bot message carrying the bot's own reactions; otherwise a message id. */
  private reactionTarget(on: string): string {
    if (on !== 'last-vote') return on;
    const messages = this.standIn.channelMessages(this.channelId);
    const vote = [...messages].reverse().find((m) => m.author.bot && m.reactions.some((r) => r.me));
    if (!vote) throw new ScenarioSyntaxError('there is no vote message to react to in this channel');
    return vote.id;
  }

  /** New posts in the channel and in its threads (battle threads), each thread's marked with its name. */
  private postsSince(
    channelId: string,
    before: Set<string>,
    replyId: string | null,
    line: number,
  ): LineResult['posts'] {
    const fresh = (m: StoredMessage) => !before.has(m.id) && m.id !== replyId && !m.ephemeral;
    const post = (m: StoredMessage, prefix: string) => ({
      content: prefix + this.readable(m.content),
      embeds: m.embeds.map((e) => this.embed(e)),
      files: this.saveFiles(m.attachments, line),
      ...withComponents(componentLines(m.components)),
    });
    // Only the new messages are copied out of the stand-in, not the whole channel's history.
    const since = (id: string) =>
      this.standIn
        .channelMessageIds(id)
        .filter((x) => !before.has(x))
        .map((x) => this.standIn.message(x))
        .filter((m): m is StoredMessage => m !== undefined && fresh(m));
    const inChannel = since(channelId).map((m) => post(m, ''));
    const inThreads = this.standIn.threads(channelId).flatMap((t) => since(t.id).map((m) => post(m, `🧵 ${t.name}: `)));
    return [...inChannel, ...inThreads];
  }

  private saveFiles(files: StoredAttachment[], line: number): string[] {
    return files.map((f) => {
      const path = join(this.outDir, `line${String(line).padStart(3, '0')}-${f.filename}`);
      writeFileSync(path, f.data);
      return path;
    });
  }

  private embed(e: APIEmbed): SimpleEmbed {
    const out: SimpleEmbed = {};
    if (e.title) out.title = this.readable(e.title);
    if (e.description) out.description = this.readable(e.description);
    if (e.fields?.length)
      out.fields = e.fields.map((f) => ({ name: this.readable(f.name), value: this.readable(f.value) }));
    if (e.footer?.text) out.footer = e.footer.text;
    return out;
  }

  /** Mentions and timestamps as a reader of the playground would like to see them. */
  readable(text: string): string {
    const names = new Map([...this.users].map(([name, id]) => [id, name]));
    const channels = new Map([...this.channels].map(([name, id]) => [id, name]));
    return text
      .replace(/<@!?(\d+)>/g, (_m, id: string) => `@${names.get(id) ?? id}`)
      .replace(/<#(\d+)>/g, (_m, id: string) => `#${channels.get(id) ?? id}`)
      .replace(/<t:(\d+)(?::[a-zA-Z])?>/g, (_m, s: string) =>
        new Date(Number(s) * 1000).toISOString().replace('.000Z', 'Z'),
      );
  }
}

async function existingCampaignIds(database: Database): Promise<Set<string>> {
  const rows = await database.db.select({ id: campaigns.id }).from(campaigns);
  return new Set(rows.map((r) => r.id));
}

/** The custom id of a Confirm button among a message's components. */
function findConfirmId(components: unknown): string | null {
  if (Array.isArray(components)) {
    for (const c of components) {
      const found = findConfirmId(c);
      if (found) return found;
    }
    return null;
  }
  if (!components || typeof components !== 'object') return null;
  const c = components as { custom_id?: unknown; components?: unknown };
  if (typeof c.custom_id === 'string' && c.custom_id.startsWith('confirm:yes:')) return c.custom_id;
  return findConfirmId(c.components);
}

/** Finds the subcommand group and subcommand named by the leading words, and the options they take. */
function resolvePath(
  options: readonly APIApplicationCommandOption[],
  words: string[],
  where: string,
): { group?: string; sub?: string; options: readonly APIApplicationCommandOption[] } {
  const subs = options.filter(
    (o) =>
      o.type === ApplicationCommandOptionType.Subcommand || o.type === ApplicationCommandOptionType.SubcommandGroup,
  );
  if (subs.length === 0) {
    if (words.length > 0) throw new ScenarioSyntaxError(`${where} has no subcommand ${words[0]}`);
    return { options };
  }
  const first = subs.find((o) => o.name === words[0]);
  if (!first) throw new ScenarioSyntaxError(`${where} needs one of: ${subs.map((s) => s.name).join(', ')}`);
  if (first.type === ApplicationCommandOptionType.Subcommand) {
    if (words.length > 1) throw new ScenarioSyntaxError(`${where} ${first.name} takes no further word ${words[1]}`);
    return { sub: first.name, options: first.options ?? [] };
  }
  const inner = (first.options ?? []).find((o) => o.name === words[1]);
  if (!inner)
    throw new ScenarioSyntaxError(
      `${where} ${first.name} needs one of: ${(first.options ?? []).map((s) => s.name).join(', ')}`,
    );
  return { group: first.name, sub: inner.name, options: inner.options ?? [] };
}

/**
 * Discord ids derived from names, so the same script gives byte-identical exports on every run
 * and every database (the stand-in would otherwise mint time-based snowflakes).
 */
export function stableSnowflake(label: string): string {
  const n = BigInt(`0x${createHash('sha256').update(label).digest('hex').slice(0, 14)}`);
  return (100_000_000_000_000_000n + (n % 800_000_000_000_000_000n)).toString();
}

/** A button (type 2) or string menu (type 3) as the stand-in stores it (Discord's JSON). */
interface ComponentJson {
  type: number;
  custom_id: string;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  options?: { label: string; value: string; default?: boolean }[];
}

function flatComponents(components: unknown): ComponentJson[] {
  if (Array.isArray(components)) return components.flatMap(flatComponents);
  if (!components || typeof components !== 'object') return [];
  const c = components as ComponentJson & { components?: unknown };
  return [...(typeof c.custom_id === 'string' ? [c] : []), ...flatComponents(c.components)];
}

/** Buttons and menus as a reader of the playground sees them: `[Label]`, and `▾ placeholder: option | option`. */
function componentLines(components: unknown): string[] {
  if (!Array.isArray(components)) return [];
  return components
    .map((row) =>
      flatComponents(row)
        .map((c) => {
          if (c.type === 2) return `[${c.label ?? c.custom_id}]${c.disabled ? '(off)' : ''}`;
          const picked = (c.options ?? []).find((o) => o.default);
          return `▾ ${picked ? `${picked.label} ✓` : (c.placeholder ?? c.custom_id)}: ${(c.options ?? []).map((o) => (o.value.length <= 12 ? o.value : o.label)).join(' | ')}`;
        })
        .join(' '),
    )
    .filter(Boolean);
}

function withComponents(lines: string[]): { components?: string[] } {
  return lines.length ? { components: lines } : {};
}
