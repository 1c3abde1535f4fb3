import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedPackages, ROOT } from './previous';
import { agrees, summary } from './reads';

/** The upgrade tests' own parts: how an answer is summed up and compared, and when the previous server may share this checkout's packages. */
describe('answers summed up and compared', () => {
  it('counts what an answer holds', () => {
    expect(summary(200, JSON.stringify({ rows: [1, 2], total: 12, more: false, name: 'x', nested: { a: [1] } }), 'application/json; charset=utf-8')).toBe('200 {more=false rows[2] total=12}');
    expect(summary(200, '[1,2,3]', 'application/json')).toBe('200 [3]');
    expect(summary(200, 'a;b\n1;2\n3;4\n', 'text/csv; charset=utf-8')).toBe('200 text/csv 3 lines');
    expect(summary(404, '{"message":"x"}', 'application/json')).toBe('404');
  });

  it('takes a field added to an answer for no difference, a count changed or a field dropped for one', () => {
    expect(agrees('200 {rows[2] total=12}', '200 {rows[2] total=12 unread=3}')).toBe(true);
    expect(agrees('200 {rows[2] total=12}', '200 {rows[2] total=11}')).toBe(false);
    expect(agrees('200 {rows[2] total=12}', '200 {rows[2]}')).toBe(false);
    expect(agrees('200 [3]', '200 [4]')).toBe(false);
    expect(agrees('200 [3]', '500')).toBe(false);
    expect(agrees('200 [3]', undefined)).toBe(false);
  });
});

describe("the previous server on this checkout's packages", () => {
  const lock = () => JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));

  it('may share them when the packages the server loads have the same versions, whatever else changed', () => {
    const old = lock();
    // a dashboard's package or a development tool changed: not the server's
    old.packages['node_modules/react'] = { ...old.packages['node_modules/react'], version: '0.0.1' };
    old.packages['node_modules/vitest'] = { ...old.packages['node_modules/vitest'], version: '0.0.1' };
    expect(changedPackages(old, lock())).toEqual([]);
  });

  it('may not when one of them, or one they load, changed or is gone', () => {
    const old = lock();
    old.packages['node_modules/fastify'] = { ...old.packages['node_modules/fastify'], version: '4.0.0' };
    // (drizzle-orm is the server's own copy, under apps/server/node_modules)
    old.packages['apps/server/node_modules/drizzle-orm'] = { ...old.packages['apps/server/node_modules/drizzle-orm'], integrity: 'sha512-autre' };
    // a package that fastify loads
    const deep = Object.keys(old.packages['node_modules/fastify'].dependencies ?? {})[0];
    old.packages[`node_modules/${deep}`] = { ...old.packages[`node_modules/${deep}`], version: '0.0.0' };
    const current = lock();
    delete current.packages['node_modules/pino'];
    expect(changedPackages(old, current).sort()).toEqual(['apps/server/node_modules/drizzle-orm', 'node_modules/fastify', `node_modules/${deep}`, 'node_modules/pino'].sort());
  });
});
