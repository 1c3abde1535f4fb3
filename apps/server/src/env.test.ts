import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES } from './env';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '../../..');

/** The variables the README's configuration table names (a row may name several: `JOBS_POLL_MS` / `JOBS_…`). */
function tableNames(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split('## Configuration (environment)')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split(' | ')[0] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
}

/** Variables the server reads that are not settings: set by the server for its own child process. */
const INTERNAL = ['CAMPSITE_PREPARE'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    // a folder's testing.ts (as testing/) holds test helpers, not the server's reads
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && name !== 'testing.ts' ? [path] : [];
  });
}

describe("the README's configuration table", () => {
  it("names every variable of the server's configuration schema, and no other", () => {
    expect([...tableNames()].sort()).toEqual([...ENV_NAMES].sort());
  });

  it('names every variable the server reads outside env.ts too', () => {
    const read = new Set(sourceFiles(here).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1])));
    const table = new Set(tableNames());
    expect([...read].filter((name) => !table.has(name) && !INTERNAL.includes(name))).toEqual([]);
  });
});
