import { randomBytes } from 'node:crypto';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  StringSelectMenuBuilder,
  type RepliableInteraction,
} from 'discord.js';
import type { AppContext } from '../app/context.ts';
import { previewChain, type PreviewStep } from '../app/preview.ts';
import { NPE, sideOfUser, speakerOf, unitName } from '../rules/thunderdome/battles/common.ts';
import type { ResultInput } from '../rules/thunderdome/battles/negotiation.ts';
import {
  adjacentSectors,
  sectorLabel,
  type Actor,
  type Battle,
  type CampaignState,
  type ResultEvidence,
  type UnitFate,
} from '../rules/thunderdome/index.ts';
import type { CommandContext, CommandOutcome } from './command.ts';
import {
  campaignHere,
  componentId,
  runChosen,
  stale,
  type ComponentHandler,
  type ComponentPress,
} from './components.ts';
import { presentError, send } from './present.ts';
import { describeError, describeEvent, refusalText, splitMessage } from './words.ts';

/*
 * Battle posts' buttons and the result builder (UTD3.41–3.43, UTD7.44): a result entered with one
 * menu per unit (undamaged, crippled, destroyed, captured, wreck), the winner, and each loser's
 * retreat lane from the lanes of the battle's sector (UTD7.466); a preview of what follows once the
 * other side accepts; then the same `battle-propose` as `/battle report` or `/battle propose`, whose
 * announcement carries Accept and Reject for the other side (component-rows.ts).
 */

/** Stages in which a result can be entered (the rules' own list, negotiation.ts PLAYING). */
const RESULT_STAGES: readonly Battle['stage'][] = [
  'awaiting-contact',
  'awaiting-response',
  'in-play',
  'negotiating',
  'result-proposed',
  'stalled',
];

const FATES: readonly { fate: UnitFate; words: string }[] = [
  { fate: 'undamaged', words: 'undamaged' },
  { fate: 'crippled', words: 'crippled' },
  { fate: 'destroyed', words: 'destroyed' },
  { fate: 'captured', words: 'captured by the other side' },
  { fate: 'wrecked', words: 'wreck (speed ≤ ¼, UTD6.3E)' },
];

/** A result being built by one player: kept in this process for 15 minutes (an ephemeral message's life). */
export interface ResultDraft {
  battleId: string;
  userId: string;
  winner: string | null;
  fates: Record<string, UnitFate>;
  /** Losing player → sector, or `-` for no retreat (no ships left to disengage). */
  retreats: Record<string, string>;
  page: number;
  evidence: ResultEvidence | null;
  /** What `/result` gave beside the menus: NPE planet damage (UTD5.4632) and a note. */
  planetDamage: number;
  note: string;
  expiresAt: number;
}

const LIFETIME_MS = 15 * 60_000;
const PER_PAGE = 4;
const books = new WeakMap<AppContext, Map<string, ResultDraft>>();

function drafts(app: AppContext): Map<string, ResultDraft> {
  let book = books.get(app);
  if (!book) books.set(app, (book = new Map()));
  const now = app.clock.now().getTime();
  for (const [t, d] of book) if (d.expiresAt <= now) book.delete(t);
  return book;
}

function draftOf(app: AppContext, token: string | undefined, userId: string): ResultDraft | null {
  const d = token ? drafts(app).get(token) : undefined;
  return d && d.userId === userId ? d : null;
}

type Field = { kind: 'winner' } | { kind: 'unit'; id: string } | { kind: 'retreat'; loser: string };

function fieldsOf(b: Battle, d: ResultDraft): Field[] {
  const fields: Field[] = [{ kind: 'winner' }];
  for (const p of b.participants) for (const id of p.units) fields.push({ kind: 'unit', id });
  if (d.winner)
    for (const loser of b.sides.filter((s) => s !== d.winner && s !== NPE)) fields.push({ kind: 'retreat', loser });
  return fields;
}

