import { SAMPLE_CATALOG } from '../rules/warlord/catalog.ts';
import { gameCatalog } from '../rules/warlord/galaxy.ts';
import { type Sheet, describeError, parseSheet } from '../rules/warlord/orders.ts';
import { type CorpTurnReport, type NtgReport, processGameTurn } from '../rules/warlord/turn.ts';
import type { WarlordState } from '../rules/warlord/state.ts';
import { type GalaxyView, type SectorView, galaxyView, reportSectors, sectorView } from '../rules/warlord/view.ts';
import type { AppContext } from './context.ts';
import { commandHistory } from './outbox.ts';
import { pack, turnReportLines } from './warlord-report.ts';
import { ReplayDice, type WarlordCampaign } from './warlord-ruleset.ts';

/**
 * The reports of the turn processed by the event `seq`, rebuilt from the log: the state before it
 * and the sheets then in, processed again on the event's recorded dice (the fold discards the
 * reports, the log keeps everything they are made of). The same path after a restart.
 */
type ProcessedTurn = {
  state: WarlordState;
  corps: CorpTurnReport[];
  ntg: NtgReport;
  sheets: ReadonlyMap<number, Sheet>;
};

/**
 * The last few turns rebuilt, by campaign and event: one processed turn is delivered as one row per
 * corporation, and rebuilding it once serves them all (a turn's reports never change).
 */
const recent = new Map<string, Promise<ProcessedTurn | null>>();
const RECENT_TURNS = 8;

export function processedTurn(app: AppContext, campaignId: string, seq: number): Promise<ProcessedTurn | null> {
  const key = `${campaignId}:${seq}`;
  let turn = recent.get(key);
  if (!turn) {
    turn = rebuildTurn(app, campaignId, seq);
    recent.set(key, turn);
    // A failed rebuild (a database hiccup) is not kept: the row's retry tries again.
    turn.catch(() => recent.delete(key));
    if (recent.size > RECENT_TURNS) recent.delete(recent.keys().next().value as string);
  }
  return turn;
}

async function rebuildTurn(app: AppContext, campaignId: string, seq: number): Promise<ProcessedTurn | null> {
  const before = await commandHistory(app, campaignId, seq, seq - 1);
  const at = await commandHistory(app, campaignId, seq, seq);
  const c = before?.state as unknown as WarlordCampaign | undefined;
  const e = at?.events.find((x) => x.seq === seq);
  if (!c?.game || !e || (e.event as { type: string }).type !== 'WarlordTurnProcessed') return null;
  const sheets = new Map(Object.entries(c.sheets).map(([k, text]) => [Number(k), parseSheet(text)]));
  const r = processGameTurn(c.game, sheets, new ReplayDice(e.rolls), gameCatalog(SAMPLE_CATALOG, c.game.settings));
  return { state: r.state, corps: r.corps, ntg: r.ntg, sheets };
}

/** One corporation's report of that turn, in messages under Discord's 2,000 characters. */
export async function corpReportMessages(
  app: AppContext,
  campaignId: string,
  seq: number,
  corp: number,
): Promise<string[]> {
  const turn = await processedTurn(app, campaignId, seq);
  const report = turn?.corps.find((r) => r.corp === corp);
  if (!turn || !report) return [];
  // The lines of the sheet that did not read are in the report too, each with its number and
  // rule: they ran as nothing, and the player learns why (§9; the rest of the sheet ran).
  const [head, ...rest] = turnReportLines(turn.state, report, turn.ntg);
  const unread = (turn.sheets.get(corp)?.errors ?? []).map((e) => `✗ ${describeError(e)}: not run`);
  return pack([head ?? '', ...unread, ...rest]);
}

/** Sector maps per report: its home and where its ships are, with the overview within Discord's 10 files. */
const REPORT_SECTORS = 8;

/**
 * The pictures that go with a corporation's report of that turn: its home sector, each other
 * sector where its ships are (up to eight maps in all), and the galaxy overview, each as it knew
 * them when the turn ended (fog of war, §8, §11.3), as render inputs.
 */
export async function corpReportViews(
  app: AppContext,
  campaignId: string,
  seq: number,
  corp: number,
): Promise<{ sectors: SectorView[]; galaxy: GalaxyView } | null> {
  const turn = await processedTurn(app, campaignId, seq);
  if (!turn?.state.corps.some((x) => x.id === corp)) return null;
  return {
    sectors: reportSectors(turn.state, corp, REPORT_SECTORS).map((a) => sectorView(turn.state, corp, a)),
    galaxy: galaxyView(turn.state, corp),
  };
}
