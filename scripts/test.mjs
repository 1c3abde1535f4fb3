#!/usr/bin/env node
/**
 * `npm test`: typecheck and lint side by side, then the unit/API/component tests (the server's on the
 * embedded database), then the journeys in Chromium, in two runs side by side (each its own server, ports
 * and data directory: E2E_PORT), so that the second core works while the first waits on a browser.
 *
 * With TEST_DATABASE_URL set (CI) every phase keeps both cores busy (docs/performance.md 'Test and CI time,
 * rounds ten and eleven'):
 * 1. the server's files on the embedded database beside the same files on that PostgreSQL server; the
 *    component tests of the apps (jsdom, no database) once either of the two ends;
 * 2. the journeys, two runs side by side;
 * 3. the timed server files (a light call within 500 ms while a big job runs), on the embedded database
 *    beside the same on PostgreSQL, each run one file at a time, and nothing else: they wait more than they
 *    compute (the embedded run took 108 s alone, 110 s beside the other, whose 78 s it hid), and their
 *    measures stayed far within their bounds (the slowest light call 114 ms of 1 000, the loop held 46 ms
 *    at most of 100: docs/performance.md, 'Test and CI time, round eleven').
 * Each phase prints its wall time; what runs beside another is logged to .tmp and printed when it ends; the
 * first failure ends the run with its exit code.
 */
import { spawn } from 'node:child_process';
import { URL } from 'node:url';
import { createWriteStream, mkdirSync, readFileSync, readdirSync } from 'node:fs';

const pgUrl = process.env.TEST_DATABASE_URL;
// the unit phase tests the embedded database, whatever the shell says; the PostgreSQL phase gets the URL
const embedded = { ...process.env };
delete embedded.TEST_DATABASE_URL;

