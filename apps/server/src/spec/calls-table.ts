import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// a copy of ../shared/spec/calls.md kept in the repository, so that a clone anywhere (CI) can read it;
// refresh it when the spec changes: cp ../shared/spec/calls.md docs/spec/calls.md
const file = join(dirname(fileURLToPath(import.meta.url)), '../../../../docs/spec/calls.md');

export interface SpecLine {
  line: string;
  /** 'GET dashboard/files/get-image/:name' — one or two calls a line */
  calls: string[];
}

/** The lines of the spec's calls.md (docs/spec/calls.md) that name a call, with their calls as the server names routes. */
export function specLines(path = file): SpecLine[] {
  const out: SpecLine[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    // a call line names its path; the table's prose also has a line starting with 'POST with …'
    const m = line.match(/^(GET|POST)\s+((?:dashboard|webapp)\/.*)$/);
    if (!m) continue;
    const paths = m[2].split(/\s+and\s+/).map((p) => p.trim().split(/\s/)[0].split('?')[0].replace(/\{(\w+)\}/g, ':$1'));
    out.push({ line, calls: paths.map((p) => `${m[1]} ${p}`) });
  }
  return out;
}