const sideName = (state: CampaignState, side: string) =>
  side === NPE ? 'the NPE' : (state.players.find((p) => p.id === side)?.name ?? side);

function ownerSide(b: Battle, unitId: string): string | null {
  return b.participants.find((p) => p.units.includes(unitId))?.side ?? null;
}

/** The builder's message: what is chosen so far, one page of menus, and the buttons. */
function builderView(
  token: string,
  d: ResultDraft,
  b: Battle,
  state: CampaignState,
  note: string | null = null,
): { content: string; components: ActionRowBuilder<StringSelectMenuBuilder | ButtonBuilder>[] } {
  const fields = fieldsOf(b, d);
  const pages = Math.max(1, Math.ceil(fields.length / PER_PAGE));
  const page = Math.min(Math.max(0, d.page), pages - 1);
  d.page = page;
  const rows: ActionRowBuilder<StringSelectMenuBuilder | ButtonBuilder>[] = [];
  for (const f of fields.slice(page * PER_PAGE, (page + 1) * PER_PAGE)) {
    const menu = new StringSelectMenuBuilder();
    if (f.kind === 'winner') {
      menu
        .setCustomId(componentId('rw', token))
        .setPlaceholder('Who holds the field? (UTD7.44)')
        .addOptions(
          b.sides.map((s) => ({
            label: `${sideName(state, s)} holds the field`.slice(0, 100),
            value: s,
            default: d.winner === s,
          })),
        );
    } else if (f.kind === 'unit') {
      const name = `${unitName(state, f.id)} (${sideName(state, ownerSide(b, f.id) ?? '')})`;
      menu
        .setCustomId(componentId('ru', token, f.id))
        .setPlaceholder(name.slice(0, 150))
        .addOptions(
          FATES.map((x) => ({
            label: `${name}: ${x.words}`.slice(0, 100),
            value: x.fate,
            default: (d.fates[f.id] ?? 'undamaged') === x.fate,
          })),
        );
    } else {
      const lanes = adjacentSectors(state, b.sector).slice(0, 24);
      menu
        .setCustomId(componentId('rr', token, f.loser))
        .setPlaceholder(`${sideName(state, f.loser)} disengages to… (UTD7.466)`.slice(0, 150))
        .addOptions([
          {
            label: `${sideName(state, f.loser)}: no retreat (no ship left there)`.slice(0, 100),
            value: '-',
            default: d.retreats[f.loser] === '-',
          },
          ...lanes.map((key) => ({
            label: `${sideName(state, f.loser)} retreats to ${sectorLabel(state, key)}`.slice(0, 100),
            value: key,
            default: d.retreats[f.loser] === key,
          })),
        ]);
    }
    rows.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu));
  }
  rows.push(
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(componentId('rp', token, page - 1))
        .setLabel('◀ Back')
        .setStyle(ButtonStyle.Secondary)
        .setDisabled(page === 0),
      new ButtonBuilder()
        .setCustomId(componentId('rp', token, page + 1))
        .setLabel('Next ▶')
        .setStyle(ButtonStyle.Secondary)
        .setDisabled(page >= pages - 1),
      new ButtonBuilder()
        .setCustomId(componentId('rv', token))
        .setLabel('Preview')
        .setEmoji('🔍')
        .setStyle(ButtonStyle.Primary)
        .setDisabled(!d.winner),
      new ButtonBuilder().setCustomId(componentId('rx', token)).setLabel('Cancel').setStyle(ButtonStyle.Secondary),
    ),
  );
  const lines = [
    `📝 **Result of battle ${b.id}** in **${sectorLabel(state, b.sector)}** — page ${page + 1} of ${pages}.`,
    'Every unit counts as undamaged until you pick otherwise; each loser left with ships in the sector needs a retreat lane. Then **Preview**.',
  ];
  if (d.evidence) lines.push(`📎 Evidence: ${d.evidence.name}`);
  if (d.planetDamage) lines.push(`🪐 Planet damage: ${d.planetDamage} (UTD5.4632)`);
  if (d.note) lines.push(`🗒️ Note: “${d.note}”`);
  if (note) lines.push('', note);
  return { content: lines.join('\n'), components: rows };
}

