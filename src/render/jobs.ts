import { serialize } from 'node:v8';
import type { MessagePort } from 'node:worker_threads';
import { parseCatalog, type CatalogFiles } from '../rules/thunderdome/catalog/index.ts';
import type { BattleSetup, BattleSetupInput } from '../rules/thunderdome/battle-setup/generate.ts';
import type { Engagement } from '../rules/n3d/index.ts';
import { generateSeededMap, type SeededMapRequest } from '../rules/thunderdome/map/index.ts';
import type { Ledger } from '../rules/thunderdome/ledger.ts';
import type { CampaignState } from '../rules/thunderdome/state.ts';
import type { UnitCatalog, UnitInfo } from '../rules/thunderdome/units.ts';
import type { GalaxyView, SectorView } from '../rules/warlord/view.ts';
import { renderBattleCard, type BattleCardOptions, type BattleFleet } from './battle-card.ts';
import { ensureFonts, glyphCoverage } from './fonts.ts';
import { renderLedger, type LedgerImageOptions } from './ledger-image.ts';
import { renderMap } from './map-image.ts';
import { renderN3dViews } from './n3d-view.ts';
import { renderNavySheet, type NavySheetOptions } from './navy-sheet.ts';
import { renderWarlordGalaxy, renderWarlordSector } from './warlord-maps.ts';

/**
 * A picture to draw, as plain data: it crosses to a render worker by structured clone
 * (docs/performance.md, "Pictures off the main thread"), so it holds no functions. A catalog goes
 * as the units the picture can ask for (`catalogData`).
 */
export type RenderJob =
  | {
      kind: 'map';
      state: CampaignState;
      focus?: string;
      catalog?: CatalogData | null;
      width?: number;
      height?: number;
    }
  | { kind: 'navy'; state: CampaignState; playerId: string; catalog: CatalogData; options?: NavySheetOptions }
  | { kind: 'ledger'; state: CampaignState; ledger: Ledger; options?: LedgerImageOptions }
  | {
      kind: 'battle-card';
      setup: BattleSetup;
      input: BattleSetupInput;
      fleets: readonly BattleFleet[];
      options?: BattleCardOptions;
    }
  | { kind: 'n3d'; engagement: Engagement }
  | { kind: 'warlord-sector'; view: SectorView }
  | { kind: 'warlord-galaxy'; view: GalaxyView }
  /**
   * Not a picture: a unit catalog's CSV files parsed (requirements §4.2), answered as the
   * `parseCatalog` result in V8's serialization. Parsing the bundled sample's 74 KiB of CSV takes
   * 90–200 ms of CPU, once per catalog version and process, which held the bot's event loop
   * (docs/performance.md, "Nothing blocks the event loop"); the render workers are the bot's
   * threads for such work.
   */
  | { kind: 'catalog'; files: CatalogFiles; version: string }
  /**
   * Not a picture either: the map of a `/map generate` (UTD8.16), answered as its `MapSpec` in V8's
   * serialization. A 300-sector map takes 150–300 ms of CPU to generate (src/app/maps-off-thread.ts).
   */
  | { kind: 'map-generate'; request: SeededMapRequest };

export type RenderKind = RenderJob['kind'];

/** The part of a unit catalog a picture reads (`get` by unit id), as data. */
export interface CatalogData {
  version: string;
  units: UnitInfo[];
}

/**
 * The catalog entries of every unit the state's ships and bases name: all the map badges and the
 * navy sheet look up (render/map-fleets.ts, render/navy-sheet.ts).
 */
export function catalogData(catalog: Pick<UnitCatalog, 'get' | 'version'>, state: CampaignState): CatalogData {
  const ids = new Set<string>();
  for (const s of state.ships) ids.add(s.unitId);
  for (const b of state.bases) ids.add(b.unitId);
  const units: UnitInfo[] = [];
  for (const id of ids) {
    const u = catalog.get(id);
    if (u) units.push(u);
  }
  return { version: catalog.version, units };
}

/** A catalog again from its data, for the render functions. */
export function catalogOf(data: CatalogData): UnitCatalog {
  const byId = new Map(data.units.map((u) => [u.unitId, u]));
  return { version: data.version, get: (id) => byId.get(id), all: () => data.units };
}

/** Draws a job in this thread: what a render worker runs, and the fallback where none can run. */
export function drawJob(job: RenderJob): Promise<Buffer> {
  switch (job.kind) {
    case 'map': {
      const catalog = job.catalog ? catalogOf(job.catalog) : null;
      return renderMap(job.state, {
        catalog,
        ...(job.focus !== undefined ? { focus: job.focus } : {}),
        ...(job.width !== undefined ? { width: job.width } : {}),
        ...(job.height !== undefined ? { height: job.height } : {}),
      });
    }
    case 'navy':
      return renderNavySheet(job.state, job.playerId, catalogOf(job.catalog), job.options);
    case 'ledger':
      return renderLedger(job.state, job.ledger, job.options);
    case 'battle-card':
      return renderBattleCard(job.setup, job.input, job.fleets, job.options);
    case 'n3d':
      return renderN3dViews(job.engagement);
    case 'warlord-sector':
      return renderWarlordSector(job.view);
    case 'warlord-galaxy':
      return renderWarlordGalaxy(job.view);
    case 'catalog':
      return Promise.resolve(serialize(parseCatalog(job.files, job.version)));
    case 'map-generate':
      return Promise.resolve(serialize(generateSeededMap(job.request)));
    default: {
      const never: never = job;
      throw new Error(`unknown picture ${(never as { kind: string }).kind}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The worker's side of the protocol (render/pool.ts is the other side).

/** Pool → worker. */
export interface PoolMessage {
  type: 'job';
  id: number;
  job: RenderJob;
}

/** Worker → pool: ready once the fonts are registered, then one answer per job. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; id: number; png: Uint8Array }
  | { type: 'failed'; id: number; message: string; stack?: string | undefined };

/**
 * Serves jobs on a worker's port: registers the fonts (each worker has its own canvas and font
 * map), says it is ready, then draws each job it is sent and answers with the PNG bytes or the
 * error. Jobs are drawn one at a time (the pool sends one at a time).
 */
export function serveRenderJobs(port: MessagePort, draw: (job: RenderJob) => Promise<Buffer> = drawJob): void {
  ensureFonts();
  glyphCoverage();
  port.on('message', (msg: PoolMessage) => {
    draw(msg.job).then(
      (png) => {
        // The bytes go back in an ArrayBuffer of their own, moved rather than copied.
        const out = new Uint8Array(png.length);
        out.set(png);
        port.postMessage({ type: 'done', id: msg.id, png: out } satisfies WorkerMessage, [out.buffer]);
      },
      (err: unknown) => {
        const e = err instanceof Error ? err : new Error(String(err));
        port.postMessage({ type: 'failed', id: msg.id, message: e.message, stack: e.stack } satisfies WorkerMessage);
      },
    );
  });
  port.postMessage({ type: 'ready' } satisfies WorkerMessage);
}
