/** UTD8.111: the only empires allowed for players and NPEs, numbered as printed (also UTD5.41). */
export const EMPIRES = [
  { id: 1, key: 'federation', code: 'FED', name: 'Federation' },
  { id: 2, key: 'carnivon', code: 'CAR', name: 'Carnivon' },
  { id: 3, key: 'frax', code: 'FRA', name: 'Frax' },
  { id: 4, key: 'gorn', code: 'GOR', name: 'Gorn' },
  { id: 5, key: 'hydran', code: 'HYD', name: 'Hydran' },
  { id: 6, key: 'isc', code: 'ISC', name: 'ISC' },
  { id: 7, key: 'klingon', code: 'KLI', name: 'Klingon' },
  { id: 8, key: 'kzinti', code: 'KZI', name: 'Kzinti' },
  { id: 9, key: 'lyran', code: 'LYR', name: 'Lyran' },
  { id: 10, key: 'paravian', code: 'PAR', name: 'Paravian' },
  { id: 11, key: 'peladine', code: 'PEL', name: 'Peladine' },
  { id: 12, key: 'romulan', code: 'ROM', name: 'Romulan' },
  { id: 13, key: 'tholian', code: 'THO', name: 'Tholian (cast web only)' },
] as const;

export type EmpireKey = (typeof EMPIRES)[number]['key'];

export function empireByKey(key: string): (typeof EMPIRES)[number] | undefined {
  const k = key.trim().toLowerCase();
  return EMPIRES.find(
    (e) => e.key === k || e.name.toLowerCase() === k || String(e.id) === k || e.code.toLowerCase() === k,
  );
}

/** The catalog's three-letter empire code (requirements §4.2.1) for an empire key. */
export function empireCode(key: EmpireKey): string {
  return EMPIRES.find((e) => e.key === key)!.code;
}

export function empireName(key: EmpireKey): string {
  return EMPIRES.find((e) => e.key === key)?.name ?? key;
}
