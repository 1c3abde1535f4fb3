import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../..');
/** What sending a mail loads: the layout, the catalog, the mail job's handler (the transport, integrations/mailer.ts, is every process's: Deps). */
const MAIL_CODE = ['platform/mail/send.ts', 'platform/mail/render.ts', 'platform/mail/catalog.ts', 'platform/mail/job.ts', 'platform/mail/staff.ts'];

/** The files a file imports for their values (an `import type` loads nothing), relative ones only. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'(\.[^']+)'/gm)].map((m) => {
    const target = resolve(dirname(file), m[1]);
    for (const candidate of [`${target}.ts`, join(target, 'index.ts')]) {
      try {
        readFileSync(candidate);
        return candidate;
      } catch {
        // not this one
      }
    }
    return target;
  });
}

/** Every file `file` loads, itself included. */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !file.endsWith('.ts')) return seen;
  seen.add(file);
  for (const next of valueImports(file)) reach(next, seen);
  return seen;
}

const jobFiles = readdirSync(join(SRC, 'modules'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.jobs.ts'))
  .map((f) => join(SRC, 'modules', f));

describe('queueing a job', () => {
  it('imports no mail code: a kind is declared in <area>.jobs.ts, its mail handler bound in <area>.mail.ts', () => {
    expect(jobFiles.length).toBeGreaterThan(5);
    for (const file of jobFiles) {
      const loaded = [...reach(file)].map((f) => relative(SRC, f));
      expect([relative(SRC, file), loaded.filter((f) => MAIL_CODE.includes(f))]).toEqual([relative(SRC, file), []]);
    }
  });
});
