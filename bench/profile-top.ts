// `npx tsx bench/profile-top.ts <file.cpuprofile> [n]`: where a CPU profile (node --cpu-prof) spent its time,
// by function (self time) and by package or area (self time summed), to explain a benchmark's figure.
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, count = '25'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** node_modules/<package>, or our own folder, or the engine's category. */
function area(url: string, name: string): string {
  if (!url) return `(${name || 'native'})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url;
  const ours = /apps\/server\/(?:src|dist)\/(.*)/.exec(url);
  return ours ? `server: ${ours[1].split('/').slice(0, 2).join('/')}` : url.split('/').slice(-2).join('/');
}

const fns = new Map<string, number>();
const areas = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const { functionName, url, lineNumber } = n.callFrame;
  const key = `${functionName || '(anonymous)'}  ${area(url, functionName)}${url ? `:${lineNumber + 1}` : ''}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  const a = area(url, functionName);
  areas.set(a, (areas.get(a) ?? 0) + us);
}
const show = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .forEach(([k, us]) => console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${k}`));
console.log(`${(total / 1e6).toFixed(1)} s sampled\n\nby area (self time)`);
show(areas, Number(count));
console.log('\nby function (self time)');
show(fns, Number(count));