/** The draft as the rules' result input (the same form `/battle report` fills). */
function resultOf(d: ResultDraft): ResultInput {
  const by = (fate: UnitFate) => Object.keys(d.fates).filter((id) => d.fates[id] === fate);
  const retreats = Object.entries(d.retreats).filter(([, to]) => to !== '-');
  return {
    winner: d.winner ?? '',
    destroyed: by('destroyed'),
    crippled: by('crippled'),
    wrecked: by('wrecked'),
    captured: by('captured'),
    retreat: retreats.length ? retreats.map(([who, to]) => `${who}=${to}`).join(',') : null,
    provisional: [],
    planetDamage: d.planetDamage,
    note: d.note,
    ...(d.evidence ? { evidence: d.evidence } : {}),
  };
}

/** The open battle named by a button, or the stale answer. */
async function openBattleHere(
  i: ComponentPress,
  ctx: CommandContext,
  battleId: string | undefined,
): Promise<{ state: CampaignState; version: number; battle: Battle } | null> {
  const here = await campaignHere(ctx);
  const battle = here?.state.battles.find((b) => b.id === battleId);
  if (here && battle && battle.status === 'open') return { ...here, battle };
  await stale(
    i,
    `Battle ${battleId ?? '?'} is over (UTD7.4).`,
    '`/battle list` shows the open battles; `/battle show` one of them.',
  );
  return null;
}

/**
 * Opens the builder for a battle (the battle post's button, or `/result`, which may attach evidence).
 * Only a side of the battle may enter its result (UTD7.42), while it is being played (UTD7.45).
 */
export async function openResultBuilder(
  i: RepliableInteraction,
  ctx: CommandContext,
  state: CampaignState,
  battle: Battle,
  extra: { evidence: ResultEvidence | null; planetDamage: number; note: string } = {
    evidence: null,
    planetDamage: 0,
    note: '',
  },
): Promise<CommandOutcome> {
  const side = sideOfUser(battle, ctx.actor.userId);
  if (!side)
    return presentError(i, {
      code: 'battle/not-a-side',
      rule: 'UTD7.42',
      message: `You are not fighting in battle ${battle.id}.`,
    });
  if (!RESULT_STAGES.includes(battle.stage))
    return presentError(i, {
      code: 'battle/not-ready',
      rule: 'UTD7.45',
      message: `Battle ${battle.id} is ${battle.stage.replace('-', ' ')}; results come after the fleets and setup.`,
    });
  const token = randomBytes(6).toString('hex');
  const draft: ResultDraft = {
    battleId: battle.id,
    userId: ctx.actor.userId,
    winner: null,
    fates: {},
    retreats: {},
    page: 0,
    ...extra,
    expiresAt: ctx.app.clock.now().getTime() + LIFETIME_MS,
  };
  drafts(ctx.app).set(token, draft);
  await send(i, { ...builderView(token, draft, battle, state), flags: MessageFlags.Ephemeral });
  return { ok: true };
}

/** A press on a builder whose draft is gone (15 minutes passed, sent, cancelled, or the bot restarted). */
function draftGone(i: ComponentPress): Promise<CommandOutcome> {
  return stale(
    i,
    'This result form is no longer available (it was sent or cancelled, 15 minutes passed, or the bot restarted).',
    'Press **Enter the result** on the battle card again, or use `/result`.',
  );
}

/** One change to the draft, then the builder shown again. */
function editing(change: (d: ResultDraft, value: string, args: string[]) => void): ComponentHandler {
  return async (i, [token, ...args], ctx) => {
    const d = draftOf(ctx.app, token, ctx.actor.userId);
    if (!d) return draftGone(i);
    const here = await openBattleHere(i, ctx, d.battleId);
    if (!here) return { ok: false };
    change(d, i.isStringSelectMenu() ? (i.values[0] ?? '') : '', args);
    await i.update(builderView(token!, d, here.battle, here.state));
    return { ok: true };
  };
}

