import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.ts';
import { Playground, type LineResult } from './playground.ts';
import { ScenarioSyntaxError } from './scenario.ts';

/**
 * `npm run play` — interactive prompt; `npm run play -- --script FILE [--json] [--out DIR] [--data DIR]`
 * runs a scenario. Rule refusals are ordinary output; only a malformed line or a crash exits non-zero.
 */
const { values } = parseArgs({
  options: {
    script: { type: 'string' },
    json: { type: 'boolean', default: false },
    out: { type: 'string', default: './out' },
    data: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const USAGE = `Campaign Master playground
  npm run play                                  interactive
  npm run play -- --script FILE [--json] [--out DIR] [--data DIR]
Lines: @user /command [group] [sub] name:value name:"quoted"   |   # comment
Directives: !seed N  !dice 6 2 3  !clock 2026-11-21T12:00Z  !advance 7d  !react @user ✅ [on:last-vote]  !unreact …  !channel name  !admin @user
            !press <button label or custom id> [@user]   !pick <menu> <value…> [@user]`;

function printText(r: LineResult): void {
  const who = r.user ? `@${r.user}` : '';
  console.log(`\n[${r.line}] ${who ? `${who} ` : ''}${r.input.replace(/^@\S+\s*/, '')}`);
  const mark = r.ok ? '✓' : '✗';
  const lines: string[] = [];
  if (r.content) lines.push(r.content);
  for (const e of r.embeds) lines.push(embedText(e));
  if (lines.length) console.log(indent(`${mark}${r.ephemeral ? ' (only you)' : ''} ${lines.join('\n')}`));
  for (const f of r.files) console.log(indent(`📎 ${f}`));
  for (const c of r.components ?? []) console.log(indent(`🔘 ${c}`));
  for (const p of r.posts) {
    console.log(indent(`📣 ${[p.content, ...p.embeds.map(embedText)].filter(Boolean).join('\n')}`));
    for (const f of p.files) console.log(indent(`📎 ${f}`));
    for (const c of p.components ?? []) console.log(indent(`   🔘 ${c}`));
  }
}

function embedText(e: LineResult['embeds'][number]): string {
  return [
    e.title ? `【${e.title}】` : '',
    e.description ?? '',
    ...(e.fields ?? []).map((f) => `${f.name}: ${f.value}`),
    e.footer ? `— ${e.footer}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
}

async function main(): Promise<number> {
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: values.data ?? null });
  const playground = await Playground.start({ database, outDir: values.out! });
  const emit = (r: LineResult | null) => {
    if (!r) return;
    if (values.json) console.log(JSON.stringify(r));
    else printText(r);
  };
  try {
    if (values.script) {
      const lines = readFileSync(values.script, 'utf8').split(/\r?\n/);
      for (const [i, text] of lines.entries()) {
        try {
          emit(await playground.run(text, i + 1));
        } catch (err) {
          if (err instanceof ScenarioSyntaxError) {
            console.error(`${values.script}:${i + 1}: ${err.message}\n  ${text}`);
            return 2;
          }
          throw err;
        }
      }
      return 0;
    }
    console.log(`${USAGE}\nType a line, or .exit to quit.`);
    const rl = createInterface({ input: process.stdin, output: process.stdout, prompt: '> ' });
    let n = 0;
    rl.prompt();
    for await (const text of rl) {
      n++;
      if (text.trim() === '.exit') break;
      try {
        emit(await playground.run(text, n));
      } catch (err) {
        if (err instanceof ScenarioSyntaxError) console.log(`  ⚠ ${err.message}`);
        else throw err;
      }
      rl.prompt();
    }
    rl.close();
    return 0;
  } finally {
    await playground.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
