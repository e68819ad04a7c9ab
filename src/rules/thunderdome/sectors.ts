import type { Player } from './state.ts';
import { refuse } from '../errors.ts';
import type { Decider } from './decider.ts';
import { sectorOf } from './orders.ts';
import type { ExploreBalancing } from './state.ts';

const NAME_MAX = 32;

function requirePlay(d: Decider): void {
  if (d.state.status !== 'active' && d.state.status !== 'setup')
    refuse('campaign/not-in-play', 'UTD2.1', 'The campaign is not in play.');
}

/**
 * UTD4.12: the first explorer names the sector (the home player names an unnamed home); the name
 * then stays, unless a player objects, in which case the namer must rename it.
 */
export function nameSector(d: Decider, ref: string, name: string, p: Player): void {
  requirePlay(d);
  const sector = sectorOf(d, ref);
  const namer = sector.type === 'home' ? sector.homeOf : sector.exploredBy;
  if (namer !== p.id)
    refuse('sector/not-namer', 'UTD4.12', `Only the first explorer of ${sector.name ?? sector.key} may name it.`);
  if (sector.nameStatus === 'named')
    refuse('sector/named', 'UTD4.12', `${sector.name} is already named; a name stays unless a player objects.`);
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.length === 0 || clean.length > NAME_MAX)
    refuse('sector/bad-name', 'UTD4.12', `A sector name has 1 to ${NAME_MAX} characters.`);
  const taken = d.state.map!.sectors.find(
    (s) =>
      s.key !== sector.key &&
      (s.name?.toLowerCase() === clean.toLowerCase() || s.key.toLowerCase() === clean.toLowerCase()),
  );
  if (taken) refuse('sector/name-taken', 'UTD4.12', `Another sector is already called ${clean}.`);
  if (sector.nameStatus === 'rename-required' && sector.name?.toLowerCase() === clean.toLowerCase())
    refuse('sector/same-name', 'UTD4.12', 'A player objected to that name; choose another one.');
  d.emit({ type: 'SectorNamed', sector: sector.key, name: clean, by: p.id });
}

/** UTD4.12: any one player's objection to a name forces the namer to rename the sector. */
export function objectToName(d: Decider, ref: string, p: Player): void {
  requirePlay(d);
  const sector = sectorOf(d, ref);
  if (sector.nameStatus !== 'named' || !sector.namedBy)
    refuse('sector/unnamed', 'UTD4.12', `${sector.name ?? sector.key} has no player-given name to object to.`);
  if (sector.namedBy === p.id)
    refuse(
      'sector/own-name',
      'UTD4.12',
      'You named it yourself: rename it with `/sector name`? Only other players object.',
    );
  d.emit({ type: 'SectorNameObjected', sector: sector.key, by: p.id });
}

/** UTD4.13: a specific disavowal stops the automatic claim of a sector; `claim` withdraws it. */
export function disavow(d: Decider, ref: string, disavowed: boolean, p: Player): void {
  requirePlay(d);
  const sector = sectorOf(d, ref);
  if (p.disavowed.includes(sector.key) === disavowed)
    refuse(
      'sector/no-change',
      'UTD4.13',
      disavowed
        ? `You already disavowed ${sector.name ?? sector.key}.`
        : `You have not disavowed ${sector.name ?? sector.key}.`,
    );
  d.emit({ type: 'SectorDisavowed', sector: sector.key, playerId: p.id, disavowed });
}

/** UTD5.221–5.224: the player's standing instruction for balancing, applied where eligible. */
export function setBalancing(d: Decider, mode: ExploreBalancing, p: Player): void {
  requirePlay(d);
  const modes: readonly ExploreBalancing[] = ['none', 'mineral', 'life', 'choose-life', 'choose-mineral'];
  if (!modes.includes(mode))
    refuse(
      'sector/bad-balancing',
      'UTD5.22',
      `\`${String(mode).slice(0, 30)}\` is not a balancing instruction.`,
      `Choose one of: ${modes.join(', ')}.`,
    );
  d.emit({ type: 'ExploreBalancingSet', playerId: p.id, mode });
}