const setWinner = editing((d, value) => {
  d.winner = value;
  // The winner does not retreat (UTD7.4653); a loser's lane chosen earlier stays.
  delete d.retreats[value];
});
const setFate = editing((d, value, [unitId]) => {
  if (unitId && FATES.some((f) => f.fate === value)) d.fates[unitId] = value as UnitFate;
});
const setRetreat = editing((d, value, [loser]) => {
  if (loser) d.retreats[loser] = value;
});
const turnPage = editing((d, _value, [page]) => {
  d.page = Number(page) || 0;
});

/** The sides that must still agree after the proposer, and who speaks for each (UTD3.41). */
function answerers(state: CampaignState, b: Battle, proposer: string): PreviewStep[] {
  return b.sides
    .filter((s) => s !== proposer)
    .flatMap((s) => {
      const speaker = speakerOf(b, s);
      if (!speaker) return [];
      const name = state.players.find((p) => p.id === speaker)?.name ?? speaker;
      const actor: Actor = { userId: speaker, displayName: name, isServerAdmin: false };
      return [{ actor, command: { type: 'battle-accept', battle: b.id } } satisfies PreviewStep];
    });
}

/** 🔍 Preview: the proposal as it will read, and what follows once the other side accepts it. */
const preview: ComponentHandler = async (i, [token], ctx) => {
  const d = draftOf(ctx.app, token, ctx.actor.userId);
  if (!d) return draftGone(i);
  const here = await openBattleHere(i, ctx, d.battleId);
  if (!here) return { ok: false };
  const b = here.battle;
  const proposer = sideOfUser(b, ctx.actor.userId) ?? ctx.actor.userId;
  const run = await previewChain(ctx.app, ctx.target, [
    { actor: ctx.actor, command: { type: 'battle-propose', battle: b.id, kind: 'report', result: resultOf(d) } },
    ...answerers(here.state, b, proposer),
  ]);
  if (!run) return { ok: false };
  if (!run.ok) {
    // The proposal itself is refused: the player fixes the form. A refusal at an answer is a consequence to show.
    if (run.step === 0) {
      await i.update(builderView(token!, d, b, here.state, describeError(run.error)));
      return { ok: false };
    }
  }
  const lines = [`🔍 **Preview of the result of battle ${b.id}** — nothing is sent yet.`];
  const proposed = run.ok ? run.steps[0]! : null;
  if (proposed)
    for (const e of proposed.events) {
      if (e.event.type !== 'BattleProposed') continue;
      const text = describeEvent(e, proposed.state);
      if (text) lines.push(text.replace(/ reports the result #\d+:/, ' reports:'));
    }
  if (run.ok) {
    const after = run.steps.slice(1).flatMap((s) =>
      s.events
        .filter((e) => e.event.type !== 'BattleProposalAnswered')
        .map((e) => describeEvent(e, s.state))
        .filter((x): x is string => Boolean(x)),
    );
    lines.push(
      '',
      '**Once the other side accepts** (as a played result):',
      ...(after.length ? after : ['• nothing further changes.']),
    );
    // UTD5.47: a settlement against an NPE waits for objections before it applies.
    if (b.npe)
      lines.push(
        `Sent as a settlement, it waits ${here.state.settings['npe.objectionWindowHours']} h for objections first (UTD5.47).`,
      );
  } else lines.push('', `If the other side accepts: ❌ ${refusalText(run.error).message} (${run.error.rule})`);
  // An update is one message: the preview's first part, split at a line end (never mid-word).
  const content = splitMessage(lines.join('\n'), 1900)[0]!;
  const version = run.ok ? run.version : ((await campaignHere(ctx))?.version ?? 0);
  await i.update({
    content,
    components: [
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(componentId('rs', token!, 'report', version))
          .setLabel('Send as the played result')
          .setEmoji('📨')
          .setStyle(ButtonStyle.Success),
        new ButtonBuilder()
          .setCustomId(componentId('rs', token!, 'negotiated', version))
          .setLabel('Send as a settlement')
          .setEmoji('🤝')
          .setStyle(ButtonStyle.Primary),
        new ButtonBuilder()
          .setCustomId(componentId('rp', token!, d.page))
          .setLabel('Edit')
          .setEmoji('✏️')
          .setStyle(ButtonStyle.Secondary),
        new ButtonBuilder().setCustomId(componentId('rx', token!)).setLabel('Cancel').setStyle(ButtonStyle.Secondary),
      ),
    ],
  });
  return { ok: true };
};

/** 📨 Send: `/battle report` (a game played) or `/battle propose` (a settlement, UTD3.41), as previewed. */
const sendResult: ComponentHandler = async (i, [token, kind, versionText], ctx) => {
  const d = draftOf(ctx.app, token, ctx.actor.userId);
  if (!d) return draftGone(i);
  drafts(ctx.app).delete(token!);
  const report = kind === 'report';
  return runChosen(
    i,
    ctx,
    { type: 'battle-propose', battle: d.battleId, kind: report ? 'report' : 'negotiated', result: resultOf(d) },
    {
      version: Number(versionText),
      doing: `Sending the result of battle ${d.battleId}…`,
      again: report ? `/battle report battle:${d.battleId}` : `/battle propose battle:${d.battleId}`,
    },
  );
};

const cancel: ComponentHandler = async (i, [token], ctx) => {
  if (token && draftOf(ctx.app, token, ctx.actor.userId)) drafts(ctx.app).delete(token);
  await i.update({ content: 'Cancelled: no result was sent.', components: [] });
  return { ok: true };
};

/** 📝 Enter the result (the battle card's button). */
const openFromPost: ComponentHandler = async (i, [battleId], ctx) => {
  const here = await openBattleHere(i, ctx, battleId);
  if (!here) return { ok: false };
  return openResultBuilder(i, ctx, here.state, here.battle);
};

/** 📞 Make or answer contact (UTD3.42#1, 3.43#1): `/battle schedule` without a time. */
const contact: ComponentHandler = async (i, [battleId], ctx) => {
  const here = await openBattleHere(i, ctx, battleId);
  if (!here) return { ok: false };
  if (here.battle.stage !== 'awaiting-contact' && here.battle.stage !== 'awaiting-response')
    return stale(
      i,
      `Contact in battle ${here.battle.id} is already made (UTD3.42).`,
      `Log a session time with \`/battle schedule battle:${here.battle.id} when:…\`.`,
    );
  return runChosen(
    i,
    ctx,
    { type: 'battle-schedule', battle: here.battle.id, when: null },
    { version: here.version, doing: 'Making contact…', again: `/battle schedule battle:${here.battle.id}` },
  );
};

/** 🚩 Name my fighting fleet (UTD7.421): which of my fleets in the battle's sector. */
const fleetStart: ComponentHandler = async (i, [battleId], ctx) => {
  const here = await openBattleHere(i, ctx, battleId);
  if (!here) return { ok: false };
  const b = here.battle;
  if (b.stage !== 'fleet-selection')
    return stale(
      i,
      `The fighting fleets of battle ${b.id} are already chosen (UTD7.421).`,
      `\`/battle show battle:${b.id}\` shows them.`,
    );
  const side = sideOfUser(b, ctx.actor.userId);
  if (!side)
    return presentError(i, {
      code: 'battle/not-a-side',
      rule: 'UTD7.42',
      message: `You are not fighting in battle ${b.id}.`,
    });
  const fleets = here.state.fleets
    .filter((f) => f.owner === side && f.sector === b.sector)
    .sort((x, y) => x.slot - y.slot);
  if (fleets.length === 0)
    return presentError(i, {
      code: 'battle/no-fleet',
      rule: 'UTD7.421',
      message: `You have no fleet in ${sectorLabel(here.state, b.sector)}.`,
    });
  const menu = new StringSelectMenuBuilder()
    .setCustomId(componentId('bs', b.id, here.version))
    .setPlaceholder('Which fleet fights?')
    .addOptions(
      fleets.slice(0, 25).map((f) => {
        const ships = here.state.ships.filter((s) => s.fleetId === f.id);
        return {
          label: `Fleet ${f.slot} — ${ships.map((s) => s.unitId).join(', ') || 'no ship'}`.slice(0, 100),
          value: String(f.slot),
        };
      }),
    );
  await send(i, {
    content: `🚩 **Battle ${b.id}**: which fleet fights (UTD7.421)? Its legal battle fleet fights; \`/battle fleet units:\` names single units.`,
    components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)],
    flags: MessageFlags.Ephemeral,
  });
  return { ok: true };
};

