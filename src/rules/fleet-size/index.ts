/** VBSF fleet-size limits (digest A.2.11–A.2.13). */
export * from './big-ships.ts';
export * from './bpv-capacity.ts';
export * from './check.ts';
export * from './flexible-command.ts';
export * from './types.ts';
export { validateFleet } from './fleet.ts';
