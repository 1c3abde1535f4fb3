#!/usr/bin/env node
/**
 * `npm test`: typecheck and lint side by side, then the unit/API/component tests (the server's on the
 * embedded database), then the journeys in Chromium. With TEST_DATABASE_URL set (CI), the server's tests
 * also run against that PostgreSQL server beside the journeys, followed there by the component tests of
 * the apps (jsdom, no database) rather than in the unit phase: the journeys mostly wait on a browser and
 * leave a core free, which the unit phase never does (docs/performance.md 'Test and CI time', round seven). The
 * timed server files (a light call within 500 ms while a big job runs) run on PostgreSQL after the
 * journeys, alone, so that a browser does not take their CPU.
 * Each phase prints its wall time; the first failure ends the run with its exit code.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';

const pgUrl = process.env.TEST_DATABASE_URL;
// the unit phase tests the embedded database, whatever the shell says; the PostgreSQL phase gets the URL
const embedded = { ...process.env };
delete embedded.TEST_DATABASE_URL;

/** Runs `npm run <script> [-- args]`; output to the console, or to `log` (printed when asked). */
function npm(script, args = [], env = embedded, log) {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
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
      console.log(`== ${script} ${args.join(' ')}: ${code === 0 ? 'passed' : `FAILED (${code})`} in ${seconds} s`);
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

fail(Math.max(...(await Promise.all([npm('typecheck'), npm('lint')]))));

if (!pgUrl) {
  fail(await unit());
  fail(await npm('test:e2e'));
} else {
  fail(await unit(['--project', 'server*']));
  mkdirSync('.tmp', { recursive: true });
  const logs = ['.tmp/test-postgres.log', '.tmp/test-components.log'];
  const pg = { ...process.env, TEST_DATABASE_URL: pgUrl };
  console.log(`== beside the journeys: the server's tests on PostgreSQL, then the component tests (output in ${logs.join(' and ')}, printed when they end)`);
  const beside = async () => {
    const server = await unit(['--project', 'server'], pg, logs[0]);
    const components = await unit(COMPONENTS, embedded, logs[1]);
    return [server, components];
  };
  const [e2e, [server, components]] = await Promise.all([npm('test:e2e'), beside()]);
  for (const log of logs) console.log(readFileSync(log, 'utf8'));
  fail(e2e);
  fail(server);
  fail(components);
  fail(await npm('test:unit', ['--project', 'server-timed'], pg));
}
