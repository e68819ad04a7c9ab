import { LEGENDARY_OFFICER_TYPES, type LegendaryOfficerType } from '../rules/thunderdome/officers/index.ts';

/**
 * Fixed lists the command definitions offer as choices, read from the rules here so command
 * files import no rules values (design §2).
 */

/** The legendary officer types (UTD7.26A), one of each per navy (UTD8.23). */
export const LEGENDARY_OFFICER_CHOICES = Object.entries(LEGENDARY_OFFICER_TYPES).map(([value, name]) => ({
  name,
  value: value as LegendaryOfficerType,
}));
