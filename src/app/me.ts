import type { Battle, CampaignState, Player, Vote } from '../rules/thunderdome/index.ts';

/**
 * `/me`: everything waiting on one user in the campaigns of a server, most urgent first. A pure
 * function over campaign states (no database, no Discord), so each kind is tested from a prepared
 * campaign (test/app/me.test.ts); the words layer (src/discord/me-words.ts) writes each item's line
 * and the exact command to act, from a `Record<PendingKind, …>` so a new kind cannot be forgotten.
 */

/** Which campaign an item belongs to. */
export interface PendingCampaign {
  id: string;
  guildId: string;
  name: string;
  channelId: string;
}

interface Base {
  campaign: PendingCampaign;
  /** When it is due (ISO 8601), or null: no clock (then it sorts after every dated item). */
  deadline: string | null;
  /** The player it is for: the user, or the player whose proxy the user holds (UTD3.2). */
  forPlayer: string;
}

/** Each kind of thing that can wait on a player, with what its words need. */
export type PendingItem = Base &
  (
    | /** UTD2.3, UTD3.3: my player turn, orders due by the deadline. */ {
        kind: 'orders';
        opsLeft: number;
      }
    | /** UTD6.3I2: captured ships to put into a fleet, dry dock or scrap before the turn goes on. */ {
        kind: 'captures';
        ships: string[];
      }
    | /** UTD8.16: the map waits for my approval (unanimous). */ { kind: 'map-approval' }
    | /** ISS-A103: my initial forces wait for `/setup ready`. */ { kind: 'setup-ready' }
    | /** UTD7.421: 24 h to choose the fighting fleet. */ { kind: 'battle-fleet'; battleId: string; sector: string }
    | /** UTD3.42#1: I must make contact within three days. */ {
        kind: 'battle-contact';
        battleId: string;
        sector: string;
      }
    | /** UTD3.43#1: my opponent made contact; I must answer within three days. */ {
        kind: 'battle-response';
        battleId: string;
        sector: string;
      }
    | /** UTD3.42: the other side proposed a time to play; accepting it is my answer. */ {
        kind: 'battle-session';
        battleId: string;
        sector: string;
        at: string;
      }
    | /** UTD3.5: the battle is to be played (or settled, UTD3.41) and its result reported. */ {
        kind: 'battle-result';
        battleId: string;
        sector: string;
      }
    | /** UTD3.41: the other side's result waits for my answer. */ {
        kind: 'battle-answer';
        battleId: string;
        sector: string;
        proposalKind: 'negotiated' | 'report';
      }
    | /** UTD3.43#1, ISS-A16: I did not answer in time and choose the lane I retreat through. */ {
        kind: 'battle-lane';
        battleId: string;
        sector: string;
      }
    | /** The report was disputed: negotiate, extend (UTD3.44) or appeal (UTF3.45). */ {
        kind: 'battle-stalled';
        battleId: string;
        sector: string;
      }
    | /** UTF3.45: my side's explanation and plan for the appeal. */ {
        kind: 'battle-appeal';
        battleId: string;
        sector: string;
      }
    | /** UTD5.431: an NPE battle needs a volunteer to run the NPE. */ {
        kind: 'npe-volunteer';
        battleId: string;
        sector: string;
        empire: string;
      }
    | /** UTD5.47: a negotiated NPE result open to objections. */ {
        kind: 'npe-objection';
        battleId: string;
        sector: string;
      }
    | /** UTD1.7: an open vote where I have not cast a ballot. */ {
        kind: 'vote';
        voteId: string;
        question: string;
        messageId: string | null;
      }
    | /** UTD5.221–5.224: an exploration waits for my balancing answer (exploration-offer.ts). */ {
        kind: 'balancing';
        sector: string;
      }
    | /** UTD3.2: I hold a proxy for another player. */ { kind: 'proxy'; expiresAt: string | null }
  );

export type PendingKind = PendingItem['kind'];

/** Battle items each kind is about, for callers that link the battle thread. */
export function battleOf(item: PendingItem): string | null {
  return 'battleId' in item ? item.battleId : null;
}

const NPE = 'npe';

/** Who speaks for a side: the approved stand-in of a side that resigned (UTD3.91), the NPE's runner, or the player. */
function speaker(b: Battle, side: string): string | null {
  if (b.standIns?.[side]) return b.standIns[side]!;
  if (side === NPE) return b.npe?.runner ?? null;
  return side;
}

