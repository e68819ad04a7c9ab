/** Starfleet Wars supplement helpers (digest part C): pure calculators, tables and secret rolls. */
export * from './cids.ts';
export * from './damage-control.ts';
export * from './fortress-modules.ts';
export * from './fortress.ts';
export * from './percentile.ts';
export * from './power.ts';
export * from './secret-roll.ts';
export * from './ship-state.ts';
export * from './ship.ts';
export * from './small-craft.ts';
export * from './special-damage.ts';
export * from './maatac.ts';
