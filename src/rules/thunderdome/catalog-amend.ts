import { z } from 'zod';
import { bpv } from '../exact/bpv.ts';
import { refuse } from '../errors.ts';
import { AMENDMENT_FIELDS, type AmendmentShips, type CatalogDifference } from './catalog/amend-events.ts';
import { shortVersion } from './catalog/version.ts';
import { catalogMisfits } from './catalog-switch.ts';
import type { Decider } from './decider.ts';
import type { OrderTable } from './order-spec.ts';
import type { CampaignState, Vote } from './state.ts';
import type { UnitCatalog, UnitInfo } from './units.ts';
import { openVote } from './vote-open.ts';

/**
 * Amending the ship catalog during play (UTD1.7, docs/rules-notes.md "Catalog amendments"). Before
 * play the campaign switches catalogs freely (catalog-switch.ts); once play has begun the catalog
 * is pinned, and only a supermajority of the players may replace it, because every price, move
 * cost and capacity of the game comes from it (UTD1.2). The proposal posts the difference that
 * matters to play (units added, removed, changed, and every ship in play whose unit changed), and
 * the vote is an ordinary reaction vote (vote-open.ts). When it passes the campaign plays with the
 * new version from that moment (`CatalogAmended`), so the history and a replay show the change.
 *
 * What a ship in play records of its unit is its price (`Ship.bpv`, the BPV paid, which scrapping
 * and the records read); its class data (move cost, capacities, flags) are the catalog's. With
 * `ships: 'keep'` every ship keeps the price recorded for it; with `ships: 'adopt'` the ships of a
 * unit whose BPV changed take the new BPV. An amendment that would leave anything in play without a
 * definition, a defending ship that is no longer a warship, or a fleet over 5 MC is refused when
 * proposed, and again when it passes if the campaign changed meanwhile (`CatalogAmendmentFailed`).
 */
export type CatalogAmendCommand = { type: 'catalog-amend'; version: string; ships: AmendmentShips };

/** The catalog a command is decided with beside the campaign's own: an amendment proposed or open. */
export function proposedCatalogVersion(state: CampaignState | null, command: { type: string }): string | null {
  if (command.type === 'catalog-amend') return (command as CatalogAmendCommand).version;
  return state ? (openAmendment(state)?.payload.version ?? null) : null;
}

type AmendmentVote = Vote & { payload: Extract<Vote['payload'], { kind: 'catalog-amendment' }> };

function openAmendment(state: CampaignState): AmendmentVote | undefined {
  return state.votes.find((v): v is AmendmentVote => v.status === 'open' && v.payload.kind === 'catalog-amendment');
}

function proposed(d: Decider, version: string): UnitCatalog {
  const catalog = d.ctx.proposedCatalog;
  // The app loads the version `proposedCatalogVersion` names; anything else is a wiring bug.
  if (catalog?.version !== version) throw new Error(`catalog amendment ${version} decided without that catalog`);
  return catalog;
}

/** The cell of a field as both catalogs give it (sixtieths for move costs and capacities). */
function fieldOf(u: UnitInfo, field: (typeof AMENDMENT_FIELDS)[number]): string | number | null {
  switch (field) {
    case 'bpv':
      return u.bpv;
    case 'mc':
      return u.mc;
    case 'unitKind':
      return u.unitKind;
    case 'sizeClass':
      return u.sizeClass;
    case 'cargoBoxes':
      return u.cargoBoxes;
    case 'cargoContainers':
      return u.cargoContainers;
    case 'shipyardCapacity':
      return u.shipyardCapacity ?? null;
    case 'dryDockPositions':
      return u.dryDockPositions ?? null;
    case 'worksBoxes':
      return u.worksBoxes ?? null;
    case 'fighters':
      return u.fighters ?? 0;
    case 'pfs':
      return u.pfs ?? null;
  }
}

/** What the proposed catalog changes for this campaign (pure; the difference post shows it). */
export function catalogDifference(state: CampaignState, current: UnitCatalog, next: UnitCatalog): CatalogDifference {
  const changed: CatalogDifference['changed'] = [];
  for (const before of current.all()) {
    const after = next.get(before.unitId);
    if (!after) continue;
    const fields = AMENDMENT_FIELDS.map((field) => ({
      field,
      from: fieldOf(before, field),
      to: fieldOf(after, field),
    })).filter((f) => (f.field === 'bpv' ? !bpv(String(f.from)).eq(String(f.to)) : f.from !== f.to));
    if (fields.length) changed.push({ unitId: before.unitId, fields });
  }
  const changedIds = new Set(changed.map((c) => c.unitId));
  return {
    added: next
      .all()
      .filter((u) => !current.get(u.unitId))
      .map((u) => u.unitId),
    removed: current
      .all()
      .filter((u) => !next.get(u.unitId))
      .map((u) => u.unitId),
    changed,
    touched: [
      ...state.ships
        .filter((s) => changedIds.has(s.unitId))
        .map((s) => ({ kind: 'ship' as const, id: s.id, unitId: s.unitId, owner: s.owner })),
      ...state.bases
        .filter((b) => changedIds.has(b.unitId))
        .map((b) => ({ kind: 'base' as const, id: b.id, unitId: b.unitId, owner: b.owner })),
      ...(state.pendingBuilds ?? [])
        .filter((b) => changedIds.has(b.unitId))
        .map((b) => ({ kind: 'ordered' as const, id: b.shipId, unitId: b.unitId, owner: b.owner })),
    ],
  };
}