const fleetPicked: ComponentHandler = async (i, [battleId, versionText], ctx) => {
  if (!i.isStringSelectMenu() || !battleId) return { ok: false };
  const slot = i.values[0] ?? '';
  return runChosen(
    i,
    ctx,
    { type: 'battle-fleet', battle: battleId, fleet: slot, units: [] },
    {
      version: Number(versionText),
      doing: `Naming fleet ${slot} for battle ${battleId}…`,
      again: `/battle fleet battle:${battleId} fleet:${slot}`,
    },
  );
};

/** 🙋 Volunteer to run the NPE (UTD5.431): `/battle volunteer`. */
const volunteer: ComponentHandler = async (i, [battleId], ctx) => {
  const here = await openBattleHere(i, ctx, battleId);
  if (!here) return { ok: false };
  if (here.battle.stage !== 'awaiting-runner')
    return stale(
      i,
      `Battle ${here.battle.id} no longer waits for a runner (UTD5.431).`,
      `\`/battle show battle:${here.battle.id}\` shows where it stands.`,
    );
  return runChosen(
    i,
    ctx,
    { type: 'battle-volunteer', battle: here.battle.id },
    { version: here.version, doing: 'Volunteering…', again: `/battle volunteer battle:${here.battle.id}` },
  );
};

