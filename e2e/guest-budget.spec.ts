import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect } from '@playwright/test';
import { test } from './clock';

const DIST = join(import.meta.dirname, '../apps/guest/dist');
const BUDGET_KB = 100;

/**
 * The JavaScript a phone downloads before the home shows (React, the router, data fetching and the
 * home itself): the entry script and every module it preloads, gzip-compressed as the wire carries them.
 */
test('the home route loads at most 100 KB of JavaScript (gzip)', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  expect(entry).toHaveLength(1);
  // the entry asks for the app once the first lines are painted (src/boot.ts): the app's chunk and the
  // modules Vite fetches beside it are still the first screen's
  const boot = readFileSync(join(DIST, entry[0]!), 'utf8');
  const app = boot.match(/import\([`"']\.\/(main-[^`"']+\.js)[`"']\)/)?.[1];
  expect(app).toBeDefined();
  const beside = [...(boot.match(/m\.f=\[([^\]]*)\]/)?.[1] ?? '').matchAll(/"([^"]+\.js)"/g)].map((m) => `/${m[1]}`);
  expect(beside).toContain(`/assets/${app}`);
  const files = [...new Set([...entry, ...preloads, ...beside])];
  const sizes = files.map((f) => ({ file: f, gzip: gzipSync(readFileSync(join(DIST, f))).length }));
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  console.log(sizes.map((s) => `${s.file} ${(s.gzip / 1024).toFixed(1)} KB`).join('\n'), `\ntotal ${(total / 1024).toFixed(1)} KB gzip`);
  expect(total).toBeLessThanOrEqual(BUDGET_KB * 1024);
  // the other screens are separate chunks, loaded when opened
  const lazy = readFileSync(join(DIST, 'assets', app!), 'utf8').match(/import\([`"']\.\/[^`"']+\.js[`"']\)/g) ?? [];
  expect(lazy.length).toBeGreaterThanOrEqual(5);
});