/** The sides a user speaks for in a battle. */
function sidesOf(b: Battle, user: string): string[] {
  return b.sides.filter((s) => speaker(b, s) === user);
}

function isActive(p: Player | undefined): boolean {
  return p?.status === 'active';
}

/** The proxies `user` holds in a campaign, still valid at `now` (UTD3.2). */
function principals(state: CampaignState, user: string, now: Date): Player[] {
  return state.players.filter(
    (p) =>
      p.id !== user &&
      isActive(p) &&
      p.proxies.some((x) => x.userId === user && (x.expiresAt === null || new Date(x.expiresAt) > now)),
  );
}

function campaignOf(state: CampaignState): PendingCampaign {
  return { id: state.id, guildId: state.guildId, name: state.name, channelId: state.channelId };
}

/** What waits on `user` in one campaign at `now`. */
export function pendingIn(state: CampaignState, user: string, now: Date): PendingItem[] {
  if (state.status === 'finished') return [];
  const campaign = campaignOf(state);
  const items: PendingItem[] = [];
  const me = state.players.find((p) => p.id === user);
  const paused = Boolean(state.paused);

  // UTD8.16: the map is approved before the start, unanimously.
  const beforePlay = state.status === 'registration' || state.status === 'setup';
  if (beforePlay && isActive(me) && state.map && !state.map.approved && !state.map.approvals.includes(user))
    items.push({ campaign, deadline: null, forPlayer: user, kind: 'map-approval' });
  if (state.status === 'setup' && isActive(me) && state.map?.approved && !me!.ready)
    items.push({ campaign, deadline: null, forPlayer: user, kind: 'setup-ready' });

  // The turn: mine, or a player's whose proxy I hold (UTD3.2: a proxy gives that player's orders).
  const acting = [user, ...principals(state, user, now).map((p) => p.id)];
  const turn = state.turn;
  if (state.status === 'active' && turn && !paused && acting.includes(turn.playerId)) {
    if (turn.phase === 'orders' && !turn.forfeited)
      items.push({
        campaign,
        deadline: turn.deadline,
        forPlayer: turn.playerId,
        kind: 'orders',
        opsLeft: turn.opsBase + turn.opsTempBought - turn.opsSpent,
      });
    // Only in the captures phase: the navy is walked for no other.
    const unorganized =
      turn.phase === 'captures'
        ? state.ships.filter((s) => s.owner === turn.playerId && s.unorganized).map((s) => s.id)
        : [];
    if (unorganized.length > 0)
      items.push({
        campaign,
        deadline: turn.capturesDue ?? null,
        forPlayer: turn.playerId,
        kind: 'captures',
        ships: unorganized,
      });
  }

  if (state.status === 'active') {
    for (const b of state.battles) if (b.status === 'open') items.push(...battleItems(campaign, state, b, user));
    // UTD5.221–5.224: the exploration stopped at a balancing question for me or a player I act for.
    const offer = state.turn?.explorationOffer;
    if (offer && (offer.playerId === user || principals(state, user, now).some((p) => p.id === offer.playerId)))
      items.push({
        campaign,
        deadline: offer.due,
        forPlayer: offer.playerId,
        kind: 'balancing',
        sector: offer.sector,
      });
  }

  for (const v of state.votes) if (voteWaitsOn(v, user)) items.push(voteItem(campaign, v, user));

  for (const p of principals(state, user, now))
    for (const x of p.proxies.filter((x) => x.userId === user))
      items.push({ campaign, deadline: x.expiresAt, forPlayer: p.id, kind: 'proxy', expiresAt: x.expiresAt });
  return items;
}

function voteWaitsOn(v: Vote, user: string): boolean {
  return v.status === 'open' && v.electorate.includes(user) && v.ballots[user] === undefined;
}

function voteItem(campaign: PendingCampaign, v: Vote, user: string): PendingItem {
  return {
    campaign,
    deadline: v.closesAt,
    forPlayer: user,
    kind: 'vote',
    voteId: v.id,
    question: v.question,
    messageId: v.messageId,
  };
}