/** Accept or Reject under a proposed result: valid while that very proposal is open (UTD3.41). */
function answer(accepted: boolean): ComponentHandler {
  return async (i, [battleId, proposalId], ctx) => {
    const here = await openBattleHere(i, ctx, battleId);
    if (!here) return { ok: false };
    const open = here.battle.proposals.find((p) => p.status === 'open');
    if (!open || String(open.id) !== proposalId)
      return stale(
        i,
        `Proposal #${proposalId ?? '?'} of battle ${here.battle.id} is no longer open (UTD3.41).`,
        open
          ? `Proposal #${open.id} is the one waiting now: answer it under its own post or with \`/battle show battle:${here.battle.id}\`.`
          : `\`/battle show battle:${here.battle.id}\` shows where the battle stands.`,
      );
    return runChosen(
      i,
      ctx,
      accepted ? { type: 'battle-accept', battle: here.battle.id } : { type: 'battle-reject', battle: here.battle.id },
      {
        version: here.version,
        doing: accepted ? 'Accepting…' : 'Rejecting…',
        again: `/battle ${accepted ? 'accept' : 'reject'} battle:${here.battle.id}`,
      },
    );
  };
}

export const BATTLE_COMPONENTS = {
  bc: contact,
  bf: fleetStart,
  bs: fleetPicked,
  bv: volunteer,
  ro: openFromPost,
  rw: setWinner,
  ru: setFate,
  rr: setRetreat,
  rp: turnPage,
  rv: preview,
  rs: sendResult,
  rx: cancel,
  ba: answer(true),
  bj: answer(false),
} as const satisfies Record<string, ComponentHandler>;
