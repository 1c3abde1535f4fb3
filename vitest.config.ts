import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that measure time (a light call answered within 500 ms while a big export, PDF, import
 * or body is handled; an import's progress within 1.5 s): they run last, one at a time, with no other test
 * file beside them to take the CPU, so that what they measure is the server and not their neighbours (in
 * CI the same files on the other database run beside them: scripts/test.mjs).
 */
const TIMED = [
  'src/http/event-loop.test.ts',
  'src/http/bodies.test.ts',
  'src/modules/clients/export-load.test.ts',
  'src/modules/imports/imports.test.ts',
  'src/modules/inventories/inventories.pdf.test.ts',
  'src/db/embedded/responsive.test.ts',
  'src/backup/responsive.test.ts',
];
/**
 * Server test files that need a PostgreSQL server whatever the run (the database going away; two server
 * processes behind Caddy; many campsites, PostgreSQL only): on the embedded run they start a cluster of their
 * own, and the run on PostgreSQL (`.ci/run`'s second phase) would only repeat them.
 */
const OWN_DATABASE = ['src/outage.test.ts', 'src/deploy/caddy.test.ts', 'src/sites/**/*.test.ts'];
/**
 * Server test files that start the server on a data directory of its own (the embedded database) and never
 * read TEST_DATABASE_URL: the run on PostgreSQL would repeat them word for word, beside the journeys, where
 * a cold `tsx` start of the whole server is at its slowest (a first start timed out there once).
 */
const EMBEDDED_ONLY = ['src/first-start.test.ts', 'src/db/data-dir-lock.test.ts', 'src/deploy.test.ts'];
/**
 * Server test files that must each have a process of their own: the multi-site fixture
 * (testing/fixtures/sites.ts) keeps the address of the cluster it started at module level and does not forget
 * it when it destroys that cluster, so a second sites file in the same worker would reach a dead server.
 */
const OWN_PROCESS = ['src/sites/**/*.test.ts'];
// globalSetup: the server bundled once for the tests that start it as a process (testing/build-server.ts)
const server = { root: './apps/server', testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks' as const, globalSetup: ['src/testing/build-server.ts'] };

export default defineConfig({
  test: {
    // vitest's default is one worker per core but one (a single worker on a 2-core machine): most test
    // files wait on a child process, a mail server, a timer or the database as much as they compute, so two
    // files at once on two cores keep both busy (docs/performance.md 'Test and CI time')
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'] } },
      // the server's files share their worker's modules (isolate: false): importing the server again for each
      // file took 462 s of vitest's time and the run twice as long (docs/performance.md 'Test and CI time,
      // round four'); what modules keep at their level is per app, a cache of values that do not depend on
      // the file, or put back before each file by src/testing/each-file.ts
      {
        test: {
          ...server,
          name: 'server',
          isolate: false,
          setupFiles: ['src/testing/each-file.ts'],
          include: ['src/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? [...TIMED, ...OWN_DATABASE, ...EMBEDDED_ONLY] : [...TIMED, ...OWN_PROCESS],
        },
      },
      { test: { ...server, name: 'server-own-process', include: OWN_PROCESS } },
      { test: { ...server, name: 'server-timed', include: TIMED, maxWorkers: 1, sequence: { groupOrder: 1 } } },
      './apps/dashboard/vite.config.ts',
      './apps/guest/vite.config.ts',
    ],
  },
});
