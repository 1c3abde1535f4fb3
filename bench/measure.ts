// What the benchmarks on a generated base share: a server on a free port, and autocannon measuring it.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
export const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

export async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

/**
 * autocannon in a process of its own: in the server's process it takes half of the one thread it measures,
 * and the latencies it reports are then its own as much as the server's.
 */
export async function measure(url: string, headers: Record<string, string>, seconds = DURATION, connections = 10) {
  const args = [AUTOCANNON, '--json', '-c', String(connections), '-d', String(seconds), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await new Promise((done) => child.on('exit', done));
  const r = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);

/** The header of `line`'s table. */
export const header = (connections = 10) => `${`call (${connections} connection${connections > 1 ? 's' : ''})`.padEnd(34)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'bare req/s'.padStart(12)}  ratio`;

/**
 * Measures `path` on the server at `base` (warmed up first: its code compiled, its statements prepared),
 * then a bare route answering the same bytes, and prints one line of the table.
 */
export async function line(name: string, base: string, path: string, headers: Record<string, string>, connections = 10) {
  const body = await (await fetch(base + path, { headers })).text();
  await measure(base + path, headers, 2);
  const real = await measure(base + path, headers, DURATION, connections);
  const bare = Fastify();
  bare.get('/*', async (_req, reply) => reply.type('application/json').send(body));
  const twin = await measure((await listen(bare)) + path, {}, DURATION, connections);
  await bare.close();
  console.log(
    `${`${name} (${(body.length / 1024).toFixed(0)} KB)`.padEnd(34)}${fmt(real.rps)}${fmt(real.p50, 1)}${fmt(real.p99, 1)}${fmt(twin.rps).padStart(12)}  ${(real.rps / twin.rps).toFixed(2)}${real.errors ? `  (${real.errors} errors)` : ''}`,
  );
  return body;
}

/**
 * The machine's pace: the time of one fixed piece of work on one core (arithmetic, JSON, SHA-256), best of
 * three. This workplace's machine runs at different paces from one session to the next (2.5× seen on the
 * same code); figures of two sessions compare only with their paces beside them.
 */
export function machinePace(): number {
  const once = () => {
    const t0 = performance.now();
    let s = 0;
    for (let i = 0; i < 2e7; i++) s = (s + i * 7) % 1_000_003;
    const bytes = Buffer.alloc(1024, s % 256);
    for (let i = 0; i < 1e5; i++) createHash('sha256').update(bytes).digest();
    for (let i = 0; i < 1e5; i++) JSON.parse(JSON.stringify({ a: i, b: `x${i}`, c: [i, i] }));
    return performance.now() - t0;
  };
  return Math.min(once(), once(), once());
}
