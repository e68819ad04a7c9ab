/**
 * The legendary-officer types a navy may hold, one of each (UTD8.23). The campaign text names no
 * list (ISS-A134), so these are the SFB types (rule G22): captain, chief engineer, weapons
 * officer, science officer, navigator, ship's doctor and marine major.
 */
export const LEGENDARY_OFFICER_TYPES = {
  captain: 'Legendary Captain',
  engineer: 'Legendary Chief Engineer',
  weapons: 'Legendary Weapons Officer',
  science: 'Legendary Science Officer',
  navigator: 'Legendary Navigator',
  doctor: "Legendary Ship's Doctor",
  marine: 'Legendary Marine Major',
} as const;

export type LegendaryOfficerType = keyof typeof LEGENDARY_OFFICER_TYPES;

export function isOfficerType(value: string): value is LegendaryOfficerType {
  return Object.hasOwn(LEGENDARY_OFFICER_TYPES, value);
}

/** Accepts the key or the name in any case ("Captain", "legendary navigator", "doctor"). */
export function parseOfficerType(text: string): LegendaryOfficerType | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/^legendary\s+/, '');
  if (isOfficerType(t)) return t;
  for (const [key, name] of Object.entries(LEGENDARY_OFFICER_TYPES)) {
    if (name.toLowerCase().replace(/^legendary\s+/, '') === t) return key as LegendaryOfficerType;
  }
  if (t === 'chief engineer') return 'engineer';
  if (t === 'weapons officer') return 'weapons';
  if (t === 'science officer') return 'science';
  if (t === 'marine major') return 'marine';
  return null;
}

export function officerName(type: string): string {
  return isOfficerType(type) ? LEGENDARY_OFFICER_TYPES[type] : `Legendary ${type}`;
}