export function proposeAmendment(d: Decider, version: string, ships: AmendmentShips): void {
  const state = d.state;
  if (state.status !== 'active')
    refuse(
      'catalog/not-in-play',
      'UTD1.7',
      state.status === 'finished'
        ? `**${state.name}** is over; its catalog no longer changes.`
        : `**${state.name}** has not begun play: its catalog changes without a vote.`,
      state.status === 'finished' ? undefined : 'Switch it with `/catalog use` or `/catalog import`.',
    );
  const next = proposed(d, version);
  if (state.catalogVersion === version)
    refuse('catalog/no-change', 'UTD1.7', `**${state.name}** already plays with catalog \`${shortVersion(version)}\`.`);
  const open = openAmendment(state);
  if (open)
    refuse(
      'vote/duplicate',
      'UTD1.7',
      `A catalog amendment is already put to the vote (${open.id}).`,
      'Wait for it to close, or let its proposer withdraw it.',
    );
  const misfits = catalogMisfits(state, next);
  if (misfits.undefinedUnits.length > 0) {
    const shown = misfits.undefinedUnits.slice(0, 5).map((u) => `${u.what} ${u.id} (\`${u.unitId}\`)`);
    const more = misfits.undefinedUnits.length > 5 ? `, and ${misfits.undefinedUnits.length - 5} more` : '';
    refuse(
      'catalog/amend-undefined',
      'UTD1.7',
      `Catalog \`${shortVersion(version)}\` has no definition for what is in play: ${shown.join(', ')}${more}. Nothing in play may be left without one.`,
      'Keep those units in the new catalog (a retired unit keeps its row, with year_retired).',
    );
  }
  if (misfits.notWarship.length > 0)
    refuse(
      'catalog/amend-defense',
      'UTD8.134',
      `Under catalog \`${shortVersion(version)}\` defending ship ${misfits.notWarship.map((u) => `${u.id} (\`${u.unitId}\`)`).join(', ')} would no longer be a warship.`,
    );
  if (misfits.overLimit.length > 0)
    refuse(
      'catalog/amend-fleet-limit',
      'UTD7.23',
      `Under catalog \`${shortVersion(version)}\` fleet ${misfits.overLimit.map((f) => f.fleetId).join(', ')} would hold more than 5 MC.`,
      'Keep those move costs, or let the players reorganize their fleets first.',
    );
  const difference = catalogDifference(state, d.ctx.catalog, next);
  const vote = openVote(
    d,
    { kind: 'catalog-amendment', version, previous: state.catalogVersion, ships },
    `Replace the ship catalog \`${shortVersion(state.catalogVersion)}\` with \`${shortVersion(version)}\` (${ships === 'keep' ? 'ships in play keep their recorded prices' : 'ships in play take the new prices'})?`,
  );
  d.emit({
    type: 'CatalogAmendmentProposed',
    voteId: vote.id,
    version,
    previous: state.catalogVersion,
    ships,
    difference,
  });
}

/** A passed amendment vote replaces the catalog at once, if the campaign still fits it. */
export function onAmendmentVoteClosed(d: Decider, v: Vote, passed: boolean): void {
  const p = v.payload;
  if (!passed || p.kind !== 'catalog-amendment') return;
  const next = proposed(d, p.version);
  const misfits = catalogMisfits(d.state, next);
  if (misfits.undefinedUnits.length || misfits.notWarship.length || misfits.overLimit.length) {
    d.emit({
      type: 'CatalogAmendmentFailed',
      voteId: v.id,
      version: p.version,
      undefinedUnits: misfits.undefinedUnits.map((u) => ({ id: u.id, unitId: u.unitId })),
      notWarship: misfits.notWarship.map((u) => u.id),
      overLimit: misfits.overLimit.map((f) => f.fleetId),
    });
    return;
  }
  // Adopting the new prices re-records the ships the old catalog priced: a ship whose recorded
  // price is not its unit's old BPV (a capture, a starting ship) was never the catalog's price.
  const repriced: { shipId: string; from: string; to: string }[] = [];
  if (p.ships === 'adopt')
    for (const r of misfits.repriced) {
      const old = d.ctx.catalog.get(r.unitId);
      if (old && bpv(old.bpv).eq(r.paid)) repriced.push({ shipId: r.id, from: r.paid, to: r.price });
    }
  d.emit({
    type: 'CatalogAmended',
    voteId: v.id,
    version: p.version,
    previous: d.state.catalogVersion,
    ships: p.ships,
    repriced,
  });
}

export const CATALOG_AMEND_ORDERS = {
  'catalog-amend': {
    input: z.object({ version: z.string(), ships: z.enum(['keep', 'adopt']) }),
    who: 'anyone',
    decide: (d, c) => proposeAmendment(d, c.version, c.ships),
  },
} satisfies OrderTable<CatalogAmendCommand>;
