import type { SlashCommand } from '../src/discord/command.ts';
import { battleCommand } from './battle.ts';
import { buyCommand } from './buy.ts';
import { calcCommand } from './calc.ts';
import { campaignCommand } from './campaign.ts';
import { capitalCommand } from './capital.ts';
import { catalogCommand } from './catalog.ts';
import { deaddropCommand } from './deaddrop.ts';
import { defenseCommand } from './defense.ts';
import { diceCommand } from './dice.ts';
import { establishCommand } from './establish.ts';
import { fleetCommand } from './fleet.ts';
import { helpCommand } from './help.ts';
import { mapCommand } from './map.ts';
import { meCommand } from './me.ts';
import { moveCommand } from './move.ts';
import { n3dCommand } from './n3d.ts';
import { navyCommand } from './navy.ts';
import { proxyCommand } from './proxy.ts';
import { resignCommand } from './resign.ts';
import { concedeCommand } from './concede.ts';
import { rollCommand } from './roll.ts';
import { sectorCommand } from './sector.ts';
import { setupCommand } from './setup.ts';
import { sfwCommand } from './sfw.ts';
import { siegeCommand } from './siege.ts';
import { turnCommand } from './turn.ts';
import { voteCommand } from './vote.ts';
import { yardCommand } from './yard.ts';
import { officerCommand } from './officer.ts';
import { shipCommand } from './ship.ts';
import { resultCommand } from './result.ts';
import { warlordCommand } from './warlord.ts';

/** The one explicit list of commands: the deploy script and the router both read it (design §3.4). */
export const COMMANDS: readonly SlashCommand[] = [
  campaignCommand,
  mapCommand,
  setupCommand,
  turnCommand,
  moveCommand,
  fleetCommand,
  capitalCommand,
  establishCommand,
  siegeCommand,
  deaddropCommand,
  buyCommand,
  sectorCommand,
  navyCommand,
  // Catalog import and lookups.
  catalogCommand,
  battleCommand,
  // A battle result entered with menus, with evidence (components-battle.ts).
  resultCommand,
  yardCommand,
  // Defenses
  defenseCommand,
  // Officers and options
  officerCommand,
  // Ship condition
  shipCommand,
  proxyCommand,
  voteCommand,
  resignCommand,
  concedeCommand,
  rollCommand,
  calcCommand,
  n3dCommand,
  sfwCommand,
  diceCommand,
  // The personal to-do and settings (src/app/me.ts).
  meCommand,
  helpCommand(() => COMMANDS),
  // Star Fleet Warlord, the second ruleset.
  warlordCommand,
];
