import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Structure one scale up (issue 30, docs/architecture-notes.md 'Structure, one scale up'): lint's
// import-x/no-cycle sees files; this sees folders. An area (modules/<area>), a platform part
// (platform/<part>), an integration and each other top folder is one node; the files that register
// every area (modules/index.ts, jobs.ts, hooks.ts) and those at the root (app.ts, main.ts…) are the top,
// each its own node, above all. Type-only imports do not count: they leave no arrow at run time.

const src = dirname(fileURLToPath(import.meta.url));
const TOP = new Set(['modules/index.ts', 'modules/jobs.ts', 'modules/hooks.ts']);

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

/** The node a file belongs to. */
function folderOf(file: string): string {
  const rel = relative(src, file).split('\\').join('/');
  if (TOP.has(rel)) return rel;
  const parts = rel.split('/');
  if (parts.length === 1) return rel;
  if (['modules', 'platform', 'integrations'].includes(parts[0]) && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

const resolveImport = (from: string, spec: string) => {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
};

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Folder arrows, each with the files that make it. */
function folderGraph(files = sources(src)) {
  const arrows = new Map<string, Map<string, string[]>>();
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (m[1]) continue;
      const target = resolveImport(file, m[2] ?? m[3]);
      if (!target) continue;
      const a = folderOf(file);
      const b = folderOf(target);
      if (a === b) continue;
      if (!arrows.has(a)) arrows.set(a, new Map());
      const why = arrows.get(a)!;
      why.set(b, [...(why.get(b) ?? []), relative(src, file)]);
    }
  }
  return arrows;
}

/** The loops (strongly connected parts of more than one node), Tarjan's way. */
function loops(arrows: Map<string, Map<string, string[]>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of arrows.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do part.push((w = stack.pop()!));
      while (w !== v);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const v of arrows.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the server folders', () => {
  const arrows = folderGraph();
  const explain = (part: string[]) =>
    part.flatMap((a) => part.filter((b) => arrows.get(a)?.has(b)).map((b) => `${a} -> ${b} (${arrows.get(a)!.get(b)!.slice(0, 3).join(', ')})`));

  it('form no loop: taken as folders, an area never imports one that imports it back', () => {
    expect(loops(arrows).map(explain)).toEqual([]);
  });

  it('the platform floor never imports an area', () => {
    const up = [...arrows].flatMap(([a, to]) => (a.startsWith('platform/') ? [...to.keys()].filter((b) => b.startsWith('modules/') || TOP.has(b)).map((b) => `${a} -> ${b}`) : []));
    expect(up).toEqual([]);
  });

  it('sees a loop between folders that no two files make alone', () => {
    const g = new Map([
      ['modules/a', new Map([['modules/b', ['a/x.ts']]])],
      ['modules/b', new Map([['platform/c', ['b/y.ts']]])],
      ['platform/c', new Map([['modules/a', ['c/z.ts']]])],
    ]);
    expect(loops(g)).toEqual([['modules/a', 'modules/b', 'platform/c']]);
  });
});
