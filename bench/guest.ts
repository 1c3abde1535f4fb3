// `npm run bench:guest`: Lighthouse (mobile, simulated slow 4G and a slowed CPU) on every guest screen a
// signed-out guest can open (home, a rubric, a booklet page, the agenda, an activity, the services, a
// service, the review questionnaire, the messages' sign-in), served by the built server on a fresh data directory with the demo
// seed. A benchmark: it prints figures and asserts nothing. Goals: performance and accessibility ≥ 95,
// every screen's largest contentful paint within 1.5 s (the server writes the first screen into the page).
// BENCH_ONLY=home,page measures those screens; BENCH_SAVE=dir writes each Lighthouse report there.
// Build first (`npm run build`).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

const ROOT = join(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3350);
const GUEST = `http://localhost:${PORT + 1}`;
const DATA = join(ROOT, `.tmp/bench-guest-${PORT}`);
const LCP_GOAL_MS = 1500;
const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 9222));
    });
  });
}

async function startServer() {
  rmSync(DATA, { recursive: true, force: true });
  const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: DATA, PORT: String(PORT), GUEST_PORT: String(PORT + 1), LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-admin-pass' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${GUEST}/api/webapp/config/version`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

const get = async (path: string) => (await fetch(`${GUEST}/api/${path}`)).json();

/** The first booklet category of type page, and its rubric, by the addresses the app gives them. */
async function bookletUrls(): Promise<{ rubric: string; page: string }> {
  const [groups, categories, config] = await Promise.all([get('webapp/groups/list'), get('webapp/categories/list'), get('webapp/config/public')]);
  const def = config.lang_default as string;
  const text = (translations: { lang: string }[], field: string) =>
    ((translations.find((t) => t.lang === def) ?? translations[0]) as unknown as Record<string, string>)?.[field];
  for (const c of categories as { group: string; type: string; translations: { lang: string }[] }[]) {
    const g = (groups as { _id: string; translations: { lang: string }[] }[]).find((x) => x._id === c.group);
    if (c.type === 'page' && g) {
      const rubric = `${GUEST}/rubriques/${encodeURIComponent(text(g.translations, 'prefix'))}`;
      return { rubric, page: `${rubric}/${encodeURIComponent(text(c.translations, 'suffix'))}` };
    }
  }
  throw new Error('the demo seed has no booklet page');
}

/** The first of a list's ids, for a screen of one item (an activity, a service); none when the list is empty. */
async function firstId(path: string): Promise<string | null> {
  const list = (await get(path)) as { _id: string }[] | unknown;
  return Array.isArray(list) && list[0]?._id ? list[0]._id : null;
}

async function targets() {
  const booklet = await bookletUrls();
  const [activity, service] = await Promise.all([firstId('webapp/animations/list'), firstId('webapp/services/list')]);
  const all = [
    { name: 'home', url: `${GUEST}/` },
    { name: 'rubric', url: booklet.rubric },
    { name: 'page', url: booklet.page },
    { name: 'agenda', url: `${GUEST}/animations` },
    ...(activity ? [{ name: 'activity', url: `${GUEST}/animations/${activity}` }] : []),
    { name: 'services', url: `${GUEST}/services` },
    ...(service ? [{ name: 'service', url: `${GUEST}/services/${service}` }] : []),
    { name: 'reviews', url: `${GUEST}/avis` },
    { name: 'messages', url: `${GUEST}/membres/messages` },
  ];
  const only = process.env.BENCH_ONLY?.split(',');
  return only ? all.filter((t) => only.includes(t.name)) : all;
}

async function main() {
  if (!existsSync(join(ROOT, 'apps/guest/dist/index.html'))) throw new Error('build the apps first: npm run build');
  const server = await startServer();
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    console.log(`${'screen'.padEnd(9)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'best'.padStart(6)}${'LCP ms'.padStart(9)}${'TBT ms'.padStart(8)}${'CLS'.padStart(7)}${'load'.padStart(6)}  url`);
    const save = process.env.BENCH_SAVE;
    if (save) mkdirSync(save, { recursive: true });
    let printedIndex = false;
    for (const t of await targets()) {
      const result = await lighthouse(t.url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        formFactor: 'mobile',
      });
      if (!result) throw new Error(`no result for ${t.url}`);
      const { categories, audits, runtimeError, environment } = result.lhr;
      // Lighthouse slows the CPU 4x on top of this machine's own speed: a busy machine scores lower
      if (!printedIndex) console.log(`(benchmark index of this machine: ${environment.benchmarkIndex}, load average ${loadavg()[0].toFixed(1)})`);
      printedIndex = true;
      if (runtimeError) console.log(`${t.name.padEnd(9)}  Lighthouse could not measure: ${runtimeError.code} ${runtimeError.message}`);
      const score = (k: string) => String(Math.round((categories[k]?.score ?? 0) * 100)).padStart(6);
      const num = (k: string) => audits[k]?.numericValue ?? NaN;
      console.log(
        `${t.name.padEnd(9)}${score('performance')}${score('accessibility')}${score('best-practices')}` +
          `${num('largest-contentful-paint').toFixed(0).padStart(9)}${num('total-blocking-time').toFixed(0).padStart(8)}` +
          `${num('cumulative-layout-shift').toFixed(3).padStart(7)}${loadavg()[0].toFixed(1).padStart(6)}  ${t.url}`,
      );
      const lcp = num('largest-contentful-paint');
      if (lcp > LCP_GOAL_MS) console.log(`         LCP goal ${LCP_GOAL_MS} ms missed (on 2 shared cores: load in the last column)`);
      if (save) writeFileSync(join(save, `${t.name}.json`), JSON.stringify(result.lhr));
      const failed = Object.values(audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary');
      if (failed.length) console.log(`         below par: ${failed.map((a) => a.id).join(', ')}`);
      if (process.env.BENCH_DETAILS) {
        for (const id of (process.env.BENCH_DETAILS ?? '').split(',')) {
          console.log(id, audits[id]?.displayValue ?? '', JSON.stringify(audits[id]?.details ?? null).slice(0, 2500));
        }
      }
    }
  } finally {
    await browser.close();
    process.kill(-server.pid!, 'SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
