import { defineConfig } from '@playwright/test';
import { noonOffset } from './e2e/clock';

// E2E_PORT lets several runs go side by side (each on its own ports and data directory)
const DASHBOARD = Number(process.env.E2E_PORT ?? 3210);
const GUEST = DASHBOARD + 1;
const DATA = `.tmp/e2e-data-${DASHBOARD}`;
// the notifications journey's push service listens on DASHBOARD + 2 (HTTPS, self-signed: e2e/notifications.spec.ts)
// machine translation through the server's own stand-in (TRANSLATION=simulator, on a free local port), as the
// deposits journey uses its Swikly stand-in: only a guest account in another language than French gets a
// translation, and only the inbox journey's guest writes in one (e2e/inbox.spec.ts); the others see nothing of it
// every clock of the run (server, pages, the journeys' code) reads 12:00 in Paris on the day the run started,
// plus the time elapsed since (e2e/clock.ts): chosen once, here, in the runner's process; the workers inherit it
process.env.E2E_CLOCK_BASE ??= String(noonOffset());

/**
 * The journeys run in Debian's Chromium against the built server (apps/server/dist, `npm run build`) on a
 * fresh data directory (the demo seed included, admin password known), as a newcomer would start it; outside
 * production mode, so that every answer is also checked against its schema. Its clock is pinned to the run's
 * noon (CLOCK_OFFSET_FILE, e2e/clock.ts), so that the demo seeded around its 'today' stays today.
 */
export default defineConfig({
  testDir: './e2e',
  // a journey's own limit, not a measure of speed (its steps wait for what they need, 10 s each at most): the
  // longest journeys without a limit of their own take 26–36 s on this machine when quiet, and it has run at
  // half its pace; a rehearsal with the CPU shared three ways stopped one at 60 s (docs/performance.md, round six)
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // one more try in CI only: the journeys share one server and a first-visit service worker; a real failure fails twice
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: `.tmp/test-results-${DASHBOARD}`,
  use: {
    baseURL: `http://localhost:${DASHBOARD}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf ${DATA} && mkdir -p ${DATA} && echo ${process.env.E2E_CLOCK_BASE} > ${DATA}/clock-offset && DATA_DIR=${DATA} BACKUP_DIR=${DATA}/backups CLOCK_OFFSET_FILE=${DATA}/clock-offset PUSH_HOSTS=127.0.0.1:${DASHBOARD + 2} PUSH_INSECURE_TLS=1 TRANSLATION=simulator ADMIN_PASSWORD=e2e-admin-pass PORT=${DASHBOARD} GUEST_PORT=${GUEST} LOG_LEVEL=warn node apps/server/dist/main.js`,
    url: `http://localhost:${DASHBOARD}/api/webapp/config/version`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
