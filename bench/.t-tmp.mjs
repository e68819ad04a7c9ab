import { readFileSync } from 'node:fs';
const before = process.memoryUsage().rss;
await import('@electric-sql/pglite');
const m = process.memoryUsage();
console.log(((m.rss - before) / 1048576).toFixed(0), 'heap', (m.heapUsed / 1048576).toFixed(0), 'ext', (m.external / 1048576).toFixed(0));
const maps = [];
for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
  if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) maps.push({ head: line, rss: 0 });
  else if (line.startsWith('Rss:')) maps.at(-1).rss = Number(line.split(/\s+/)[1]);
}
for (const x of maps.sort((a, b) => b.rss - a.rss).slice(0, 8)) console.log((x.rss / 1024).toFixed(1), x.head.slice(0, 100));
