/**
 * What ran on the main thread during each stall bench/stalls.ts noted: the CPU profile's samples
 * inside each stretch, grouped by the innermost frames of our own code (src/, bench/) and by the
 * function on top. A stretch with few samples for its length is the thread waiting for a core
 * (a loaded machine), not work of ours.
 *
 *   npx tsx bench/stall-report.ts <main thread .cpuprofile> <stalls .jsonl> [least samples, default 20]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Stall {
  at: number;
  gap: number;
  start: number;
  end: number;
}

const [profilePath, stallsPath, least = '20'] = process.argv.slice(2);
if (!profilePath || !stallsPath) throw new Error('usage: stall-report.ts <profile> <stalls.jsonl> [least samples]');
const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as Profile;
const stalls = readFileSync(stallsPath, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Stall);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const times: number[] = [];
let t = profile.startTime;
for (const d of profile.timeDeltas) times.push((t += d));
const label = (n: ProfileNode) => {
  const f = n.callFrame;
  const file = f.url.replace(/^file:\/\/.*?\/(src|bench|node_modules)\//, '$1/');
  return `${f.functionName || '(anonymous)'} ${file}`;
};
const ours = (n: ProfileNode) => /\/(src|bench)\//.test(n.callFrame.url);
const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);

for (const stall of stalls) {
  const stacks = new Map<string, number>();
  const tops = new Map<string, number>();
  let count = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    if (times[i]! < stall.start || times[i]! > stall.end) continue;
    count++;
    const stack: ProfileNode[] = [];
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id))
      stack.push(byId.get(id)!);
    const self = label(stack[0]!);
    tops.set(self, (tops.get(self) ?? 0) + 1);
    const key = stack.filter(ours).slice(0, 4).map(label).join(' < ') || `[${self}]`;
    stacks.set(key, (stacks.get(key) ?? 0) + 1);
  }
  if (count < Number(least)) continue;
  console.log(`\nstall ${stall.gap.toFixed(1)} ms at +${stall.at.toFixed(1)} s: ${count} samples`);
  for (const [k, v] of top(stacks, 6)) console.log(`  ${v}\t${k}`);
  console.log('  on top:');
  for (const [k, v] of top(tops, 4)) console.log(`    ${v}\t${k}`);
}
