import { requireInYear } from '../availability.ts';
import { refuse } from '../../errors.ts';
import { bpv, bpvToString, type Bpv } from '../../exact/bpv.ts';
import type { Decider } from '../decider.ts';
import { sectorLabel } from '../lookup.ts';
import { sectorOf, spend } from '../orders.ts';
import type { Base, Player, Sector } from '../state.ts';
import type { UnitInfo } from '../units.ts';
import { defenseCategory, defensesIn } from './kinds.ts';
import { checkSectorDefenses, type PlannedDefense } from './limits.ts';
import { defenseSiteProblem, hasGroundBaseSite, maxSupportingRf, supportingRfSiteProblem } from './sites.ts';
import { empireUnit } from '../navy-limits.ts';

/** Most units one order may buy: a full sector (1 + 6 + 5, an RF, 6 defending ships) with room to spare. */
const MAX_BOUGHT = 20;

/**
 * Reads `NEU-GBDP x3, NEU-DEFSAT` (also `3 x NEU-GBDP`, `NEU-GBDP*3`) into unit ids, one per unit
 * bought, in the order given.
 */
export function parseBuyList(text: string): string[] {
  const out: string[] = [];
  for (const raw of text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const m = /^(?:(\d+)\s*[x×*]\s*)?(\S+?)(?:\s*[x×*]\s*(\d+))?$/i.exec(raw);
    if (!m)
      refuse('defense/bad-list', 'UTD6.3A', `\`${raw.slice(0, 40)}\` is not a unit (write \`UNIT\` or \`UNIT x3\`).`);
    const count = Number(m[1] ?? m[3] ?? '1');
    if (!Number.isInteger(count) || count < 1 || count > MAX_BOUGHT)
      refuse('defense/bad-count', 'UTD6.3A', `Buy 1 to ${MAX_BOUGHT} of a unit at a time, not ${m[1] ?? m[3]}.`);
    for (let i = 0; i < count; i++) out.push(m[2]!);
    if (out.length > MAX_BOUGHT)
      refuse('defense/bad-count', 'UTD7.34', `One sector's defenses hold far fewer than ${out.length} units.`);
  }
  return out;
}

