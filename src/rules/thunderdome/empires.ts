/** UTD8.111: the only empires allowed for players and NPEs, numbered as printed (also UTD5.41). */
export const EMPIRES = [
  { id: 1, key: 'federation', name: 'Federation' },
  { id: 2, key: 'carnivon', name: 'Carnivon' },
  { id: 3, key: 'frax', name: 'Frax' },
  { id: 4, key: 'gorn', name: 'Gorn' },
  { id: 5, key: 'hydran', name: 'Hydran' },
  { id: 6, key: 'isc', name: 'ISC' },
  { id: 7, key: 'klingon', name: 'Klingon' },
  { id: 8, key: 'kzinti', name: 'Kzinti' },
  { id: 9, key: 'lyran', name: 'Lyran' },
  { id: 10, key: 'paravian', name: 'Paravian' },
  { id: 11, key: 'peladine', name: 'Peladine' },
  { id: 12, key: 'romulan', name: 'Romulan' },
  { id: 13, key: 'tholian', name: 'Tholian (cast web only)' },
] as const;

export type EmpireKey = (typeof EMPIRES)[number]['key'];

export function empireByKey(key: string): (typeof EMPIRES)[number] | undefined {
  const k = key.trim().toLowerCase();
  return EMPIRES.find((e) => e.key === k || e.name.toLowerCase() === k || String(e.id) === k);
}

export function empireName(key: EmpireKey): string {
  return EMPIRES.find((e) => e.key === key)?.name ?? key;
}
