/**
 * Generates `docs/rules-index.md`: for every rule id cited in `src/` and `commands/`, where a refusal
 * enforces it, which other files cite it, and which test names name it.
 *
 * Run `npm run rules-index` after changing rule citations; `test/docs/rules-index.test.ts` fails when the
 * committed file is stale. The output is deterministic (sorted, no timestamps, no line numbers).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const INDEX_PATH = 'docs/rules-index.md';
const SOURCE_DIRS = ['src', 'commands'];
const TEST_DIR = 'test';

// ---------------------------------------------------------------------------------------------------
// Rule ids

/**
 * TD III ids: `UTD6.31`, `UTD6.3I2`, `UTD7.A832`, `UTD2.3(3)` (numbered sub-items), `UTD6.39#2` (the
 * requirements' disambiguation of a number the rules text reuses), `UTD7.4551x` (a family), `UTF3.45`
 * (the rules text's own misprint of UTD3.45, kept as printed), `ISS-A74` (errata/clarifications) and
 * `ISS-19` (defects in the rules text). Only one dot: a trailing full stop is not part of the id.
 */
const TD_ID =
  /(?<![A-Za-z0-9_])(?:(UT[DF])\s?(\d+\.[0-9A-Z]+(?:\(\d+\))?x?(?:#\d+)?)|ISS-A(\d+)|ISS-(\d+))(?![A-Za-z0-9])/g;
/** A bare number continuing a list or range after a UTD id: `UTD6.21, 6.23`, `UTD5.221–5.224`, `UTD4.3373 and 7.34`. */
const CONTINUATION = /^(\s*(?:,|–|-|\band\b|\bor\b|&)\s*)([1-9]\.[0-9A-Z]+(?:\(\d+\))?x?(?:#\d+)?)(?![A-Za-z0-9])/;
/** SFB rulebook ids, as the n3D and SFW sub-systems cite them: `C1.4`, `G10.211`, `S3D2.1`. `Y165.5` is a year. */
const SFB_ID = /(?<![A-Za-z0-9_.#-])(S3D|[A-X][A-Z]?|Z[A-Z]?)(\d+\.\d+)(?![A-Za-z0-9])/g;
/** Named sub-system rules, cited whole: `SIDCORS (A.2.14 step 7)`, `VBSF Big Ships`, `SFW Starfortress CIDS`. */
const NAMED_RULE = /^(SIDCORS|VBSF|SFW)\b/;

/** TD III ids in a text, in order of appearance, with list and range continuations expanded. */
export function extractTdIds(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(TD_ID)) {
    if (m[3] !== undefined) {
      out.push(`ISS-A${m[3].padStart(2, '0')}`);
      continue;
    }
    if (m[4] !== undefined) {
      out.push(`ISS-${m[4].padStart(2, '0')}`);
      continue;
    }
    out.push(`${m[1]}${m[2]}`);
    if (m[1] !== 'UTD') continue;
    let rest = text.slice(m.index + m[0].length);
    for (let c = CONTINUATION.exec(rest); c; c = CONTINUATION.exec(rest)) {
      out.push(`UTD${c[2]}`);
      rest = rest.slice(c[0].length);
    }
  }
  return out;
}

/** SFB rulebook ids in a text. */
export function extractSfbIds(text: string): string[] {
  return [...text.matchAll(SFB_ID)].map((m) => `${m[1]}${m[2]}`);
}

/** Every rule id in a text (TD III and SFB). */
export function extractRuleIds(text: string): string[] {
  return [...extractTdIds(text), ...extractSfbIds(text)];
}

type Family = 0 | 1 | 2 | 3 | 4;
const FAMILY_TITLES = [
  'TD III rules (UTD)',
  'TD III errata and clarifications (ISS-A)',
  'TD III text defects (ISS)',
  'SFB rules',
  'Sub-system rules',
] as const;

interface IdKey {
  family: Family;
  prefix: string;
  chapter: number;
  /** Outline levels after the dot: each digit or letter is one level (6.3724 is under 6.372; 6.39 < 6.3A). */
  levels: number[];
  item: number;
  wildcard: boolean;
  variant: number;
}

const LEVEL_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function keyOf(id: string): IdKey | string {
  const iss = /^ISS-(A?)(\d+)$/.exec(id);
  if (iss) {
    return {
      family: iss[1] ? 1 : 2,
      prefix: '',
      chapter: Number(iss[2]),
      levels: [],
      item: 0,
      wildcard: false,
      variant: 0,
    };
  }
  const m = /^(UT[DF]|S3D|[A-Z]{1,2})(\d+)\.([0-9A-Z]+)(?:\((\d+)\))?(x?)(?:#(\d+))?$/.exec(id);
  if (!m) return id;
  const td = m[1] === 'UTD' || m[1] === 'UTF';
  return {
    family: td ? 0 : 3,
    prefix: td ? '' : m[1]!,
    chapter: Number(m[2]),
    levels: [...m[3]!].map((ch) => LEVEL_CHARS.indexOf(ch)),
    item: m[4] === undefined ? 0 : Number(m[4]),
    wildcard: m[5] === 'x',
    variant: m[6] === undefined ? 0 : Number(m[6]),
  };
}

function familyOf(id: string): Family {
  const k = keyOf(id);
  return typeof k === 'string' ? 4 : k.family;
}

/**
 * Rule order: family, then the chapter number, then the outline levels one by one (a rule comes before its
 * sub-rules, digits before letters: UTD6.3 < UTD6.31 < UTD6.3724 < UTD6.39 < UTD6.3A < UTD6.3I2 < UTD6.4),
 * then the numbered item `(n)`, the family `x`, the variant `#n`. Named rules sort by text.
 */
export function compareRuleIds(a: string, b: string): number {
  const ka = keyOf(a);
  const kb = keyOf(b);
  if (typeof ka === 'string' || typeof kb === 'string') {
    if (typeof ka !== 'string') return -1;
    if (typeof kb !== 'string') return 1;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  }
  if (ka.family !== kb.family) return ka.family - kb.family;
  if (ka.prefix !== kb.prefix) return ka.prefix < kb.prefix ? -1 : 1;
  if (ka.chapter !== kb.chapter) return ka.chapter - kb.chapter;
  const n = Math.min(ka.levels.length, kb.levels.length);
  for (let i = 0; i < n; i++) if (ka.levels[i] !== kb.levels[i]) return ka.levels[i]! - kb.levels[i]!;
  if (ka.levels.length !== kb.levels.length) return ka.levels.length - kb.levels.length;
  if (ka.item !== kb.item) return ka.item - kb.item;
  if (ka.wildcard !== kb.wildcard) return ka.wildcard ? 1 : -1;
  if (ka.variant !== kb.variant) return ka.variant - kb.variant;
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------------
// A small scanner for TypeScript expressions (enough to split call arguments)

const QUOTES = new Set(["'", '"', '`']);

/** Index just past the string literal starting at `i`. */
function skipString(text: string, i: number): number {
  const q = text[i]!;
  let j = i + 1;
  while (j < text.length) {
    const ch = text[j]!;
    if (ch === '\\') j += 2;
    else if (ch === q) return j + 1;
    else if (q === '`' && ch === '$' && text[j + 1] === '{') j = skipExpression(text, j + 2, '}') + 1;
    else j++;
  }
  return j;
}

/** Scans from `i` to the first top-level character in `stops` (or a closing bracket); returns its index. */
function skipExpression(text: string, i: number, stops: string, stopAtNewline = false): number {
  let depth = 0;
  let j = i;
  let seen = false;
  while (j < text.length) {
    const ch = text[j]!;
    if (QUOTES.has(ch)) {
      j = skipString(text, j);
      seen = true;
      continue;
    }
    if (ch === '/' && text[j + 1] === '/') {
      const nl = text.indexOf('\n', j);
      j = nl < 0 ? text.length : nl;
      continue;
    }
    if (ch === '/' && text[j + 1] === '*') {
      const end = text.indexOf('*/', j + 2);
      j = end < 0 ? text.length : end + 2;
      continue;
    }
    if (depth === 0 && (stops.includes(ch) || (stopAtNewline && seen && ch === '\n'))) return j;
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (depth === 0) return j;
      depth--;
    }
    if (!/\s/.test(ch)) seen = true;
    j++;
  }
  return j;
}

/** The top-level arguments of the call whose `(` is at `open`. */
function callArguments(text: string, open: number): string[] {
  const args: string[] = [];
  let i = open + 1;
  while (i < text.length) {
    const end = skipExpression(text, i, ',)');
    args.push(text.slice(i, end).trim());
    if (text[end] !== ',') break;
    i = end + 1;
  }
  return args;
}

// ---------------------------------------------------------------------------------------------------
// Rule constants (`const RULE = 'SFW power allocation'`, `export const RULE = { end: 'SIDCORS (…)' }`)

type Constant = string | Record<string, string>;

const STRING_LITERAL = /^'((?:[^'\\]|\\.)*)'|^"((?:[^"\\]|\\.)*)"|^`([^`$\\]*)`/;

function literalValue(expr: string): string | undefined {
  const m = STRING_LITERAL.exec(expr.trim());
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

function constantsOf(text: string): { local: Map<string, Constant>; exported: Map<string, Constant> } {
  const local = new Map<string, Constant>();
  const exported = new Map<string, Constant>();
  for (const m of text.matchAll(/^(export\s+)?const\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*/gm)) {
    const start = m.index + m[0].length;
    const end = skipExpression(text, start, ';\n', true);
    const expr = text.slice(start, end).trim();
    let value: Constant | undefined = literalValue(expr);
    if (value === undefined && expr.startsWith('{')) {
      const fields: Record<string, string> = {};
      for (const f of expr.matchAll(/([A-Za-z_$][\w$]*)\s*:\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g)) {
        fields[f[1]!] = literalValue(f[2]!)!;
      }
      if (Object.keys(fields).length > 0) value = fields;
    }
    if (value === undefined) continue;
    local.set(m[2]!, value);
    if (m[1]) exported.set(m[2]!, value);
  }
  return { local, exported };
}

/** The rule strings an expression can evaluate to: its literals, and the constants it names. */
function ruleStrings(expr: string, resolveName: (name: string) => Constant | undefined): string[] {
  const out: string[] = [];
  // A literal compared against (`u.kind === 'base' ? 'C3.72' : …`) is not a rule.
  expr = expr.replace(/[!=]==?\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g, ' ');
  const lookup = (path: string): string | undefined => {
    const [head, key] = path.split('.');
    const c = resolveName(head!);
    if (typeof c === 'string') return key === undefined ? c : undefined;
    return c && key !== undefined ? c[key] : undefined;
  };
  let rest = expr;
  for (let i = 0; i < expr.length; ) {
    const ch = expr[i]!;
    if (QUOTES.has(ch)) {
      const end = skipString(expr, i);
      let body = expr.slice(i + 1, end - 1);
      if (ch === '`') body = body.replace(/\$\{\s*([\w$]+(?:\.[\w$]+)?)\s*\}/g, (_, p: string) => lookup(p) ?? '…');
      out.push(body);
      rest = rest.replace(expr.slice(i, end), ' ');
      i = end;
    } else i++;
  }
  for (const m of rest.matchAll(/(?<![\w$.?])([A-Za-z_$][\w$]*(?:\.[\w$]+)?)/g)) {
    const v = lookup(m[1]!);
    if (v !== undefined) out.push(v);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Scanning the tree

function listFiles(root: string, dir: string, accept: (path: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (abs: string): void => {
    const entries = readdirSync(abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      const p = join(abs, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'fixtures') walk(p);
      } else if (accept(p)) out.push(relative(root, p).split(sep).join('/'));
    }
  };
  try {
    walk(join(root, dir));
  } catch {
    return [];
  }
  return out;
}

/** The name of the top-level declaration enclosing `index` (the function that refuses). */
function enclosingName(text: string, index: number): string | undefined {
  let name: string | undefined;
  for (const m of text.matchAll(
    /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?\s+([\w$]+)|(?:const|let|class)\s+([\w$]+))/gm,
  )) {
    if (m.index > index) break;
    name = m[1] ?? m[2];
  }
  return name;
}

interface Entry {
  enforced: Map<string, Set<string>>;
  cited: Set<string>;
  tests: Set<string>;
}

/** Splits a rule string into the ids it cites; a string with no recognised id is a named rule or unrecognised. */
function idsOfRuleString(s: string): { ids: string[]; named: boolean } {
  const ids = extractRuleIds(s);
  if (ids.length > 0) return { ids, named: false };
  const trimmed = s.trim();
  return NAMED_RULE.test(trimmed) ? { ids: [trimmed], named: true } : { ids: [], named: false };
}

function testNames(text: string): string[] {
  const names: string[] = [];
  const re = /(?<![\w$.])(?:it|test|describe)\b/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let i = m.index + m[0].length;
    // Modifiers and `.each(table)`: `it.skip(`, `describe.each([...])(`.
    for (;;) {
      const mod = /^\.([A-Za-z]+)/.exec(text.slice(i, i + 40));
      if (!mod) break;
      i += mod[0].length;
      if (mod[1] === 'each' || mod[1] === 'runIf' || mod[1] === 'skipIf' || mod[1] === 'for') {
        if (text[i] !== '(') break;
        i = skipExpression(text, i + 1, ')') + 1;
      }
    }
    if (text[i] !== '(') continue;
    let j = i + 1;
    while (/\s/.test(text[j] ?? '')) j++;
    if (!QUOTES.has(text[j] ?? '')) continue;
    const end = skipString(text, j);
    names.push(
      text
        .slice(j + 1, end - 1)
        .replace(/\\(.)/g, '$1')
        .replace(/\s+/g, ' '),
    );
    re.lastIndex = end;
  }
  return names;
}

/** Builds the Markdown of the rules index from the repository at `root`. Pure apart from reading files. */
export function buildRulesIndex(root: string): string {
  const entries = new Map<string, Entry>();
  const entry = (id: string): Entry => {
    let e = entries.get(id);
    if (!e) {
      e = { enforced: new Map(), cited: new Set(), tests: new Set() };
      entries.set(id, e);
    }
    return e;
  };
  const unrecognised = new Map<string, Set<string>>();

  const sources = SOURCE_DIRS.flatMap((d) => listFiles(root, d, (p) => p.endsWith('.ts')));
  const texts = new Map(sources.map((f) => [f, readFileSync(join(root, f), 'utf8')] as const));
  const constants = new Map([...texts].map(([f, t]) => [f, constantsOf(t)] as const));
  const exported = new Map<string, Constant | null>();
  for (const c of constants.values()) {
    for (const [name, value] of c.exported) {
      const prior = exported.get(name);
      exported.set(name, prior === undefined || JSON.stringify(prior) === JSON.stringify(value) ? value : null);
    }
  }

  for (const [file, text] of texts) {
    const local = constants.get(file)!.local;
    const resolveName = (name: string): Constant | undefined => local.get(name) ?? exported.get(name) ?? undefined;

    // Enforced: the rule argument of refuse/fail/userError, and `rule:` fields.
    const enforce = (expr: string, at: number, fromCall: boolean): void => {
      const fn = enclosingName(text, at);
      for (const s of ruleStrings(expr, resolveName)) {
        const { ids } = idsOfRuleString(s);
        if (ids.length === 0 && fromCall && s.trim() !== '') {
          let u = unrecognised.get(s.trim());
          if (!u) unrecognised.set(s.trim(), (u = new Set()));
          u.add(file);
        }
        for (const id of ids) {
          const e = entry(id);
          let fns = e.enforced.get(file);
          if (!fns) e.enforced.set(file, (fns = new Set()));
          if (fn) fns.add(fn);
        }
      }
    };
    for (const m of text.matchAll(/(?<![\w$.])(refuse|fail|userError)\(/g)) {
      if (/function\s+$/.test(text.slice(Math.max(0, m.index - 20), m.index))) continue;
      const args = callArguments(text, m.index + m[0].length - 1);
      if (args[1] !== undefined) enforce(args[1], m.index, true);
    }
    for (const m of text.matchAll(/(?<![\w$.?])rule\s*:\s*/g)) {
      const start = m.index + m[0].length;
      enforce(text.slice(start, skipExpression(text, start, ',;})]', true)), m.index, false);
    }

    // Cited anywhere in the file (code, strings, comments).
    for (const id of extractRuleIds(text)) entry(id).cited.add(file);
  }
  // Named rules are cited wherever their text appears.
  for (const [id, e] of entries) {
    if (familyOf(id) !== 4) continue;
    for (const [file, text] of texts) if (text.includes(id)) e.cited.add(file);
  }

  // Tests that name the rule.
  const named = [...entries.keys()].filter((id) => familyOf(id) === 4);
  for (const file of listFiles(root, TEST_DIR, (p) => p.endsWith('.test.ts'))) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const name of testNames(text)) {
      const ids = new Set(extractRuleIds(name));
      for (const id of named) {
        const inner = /\(([^)]+)\)$/.exec(id)?.[1];
        if (name.includes(id) || (inner !== undefined && name.includes(inner))) ids.add(id);
      }
      for (const id of ids) entry(id).tests.add(`\`${file}\`: ${JSON.stringify(name)}`);
    }
  }

  return render(entries, unrecognised);
}

// ---------------------------------------------------------------------------------------------------
// Markdown

function codeList(files: Iterable<string>): string {
  return [...files]
    .sort()
    .map((f) => `\`${f}\``)
    .join(', ');
}

function render(entries: Map<string, Entry>, unrecognised: Map<string, Set<string>>): string {
  const ids = [...entries.keys()].sort(compareRuleIds);
  const inCode = ids.filter((id) => entries.get(id)!.cited.size > 0 || entries.get(id)!.enforced.size > 0);
  const enforced = ids.filter((id) => entries.get(id)!.enforced.size > 0);
  const tested = ids.filter((id) => entries.get(id)!.tests.size > 0);
  const untested = enforced.filter((id) => entries.get(id)!.tests.size === 0);
  const testOnly = ids.filter((id) => !inCode.includes(id));
  const byFamily = (list: string[]): string =>
    FAMILY_TITLES.map((t, f) => `${list.filter((id) => familyOf(id) === f).length} ${t}`).join(', ');

  const lines: string[] = [
    '# Rules index',
    '',
    '<!-- Generated by `npm run rules-index` (scripts/rules-index.ts). Do not edit by hand. -->',
    '',
    'Generated by `npm run rules-index` from `src/`, `commands/` and the test names in `test/`. **Do not edit by hand**:',
    'change the code or the tests and run `npm run rules-index`. `test/docs/rules-index.test.ts` fails when this file is stale.',
    '',
    '- **Enforced in**: files with a refusal citing the rule (`refuse(code, rule, …)`, `fail(…)`, `userError(…)`, or a',
    '  `rule:` field), with the enclosing top-level function in parentheses.',
    '- **Implemented in**: other files that cite the rule in code or comments.',
    '- **Tests**: test names (`describe`, `it`, `test`) that contain the rule id.',
    '',
    '## Summary',
    '',
    `- ${ids.length} rule ids (${byFamily(ids)}).`,
    `- ${inCode.length} cited in the code, ${enforced.length} enforced by a refusal, ${tested.length} named by a test.`,
    `- ${untested.length} enforced but named by no test: ${untested.join(', ') || 'none'}.`,
    `- ${testOnly.length} named by a test but cited nowhere in the code: ${testOnly.join(', ') || 'none'}.`,
  ];
  if (unrecognised.size > 0) {
    lines.push(`- ${unrecognised.size} refusal rule strings that are not a recognised rule id:`);
    for (const s of [...unrecognised.keys()].sort()) lines.push(`  - \`${s}\` in ${codeList(unrecognised.get(s)!)}`);
  }
  for (const [f, title] of FAMILY_TITLES.entries()) {
    const list = ids.filter((id) => familyOf(id) === f);
    if (list.length === 0) continue;
    lines.push('', `## ${title}`);
    for (const id of list) {
      const e = entries.get(id)!;
      const enforcedIn = [...e.enforced.keys()].sort().map((file) => {
        const fns = [...e.enforced.get(file)!].sort();
        return fns.length > 0 ? `\`${file}\` (${fns.join(', ')})` : `\`${file}\``;
      });
      const citedIn = [...e.cited].filter((file) => !e.enforced.has(file));
      lines.push('', `### ${id}`, '');
      lines.push(`- Enforced in: ${enforcedIn.join(', ') || 'none'}`);
      lines.push(`- Implemented in: ${citedIn.length > 0 ? codeList(citedIn) : 'none'}`);
      if (e.tests.size === 0) lines.push('- Tests: none');
      else {
        lines.push('- Tests:');
        for (const t of [...e.tests].sort()) lines.push(`  - ${t}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------------
// CLI

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = resolve(fileURLToPath(import.meta.url), '..', '..');
  writeFileSync(join(root, INDEX_PATH), buildRulesIndex(root));
  console.log(`wrote ${INDEX_PATH}`);
}
