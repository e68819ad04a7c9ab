/**
 * Hostile values for the fuzzer: strings a player might paste (or an attacker craft), numbers
 * outside every range, and files that are not what they claim to be. Each generator takes the
 * seeded Rng, so a run is reproducible.
 */
import type { Rng } from './random.ts';

const UNICODE = [
  '🚀🛸👾',
  'Ｆｕｌｌｗｉｄｔｈ',
  'e\u0301\u0301\u0301\u0301\u0301', // stacked combining accents
  '\u202eesrever', // right-to-left override
  'zero\u200bwidth\u200djoin',
  'Ωμέγα Σ',
  '漢字かなカナ',
  'مرحبا',
  '\ud83d', // a lone surrogate
  '\u0000nul\u0007bell\u001b[31mansi',
  '\ufeffbom',
  '👩‍👩‍👧‍👦'.repeat(50),
];

const INJECTIONS = [
  "'; drop table campaigns; --",
  '" or 1=1 --',
  '$(rm -rf /)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile value, meant literally
  '${process.exit(1)}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'toString',
  '../../../etc/passwd',
  '@everyone',
  '@here',
  '<@&123456789012345678>',
  '<@1>',
  '<#1>',
  '**bold** `code` ```block``` ||spoiler||',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  'Infinity',
  '0x1f',
  '[]',
  '{}',
  '{"a":',
];

export function hostileString(rng: Rng): string {
  return rng.weighted<() => string>([
    [3, () => ''],
    [2, () => ' '.repeat(rng.between(1, 5))],
    [4, () => rng.pick(UNICODE)],
    [5, () => rng.pick(INJECTIONS)],
    // Discord's limit for a string option is 6,000 characters.
    [2, () => 'A'.repeat(rng.pick([101, 2001, 6000]))],
    [1, () => rng.pick(UNICODE).repeat(400).slice(0, 6000)],
    [2, () => String(rng.pick([-1, 0, 1, 99999999999, -2147483649, 3.5]))],
    [2, () => `${rng.between(0, 2000)}d${rng.between(0, 100000)}${rng.pick(['', '+', '-5', '*2', '+1d', 'x'])}`],
    [1, () => '3d6+'.repeat(rng.between(20, 600))],
    [2, () => Array.from({ length: rng.between(1, 40) }, () => String.fromCharCode(rng.between(1, 0xffff))).join('')],
  ])();
}

export function hostileInteger(rng: Rng, min?: number, max?: number): number {
  return rng.pick([
    0,
    -1,
    -7,
    2 ** 31,
    -(2 ** 31) - 1,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    1e15,
    ...(min !== undefined ? [min - 1, min - 1000] : []),
    ...(max !== undefined ? [max + 1, max * 1000] : [1_000_000]),
  ]);
}

export function hostileNumber(rng: Rng, min?: number, max?: number): number {
  return rng.pick([
    hostileInteger(rng, min, max),
    0.5,
    -0.25,
    1e-9,
    1.7976931348623157e308,
    -1e308,
    2.0000000001,
    1 / 3,
  ]);
}

/** A file for an attachment option: mostly broken, sometimes nearly right. */
export function hostileFile(
  rng: Rng,
  templates: { map: string; export: string | null },
): { name: string; data: Buffer } {
  const map = templates.map;
  const exp = templates.export ?? '{}';
  return rng.weighted<() => { name: string; data: Buffer }>([
    [2, () => ({ name: 'empty.json', data: Buffer.alloc(0) })],
    [3, () => ({ name: 'truncated.json', data: Buffer.from(map.slice(0, rng.int(map.length))) })],
    [2, () => ({ name: 'garbage.bin', data: rng.bytes(rng.between(1, 4096)) })],
    [
      2,
      () => ({
        name: 'wrong-shape.json',
        data: Buffer.from(
          JSON.stringify(
            rng.pick([
              [],
              42,
              'map',
              null,
              { sectors: 'x' },
              { sectors: [], lanes: [] },
              { sectors: [{ key: '' }], lanes: [['a']] },
            ]),
          ),
        ),
      }),
    ],
    [4, () => ({ name: 'mutated-map.json', data: Buffer.from(mutateJson(rng, map)) })],
    [2, () => ({ name: 'mutated-export.json', data: Buffer.from(mutateJson(rng, exp)) })],
    [1, () => ({ name: 'deep.json', data: Buffer.from('['.repeat(100_000) + ']'.repeat(100_000)) })],
    [2, () => ({ name: 'catalog.csv', data: Buffer.from(hostileCsv(rng)) })],
    [
      1,
      () => ({
        name: 'huge-map.json',
        data: Buffer.from(`{"sectors":[],"lanes":[],"title":"${'x'.repeat(1_000_001)}"}`),
      }),
    ],
    [1, () => ({ name: 'bom-map.json', data: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(map)]) })],
    [1, () => ({ name: 'utf16.json', data: Buffer.from(map, 'utf16le') })],
    [2, () => ({ name: 'map.json', data: Buffer.from(map) })],
  ])();
}

/** Catalog-shaped CSV with broken quoting, wrong columns, huge and negative numbers. */
export function hostileCsv(rng: Rng): string {
  const header = 'unit_id,empire,hull_code,name,bpv_economic,move_cost';
  const rows = Array.from({ length: rng.between(0, 20) }, () =>
    rng.pick([
      `FED-CA,FED,CA,"Heavy Cruiser,133,1`,
      `FED-CA,FED,CA,Heavy Cruiser,-133,1/0`,
      `,,,,,`,
      `X,Y,Z,${'"'.repeat(7)},1e999,NaN`,
      `FED-FF,FED,FF,Frigate,63,1/3,extra,columns,here`,
      `=HYPERLINK("http://example.invalid"),FED,FF,Formula,1,1`,
    ]),
  );
  return [rng.chance(0.8) ? header : 'not,a,catalog', ...rows].join(rng.pick(['\n', '\r\n', '\r']));
}

/** A structurally valid JSON document with one value replaced, deleted or duplicated. */
export function mutateJson(rng: Rng, text: string): string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return text;
  }
  const paths: (string | number)[][] = [];
  const walk = (v: unknown, path: (string | number)[], depth: number) => {
    paths.push(path);
    if (depth > 6 || v === null || typeof v !== 'object') return;
    const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v as Record<string, unknown>);
    for (const [k, x] of entries.slice(0, 30)) walk(x, [...path, k], depth + 1);
  };
  walk(doc, [], 0);
  const path = rng.pick(paths.filter((p) => p.length > 0));
  let parent = doc as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const key = path.at(-1)!;
  const replacement = rng.pick<unknown>([
    null,
    -1,
    1e308,
    '',
    'x'.repeat(200),
    [],
    {},
    true,
    '🚀',
    JSON.parse('{"__proto__":{"polluted":true}}'),
  ]);
  if (rng.chance(0.3) && !Array.isArray(parent)) delete parent[key];
  else parent[key] = replacement;
  return JSON.stringify(doc);
}