/** Runs `npm run <script> [-- args]`; output to the console, or to `log` (printed when asked). */
function npm(script, args = [], env = embedded, log) {
  return run('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], [script, ...args].join(' '), env, log);
}

/** Runs a command, timed under `name`; output to the console, or to `log`. */
function run(command, args, name, env, log) {
  const started = Date.now();
  const child = spawn(command, args, {
    env,
    stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (log) {
    const out = createWriteStream(log);
    child.stdout.pipe(out);
    child.stderr.pipe(out);
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`== ${name}: ${code === 0 ? 'passed' : `FAILED (${code})`} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

const fail = (code) => {
  if (code !== 0) process.exit(code);
};

/**
 * The unit phase (vitest run with `args`). Node 24's V8 can abort a test process that has started and
 * stopped many embedded databases (PGlite's WebAssembly on worker threads): 'Check failed:
 * jit_page_->allocations_.erase(addr) == 1' (nodejs/node#64500, open; seen once in a rehearsal, docs/
 * performance.md, round three). The file that process was running never reports: its tests stay 'pending'
 * in vitest's JSON report. When no test failed and such files remain (a few at most), they run once more
 * and must pass; a failed test fails the phase as before.
 */
async function unit(args = [], env = embedded, log) {
  const tag = args.join('-').replace(/\*/g, 'all').replace(/[^\w-]/g, '') || 'all';
  const report = `.tmp/vitest-${tag}.json`;
  mkdirSync('.tmp', { recursive: true });
  const code = await npm('test:unit', [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env, log);
  if (code === 0) return 0;
  let ran;
  try {
    ran = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    return code;
  }
  if (ran.numFailedTests > 0 || ran.testResults.some((f) => f.assertionResults.some((a) => a.status === 'failed'))) return code;
  // a test still 'pending' at the end was never run to its end: its process ended under it
  const missing = ran.testResults.filter((f) => f.assertionResults.some((a) => a.status === 'pending')).map((f) => f.name);
  if (missing.length === 0 || missing.length > 5) return code;
  console.log(`== no test failed, but ${missing.length} file(s) did not report (a test process ended): once more: ${missing.join(' ')}`);
  // its output straight to the console (the first run's log stays as it was)
  return npm('test:unit', [...args, ...missing], env);
}

/** The projects of the apps' and the shared package's tests: no database, no server process. */
const COMPONENTS = ['--project', 'shared', '--project', 'dashboard', '--project', 'guest'];

/**
 * Seconds each journey file took in a run alone (2026-11-30, docs/performance.md 'Test and CI time, round
 * ten'), to share the files between the two runs: a file not listed counts as an average one.
 */
const JOURNEY_SECONDS = JSON.parse(readFileSync(new URL('./journey-seconds.json', import.meta.url), 'utf8'));

/** The journey files in `count` groups of about the same time: the longest first, each to the group with the least. */
function journeyGroups(count) {
  const files = readdirSync('e2e').filter((f) => f.endsWith('.spec.ts'));
  const known = Object.values(JOURNEY_SECONDS);
  const average = known.reduce((a, b) => a + b, 0) / known.length;
  const seconds = (f) => JOURNEY_SECONDS[f] ?? average;
  const groups = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const f of files.sort((a, b) => seconds(b) - seconds(a))) {
    const least = groups.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    least.files.push(`e2e/${f}`);
    least.seconds += seconds(f);
  }
  // (a group without files would run every journey: `playwright test` with no file named)
  return groups.map((g) => g.files.sort()).filter((files) => files.length > 0);
}

/**
 * The journeys: built once, then E2E_RUNS runs side by side (2 unless set), each on its own ports (E2E_PORT
 * 3210, 3250…: a server, its guest app, the test push service, the operator console at +20) and data
 * directory; the first prints to the console, the others to .tmp/journeys-<port>.log, printed when they end.
 */
async function journeys() {
  fail(await npm('build'));
  const runs = Math.max(1, Number(process.env.E2E_RUNS ?? 2));
  const groups = journeyGroups(runs);
  mkdirSync('.tmp', { recursive: true });
  const results = await Promise.all(
    groups.map((files, i) => {
      const port = 3210 + 40 * i;
      const log = i === 0 ? undefined : `.tmp/journeys-${port}.log`;
      if (log) console.log(`== beside: journeys on port ${port} (${files.length} files, output in ${log}, printed when they end)`);
      return run('npx', ['playwright', 'test', ...files], `journeys on port ${port}`, { ...embedded, E2E_PORT: String(port) }, log).then((code) => ({ code, log }));
    }),
  );
  for (const { log } of results) if (log) console.log(readFileSync(log, 'utf8'));
  return Math.max(...results.map((r) => r.code));
}

fail(Math.max(...(await Promise.all([npm('typecheck'), npm('lint')]))));

if (!pgUrl) {
  fail(await unit());
  fail(await journeys());
} else {
  mkdirSync('.tmp', { recursive: true });
  const logs = ['.tmp/test-postgres.log', '.tmp/test-components.log'];
  const pg = { ...process.env, TEST_DATABASE_URL: pgUrl };
  console.log(`== beside the server's files on the embedded database: the same on PostgreSQL, then, once either ends, the component tests (output in ${logs.join(' and ')}, printed when they end)`);
  const embeddedRun = unit(['--project', 'server', '--project', 'server-own-process']);
  const postgresRun = unit(['--project', 'server'], pg, logs[0]);
  // on whichever core frees first: which run ends first depends on the machine and on the files (PostgreSQL's,
  // in the rehearsals so far)
  const componentsRun = Promise.race([embeddedRun, postgresRun]).then(() => unit(COMPONENTS, embedded, logs[1]));
  const [server, postgres, components] = await Promise.all([embeddedRun, postgresRun, componentsRun]);
  for (const log of logs) console.log(readFileSync(log, 'utf8'));
  fail(server);
  fail(postgres);
  fail(components);
  fail(await journeys());
  const timedLog = '.tmp/test-timed-postgres.log';
  console.log(`== beside the timed files on the embedded database: the same on PostgreSQL (output in ${timedLog}, printed when they end)`);
  const timed = await Promise.all([npm('test:unit', ['--project', 'server-timed']), npm('test:unit', ['--project', 'server-timed'], pg, timedLog)]);
  console.log(readFileSync(timedLog, 'utf8'));
  fail(Math.max(...timed));
}
