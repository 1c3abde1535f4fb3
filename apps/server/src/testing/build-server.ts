import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the bundled server's main.js (testing/server-main.ts) */
    serverMain: string;
  }
}

/**
 * vitest's global setup of the server's projects: the server bundled once per run and project, as `npm run
 * build:server` makes it, into a folder of its own beside dist/ (two runs at once each have theirs). The
 * servers that tests start as processes run it with plain node: through tsx each start compiled the sources
 * again, twice the CPU of a start (docs/performance.md, 'Test and CI time, round ten').
 */
export default async function setup(project: TestProject) {
  const out = join(dirname(fileURLToPath(import.meta.url)), `../../.test-build-${process.pid}-${project.name}`);
  project.provide('serverMain', await buildServer(out));
  return () => rmSync(out, { recursive: true, force: true });
}