/** What an open battle asks of `user` at its stage (the stage machine: battles/*.ts). */
function battleItems(campaign: PendingCampaign, state: CampaignState, b: Battle, user: string): PendingItem[] {
  const mine = sidesOf(b, user);
  const at = { battleId: b.id, sector: b.sector };
  const item = (side: string, deadline: string | null) => ({ campaign, deadline, forPlayer: side, ...at });
  const out: PendingItem[] = [];
  // A time proposed by another side, waiting for mine (battles/session.ts); it answers contact too.
  const s = b.session;
  const sessionFor = (side: string) =>
    s?.status === 'proposed' && s.by !== side && !s.acceptedBy.includes(side) && Date.parse(s.at) > 0;
  for (const side of mine)
    if (sessionFor(side) && s && b.stage !== 'fleet-selection' && b.stage !== 'awaiting-runner')
      out.push({ ...item(side, s.at), kind: 'battle-session', at: s.at });
  switch (b.stage) {
    case 'fleet-selection':
      for (const side of mine) {
        const part = b.participants.find((x) => x.side === side);
        if (side !== NPE && part && !part.selected)
          out.push({ ...item(side, b.deadlines.selection), kind: 'battle-fleet' });
      }
      break;
    case 'awaiting-runner': {
      const player = state.players.find((p) => p.id === user);
      if (isActive(player) && !b.sides.includes(user) && !(b.npe?.volunteers ?? []).includes(user))
        out.push({ ...item(user, b.deadlines.runner), kind: 'npe-volunteer', empire: b.npe?.empire ?? '' });
      break;
    }
    case 'awaiting-contact':
      for (const side of mine)
        if (side === b.contactBy && !b.contactedAt)
          out.push({ ...item(side, b.deadlines.contact), kind: 'battle-contact' });
      break;
    case 'awaiting-response':
      for (const side of mine)
        if (side !== b.contactBy && !b.respondedAt && !sessionFor(side))
          out.push({ ...item(side, b.deadlines.contact), kind: 'battle-response' });
      break;
    case 'in-play':
    case 'negotiating':
      for (const side of mine) out.push({ ...item(side, b.deadlines.resolve), kind: 'battle-result' });
      break;
    case 'result-proposed': {
      const open = b.proposals.find((p) => p.status === 'open');
      for (const side of mine) {
        if (open && open.by !== side && !open.acceptedBy.includes(side))
          out.push({ ...item(side, b.deadlines.resolve), kind: 'battle-answer', proposalKind: open.kind });
      }
      break;
    }
    case 'awaiting-lane': {
      const silent = b.sides.find((x) => x !== b.contactBy);
      for (const side of mine)
        if (side === silent) out.push({ ...item(side, b.deadlines.window), kind: 'battle-lane' });
      break;
    }
    case 'stalled':
      for (const side of mine) out.push({ ...item(side, b.deadlines.resolve), kind: 'battle-stalled' });
      break;
    case 'appeal':
      for (const side of mine) {
        const submitted = (b.appeal?.submissions ?? []).some((s) => s.side === side);
        if (!submitted && !b.appeal?.voteId)
          out.push({ ...item(side, b.appeal?.dueAt ?? b.deadlines.window), kind: 'battle-appeal' });
      }
      break;
    case 'objection-window': {
      const player = state.players.find((p) => p.id === user);
      if (isActive(player) && !b.sides.includes(user) && !(b.npe?.objections ?? []).includes(user))
        out.push({ ...item(user, b.deadlines.window), kind: 'npe-objection' });
      break;
    }
    // UTD3.91: the players decide on a stand-in by vote (listed with the votes); nothing else waits.
    case 'awaiting-stand-in':
    case 'resolved':
      break;
  }
  return out;
}

/**
 * Most urgent first: the soonest deadline, then undated items; within the same deadline, the
 * campaign's name, so that the list reads the same twice.
 */
export function byUrgency(a: PendingItem, b: PendingItem): number {
  const ta = a.deadline ? Date.parse(a.deadline) : Number.POSITIVE_INFINITY;
  const tb = b.deadline ? Date.parse(b.deadline) : Number.POSITIVE_INFINITY;
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.campaign.name.localeCompare(b.campaign.name) || a.kind.localeCompare(b.kind);
}

/** Everything waiting on `user` across `states` (the campaigns of one server), most urgent first. */
export function pendingFor(states: readonly CampaignState[], user: string, now: Date): PendingItem[] {
  return states.flatMap((s) => pendingIn(s, user, now)).sort(byUrgency);
}
