#!/usr/bin/env node
/**
 * `npm test`: typecheck and lint side by side, then the unit/API/component tests (the server's on the
 * embedded database), then the journeys in Chromium. With TEST_DATABASE_URL set (CI), the server's tests
 * also run against that PostgreSQL server, beside the journeys: the journeys mostly wait on a browser and
 * leave a core free, and running both at once saves CI the time of the shorter one
 * (docs/performance.md 'Test and CI time'). The timed server files (a light call within 500 ms while a big
 * job runs) run on PostgreSQL after the journeys, alone, so that a browser does not take their CPU.
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
  const tag = args.join('-').replace(/[^\w-]/g, '') || 'all';
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

fail(Math.max(...(await Promise.all([npm('typecheck'), npm('lint')]))));
fail(await unit());

if (!pgUrl) {
  fail(await npm('test:e2e'));
} else {
  mkdirSync('.tmp', { recursive: true });
  const log = '.tmp/test-postgres.log';
  const pg = { ...process.env, TEST_DATABASE_URL: pgUrl };
  console.log(`== the server's tests on PostgreSQL run beside the journeys (output in ${log}, printed when they end)`);
  const [e2e, server] = await Promise.all([npm('test:e2e'), unit(['--project', 'server'], pg, log)]);
  console.log(readFileSync(log, 'utf8'));
  fail(e2e);
  fail(server);
  fail(await npm('test:unit', ['--project', 'server-timed'], pg));
}
