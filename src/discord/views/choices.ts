import type { ApplicationCommandOptionChoiceData } from 'discord.js';
import { DEFAULT_SETTINGS, sectorLabel, type CampaignState, type UnitCatalog } from '../../rules/thunderdome/index.ts';
import { crewIneligible, officerIneligible } from '../../rules/thunderdome/officers/index.ts';
import { yardsOf } from '../../rules/thunderdome/shipyards/index.ts';

/**
 * Autocomplete choices built from the campaign state (design §6: only legal choices are offered),
 * kept out of the command files so they hold only their definition and one call.
 */
type Choice = ApplicationCommandOptionChoiceData<string>;

/** `/vote setting`: every setting a vote may change, with its current value (UTD1.7). */
export function settingChoices(state: CampaignState | null): Choice[] {
  const settings = (state?.settings ?? DEFAULT_SETTINGS) as Record<string, unknown>;
  return Object.keys(DEFAULT_SETTINGS).map((k) => ({ name: `${k} = ${JSON.stringify(settings[k])}`, value: k }));
}

// ---- /officer (UTD7.26A, 7.26B, 8.253) ----

function officerShipChoice(state: CampaignState, s: CampaignState['ships'][number]): Choice {
  const where = s.dock
    ? `dry dock ${sectorLabel(state, s.sector)}`
    : `fleet ${state.fleets.find((f) => f.id === s.fleetId)?.slot ?? '?'} in ${sectorLabel(state, s.sector)}`;
  const marks = [
    s.legendaryOfficer ? 'officer' : '',
    s.outstandingCrew ? 'OC' : '',
    s.minesBpv ? `${s.minesBpv} BPV mines` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return { name: `${s.id} ${s.unitId} — ${s.bpv} BPV, ${where}${marks ? ` (${marks})` : ''}`, value: s.id };
}

/** `/officer`: your ships that may take what the order gives, and your activated yards. */
export function officerChoices(
  state: CampaignState,
  catalog: UnitCatalog,
  me: string,
  focused: string,
  kind: string,
): Choice[] {
  const mine = state.ships.filter((s) => s.owner === me && !s.unorganized);
  const fits = (s: (typeof mine)[number], test: typeof officerIneligible) => {
    const unit = catalog.get(s.unitId);
    return unit !== undefined && test(unit) === null;
  };
  switch (focused) {
    case 'ship':
      if (kind === 'mines')
        return mine.filter((s) => catalog.get(s.unitId)?.isMinesweeper).map((s) => officerShipChoice(state, s));
      return mine
        .filter((s) => fits(s, kind === 'crew' ? crewIneligible : officerIneligible))
        .map((s) => officerShipChoice(state, s));
    case 'from':
      return mine.filter((s) => s.legendaryOfficer).map((s) => officerShipChoice(state, s));
    case 'to':
      return mine
        .filter((s) => !s.legendaryOfficer && fits(s, officerIneligible))
        .map((s) => officerShipChoice(state, s));
    case 'yard':
      return yardsOf(state, me, catalog).map((y) => ({
        name: `${y.base.id} ${y.base.role === 'capital' ? 'capital' : y.name} — ${sectorLabel(state, y.base.sector)}`,
        value: y.base.id,
      }));
    default:
      return [];
  }
}
