import type { ApplicationCommandOptionChoiceData } from 'discord.js';
import { empireCode, sectorLabel, type CampaignState, type UnitCatalog } from '../../rules/thunderdome/index.ts';
import { formatCapacity, yardsOf } from '../../rules/thunderdome/shipyards/index.ts';
import { fleetChoices } from '../autocomplete.ts';

/** Autocomplete choices of `/yard` (UTD6.37–6.39): only what the order can take (design §6). */
type Choice = ApplicationCommandOptionChoiceData<string>;

const list = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Completes the last item of a comma list with the given choices. */
function listChoices(typed: string, items: Choice[]): Choice[] {
  const head = typed.includes(',') ? typed.slice(0, typed.lastIndexOf(',') + 1) : '';
  const done = new Set(list(head));
  return items
    .filter((c) => !done.has(c.value))
    .map((c) => ({ name: `${head}${c.name}`.slice(-100), value: `${head}${c.value}` }));
}

function shipChoice(state: CampaignState, s: CampaignState['ships'][number]): Choice {
  const where = s.dock
    ? `dry dock ${sectorLabel(state, s.sector)}`
    : `fleet ${state.fleets.find((f) => f.id === s.fleetId)?.slot ?? '?'} in ${sectorLabel(state, s.sector)}`;
  const flags = [
    s.wrecked ? 'wrecked' : s.crippled ? 'crippled' : '',
    s.uninspected ? 'uninspected' : '',
    s.d94Used ? 'D9.4 used' : '',
  ]
    .filter(Boolean)
    .join(', ');
  return { name: `${s.id} ${s.unitId} — ${where}${flags ? ` (${flags})` : ''}`, value: s.id };
}

function targetChoices(state: CampaignState, catalog: UnitCatalog, shipIds: string[], kind: string): Choice[] {
  const first = state.ships.find((s) => s.id === shipIds[0]?.toUpperCase());
  if (!first) return [];
  const refits = (catalog.refitsFrom?.(first.unitId) ?? [])
    .filter((e) => kind !== 'inspect' || e.capturedAllowed)
    .map((e) => ({ name: `${e.toUnitId} — refit ${e.refitCode} (Y${e.yearAvailable})`, value: e.toUnitId }));
  const conversions =
    kind === 'overhaul' || kind === 'convert'
      ? (catalog.conversionsFrom?.(first.unitId) ?? []).map((e) => ({
          name: `${e.toUnitId} — conversion (Y${e.yearAvailable})`,
          value: e.toUnitId,
        }))
      : [];
  return kind === 'convert' ? conversions : kind === 'refit' ? refits : [...refits, ...conversions];
}

/** `/yard`: your yards, colonies, buildable classes, ships for the order and what they can become. */
export function yardOrderChoices(
  state: CampaignState,
  catalog: UnitCatalog,
  me: string,
  at: { focused: string; typed: string; kind: string; fleet: string | null; ships: string | null },
): Choice[] {
  const { kind, typed } = at;
  const mine = state.ships.filter((s) => s.owner === me);
  const yards = yardsOf(state, me, catalog, { withPending: true });
  const yardChoices = yards.map((y) => ({
    name: `${y.base.id} ${y.base.role === 'capital' ? 'capital' : y.name} — ${sectorLabel(state, y.base.sector)}, capacity ${formatCapacity(y.capacity)}`,
    value: y.base.id,
  }));
  switch (at.focused) {
    case 'yard':
      return yardChoices;
    case 'forgo_repair':
      return listChoices(
        typed,
        yardChoices.filter((c) => yards.find((y) => y.base.id === c.value)!.worksDestroyed > 0),
      );
    case 'sector': {
      if (kind === 'construct') {
        const colonies = (state.map?.sectors ?? []).filter(
          (s) => s.colony?.owner === me && s.colony.status === 'active',
        );
        return colonies.map((s) => ({
          name: `${sectorLabel(state, s.key)}${s.homeOf === me ? ' (home)' : ''}`,
          value: s.key,
        }));
      }
      const keys = [...new Set(yards.map((y) => y.base.sector))];
      return keys.map((k) => ({
        name: `${sectorLabel(state, k)} — ${yards.filter((y) => y.base.sector === k).length} yard(s)`,
        value: k,
      }));
    }
    case 'unit': {
      const p = state.players.find((x) => x.id === me);
      if (!p) return [];
      const code = empireCode(p.empire);
      const wanted = kind === 'construct' ? ['shipyard'] : ['warship', 'auxiliary', 'freighter'];
      const units = catalog
        .all()
        .filter((u) => (u.empire === code || u.empire === 'NEU') && wanted.includes(u.unitKind));
      return units.map((u) => ({
        name: `${u.name} — ${u.bpv} BPV, size class ${u.sizeClass}${u.shipyardCapacity ? `, capacity ${formatCapacity(u.shipyardCapacity)}` : ''}`,
        value: u.unitId,
      }));
    }
    case 'ships': {
      const pool =
        kind === 'inspect'
          ? mine.filter((s) => s.uninspected && !s.unorganized)
          : kind === 'undock'
            ? mine.filter((s) => s.dock)
            : kind === 'repair-ships'
              ? mine.filter(
                  (s) => s.fleetId !== null && String(state.fleets.find((f) => f.id === s.fleetId)?.slot) === at.fleet,
                )
              : mine.filter((s) => !s.unorganized);
      return listChoices(
        typed,
        pool.map((s) => shipChoice(state, s)),
      );
    }
    case 'ship':
      return mine.filter((s) => s.unorganized).map((s) => shipChoice(state, s));
    case 'to':
      return targetChoices(state, catalog, list(at.ships), kind);
    case 'fleet':
      return fleetChoices(state, me, catalog);
    case 'cleared': {
      const f = state.fleets.find((x) => x.owner === me && String(x.slot) === at.fleet);
      return listChoices(
        typed,
        mine.filter((s) => f && s.fleetId === f.id && (s.crippled || s.wrecked)).map((s) => shipChoice(state, s)),
      );
    }
    default:
      return [];
  }
}