/** Base ids from a comma list (`B12, B13`), each once. */
function parseIds(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((x) => x.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}

/** The catalog unit, checked as something this player may buy as a defense now (UTD8.113, 8.12, 8.21, 7.34). */
function defenseUnit(d: Decider, p: Player, unitId: string): UnitInfo {
  const unit = empireUnit(
    p,
    d.ctx.catalog.get(unitId) ?? d.ctx.catalog.all().find((u) => u.unitId.toLowerCase() === unitId.toLowerCase()),
    unitId,
  );
  if (unit.unitKind === 'shipyard' || unit.unitKind === 'capital_lcd')
    refuse(
      'defense/shipyard',
      'UTD6.3A',
      `${unit.name} is a shipyard; shipyards are built with their own order.`,
      'Use `/yard construct` (UTD6.38).',
    );
  if (unit.unitKind === 'base_large' || (unit.unitKind === 'ground_base' && unit.groundBaseSize === 'large')) {
    refuse(
      'defense/large-base',
      'UTD7.25#2',
      `${unit.name} is a large base; large ground bases (MB, BS or larger) are not allowed as defenses.`,
    );
  }
  if (defenseCategory(unit) === null)
    refuse(
      'defense/not-a-defense',
      'UTD7.34',
      `${unit.name} cannot be a defense: defenses are monitors, ground bases, DefSats, a repair freighter and, where no ground base fits, defending ships.`,
    );
  requireInYear(d.state, unit, 'UTD8.12');
  if (unit.restricted)
    refuse(
      'unit/restricted',
      'UTD8.21',
      `${unit.name} is a restricted unit (${unit.restricted}); it needs a supermajority vote to be allowed.`,
    );
  return unit;
}

/** The units of the sector to scrap: the player's own defenses there that have arrived (UTD6.3A, 6.3F). */
function scrapTargets(d: Decider, p: Player, sector: Sector, ids: readonly string[], rule: string): Base[] {
  const label = sectorLabel(d.state, sector.key);
  const mine = defensesIn(d.state, p.id, sector.key);
  return ids.map((id) => {
    const base = d.state.bases.find((b) => b.id === id && b.owner === p.id);
    if (!base)
      refuse(
        'defense/unknown',
        rule,
        `You have no unit \`${id.slice(0, 20)}\`.`,
        mine.length ? `Your defenses in ${label}: ${mine.map((b) => `${b.id} ${b.unitId}`).join(', ')}.` : undefined,
      );
    if (base.role === 'capital' || base.role === 'capital-rf')
      refuse(
        'defense/capital',
        'ISS-A75',
        `${base.id} is the capital${base.role === 'capital-rf' ? '’s repair freighter' : ''}; it is not a defense and cannot be scrapped with them.`,
      );
    if (base.role === 'shipyard')
      refuse(
        'defense/shipyard',
        'UTD6.3F',
        `${base.id} is a shipyard; a shipyard is scrapped with its own order.`,
        'Use `/yard scrap`.',
      );
    if (base.sector !== sector.key)
      refuse(
        'defense/elsewhere',
        rule,
        `${base.id} stands in ${sectorLabel(d.state, base.sector)}, not in ${label}; one order scraps the defenses of one sector (ISS-A75).`,
      );
    if (base.pending)
      refuse(
        'defense/not-arrived',
        'UTD6.3A',
        `${base.id} (${base.unitId}) is still being built; it arrives at step 10 of this turn.`,
      );
    return base;
  });
}

/** UTD6.3F: half of the scrapped units' value, every fraction kept (the catalog BPV, as for yards). */
function scrapValue(d: Decider, bases: readonly Base[]): Bpv {
  return bases.reduce((sum, b) => sum.add(d.ctx.catalog.get(b.unitId)?.bpv ?? b.bpv), bpv(0)).div(2);
}

/**
 * UTD6.3A REVISE DEFENSES: one order point overhauls every defense of the player in one sector,
 * scraps those no longer wanted for half their BPV, and buys any number of new ones plus a
 * supporting repair freighter, paid from the bank together with the scrap money. The new units
 * arrive at step 10 (UTD6.123, ISS-A37). Where defenses may stand is UTD7.33, what they may be is
 * UTD7.34 and UTD7.25#2. A repair freighter bought where the player's capital stands, while the
 * capital has lost its own, becomes the capital's freighter (UTD4.3237, ISS-A33); otherwise it
 * is a supporting freighter of a life or home sector (UTD4.3373).
 */
export function reviseDefenses(d: Decider, sectorRef: string, buyText: string, scrapText: string, p: Player): void {
  const turn = d.state.turn!;
  const state = d.state;
  const sector = sectorOf(d, sectorRef);
  const label = sectorLabel(state, sector.key);
  const buying = parseBuyList(buyText).map((id) => defenseUnit(d, p, id));
  const scrapped = scrapTargets(d, p, sector, parseIds(scrapText), 'UTD6.3A');
  const existing = defensesIn(state, p.id, sector.key);
  if (buying.length === 0 && scrapped.length === 0 && existing.filter((b) => !b.pending).length === 0) {
    refuse(
      'defense/nothing',
      'UTD6.3A',
      `You have no defenses in ${label} to overhaul, and the order buys and scraps nothing.`,
      'Name units to buy (`buy:NEU-DEFSAT x2`).',
    );
  }
  const site = defenseSiteProblem(state, p, sector);
  const capital = state.bases.find((b) => b.owner === p.id && b.role === 'capital' && !b.pending);
  let capitalRfFree = Boolean(
    capital && capital.sector === sector.key && !state.bases.some((b) => b.owner === p.id && b.role === 'capital-rf'),
  );
  let next = state.nextId;
  const bought: Base[] = buying.map((unit) => {
    const category = defenseCategory(unit)!;
    let role: Base['role'] = category === 'defending-ship' ? 'defending-ship' : 'defense';
    if (category === 'repair-freighter') {
      if (capitalRfFree) {
        role = 'capital-rf';
        capitalRfFree = false;
      } else {
        const rfProblem = supportingRfSiteProblem(p, sector);
        if (rfProblem)
          refuse(
            'defense/repair-freighter-site',
            'UTD7.34',
            `A supporting repair freighter cannot be assigned to ${label}: ${rfProblem}.`,
            'A life sector with your colony, or your home sector, may have one (UTD4.3373).',
          );
        role = 'supporting-rf';
      }
    } else if (site) {
      refuse(
        'defense/not-allowed-here',
        'UTD7.33',
        `Defenses cannot stand in ${label}: ${site}.`,
        'Only your home sector, or a fortified sector of yours with your colony or mine, or a fortified dead sector, may have defenses.',
      );
    }
    return {
      id: `B${next++}`,
      owner: p.id,
      unitId: unit.unitId,
      sector: sector.key,
      role,
      bpv: unit.bpv,
      pending: true,
    };
  });
  const kept = existing.filter((b) => !scrapped.some((s) => s.id === b.id));
  const planned: PlannedDefense[] = [
    ...kept.flatMap((b) => {
      const unit = d.ctx.catalog.get(b.unitId);
      return unit ? [{ unit, role: b.role, isNew: false }] : [];
    }),
    ...bought.map((b, i) => ({ unit: buying[i]!, role: b.role, isNew: true })),
  ];
  checkSectorDefenses(planned, {
    label,
    groundBaseSite: hasGroundBaseSite(sector),
    maxSupportingRf: maxSupportingRf(state),
  });
  const cost = bought.reduce((sum, b) => sum.add(b.bpv), bpv(0));
  const refund = scrapValue(d, scrapped);
  if (cost.gt(bpv(p.bank).add(refund))) {
    refuse(
      'bank/insufficient',
      'UTD6.3A',
      `The new defenses cost ${bpvToString(cost)} BPV; your bank holds ${p.bank}${refund.gt(0) ? ` and scrapping returns ${bpvToString(refund)}` : ''}.`,
    );
  }
  spend(turn, 1, 'Revising defenses', 'UTD6.3A');
  const overhauled = kept.filter((b) => !b.pending).map((b) => b.id);
  d.emit({
    type: 'DefensesRevised',
    playerId: p.id,
    sector: sector.key,
    opCost: 1,
    bought,
    scrapped: scrapped.map((b) => b.id),
    cost: bpvToString(cost),
    refund: bpvToString(refund),
    overhauled,
  });
}

/**
 * UTD6.3F SCRAP A UNIT: one order point scraps any number of the player's defenses in one sector
 * (ISS-A75) for half their value, every fraction kept. Also possible inside Revise Defenses.
 */
export function scrapDefenses(d: Decider, sectorRef: string, unitsText: string, p: Player): void {
  const turn = d.state.turn!;
  const sector = sectorOf(d, sectorRef);
  const ids =
    unitsText.trim().toLowerCase() === 'all'
      ? defensesIn(d.state, p.id, sector.key, { withPending: false }).map((b) => b.id)
      : parseIds(unitsText);
  if (ids.length === 0)
    refuse('defense/nothing', 'UTD6.3F', `Name the defenses to scrap in ${sectorLabel(d.state, sector.key)}.`);
  const scrapped = scrapTargets(d, p, sector, ids, 'UTD6.3F');
  spend(turn, 1, 'Scrapping', 'UTD6.3F');
  d.emit({
    type: 'DefensesScrapped',
    playerId: p.id,
    sector: sector.key,
    baseIds: scrapped.map((b) => b.id),
    refund: bpvToString(scrapValue(d, scrapped)),
    opCost: 1,
  });
}
