import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type CallDef } from '@campsite/shared';
import { firstStart } from '../seed';
import { testApp, type TestApp } from '../testing/harness';
import { UNWATCHED_TABLES } from './changes';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('the tables whose writes empty the cache of public reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ env: { SEED: 'demo' } });
    await firstStart(t.deps);
  });
  afterAll(() => t.close());

  const tables = async () =>
    rowsOf<{ name: string }>(
      await t.deps.db.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1`),
    ).map((r) => r.name);

  it('are every table but the unwatched ones, and none of those is read by a public read', async () => {
    const all = await tables();
    for (const name of UNWATCHED_TABLES) expect(all).toContain(name);
    const watched = all.filter((name) => !UNWATCHED_TABLES.includes(name));
    const triggers = rowsOf<{ name: string; triggers: string[] }>(
      await t.deps.db.execute(sql`
        SELECT c.relname AS name, array_agg(t.tgname::text ORDER BY t.tgname) AS triggers
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname LIKE 'campsite_%' GROUP BY 1 ORDER BY 1`),
    );
    expect(triggers).toEqual(watched.map((name) => ({ name, triggers: ['campsite_truncated', 'campsite_updated', 'campsite_written'] })));
    // a role that may read only the watched tables: a public read that reads any other table fails with
    // 'permission denied', so a table added to UNWATCHED_TABLES while a public read reads it fails here
    // roles belong to the whole PostgreSQL server, not to this file's database: a name of this run, dropped at the end
    const role = `public_reader_${randomBytes(4).toString('hex')}`;
    await t.deps.db.execute(sql.raw(`CREATE ROLE ${role}`));
    await t.deps.db.execute(sql.raw(`GRANT USAGE ON SCHEMA public TO ${role}`));
    await t.deps.db.execute(sql.raw(`GRANT SELECT ON ${watched.map((n) => `"${n}"`).join(', ')} TO ${role}`));
    const ids = rowsOf<{ id: string }>(
      await t.deps.db.execute(
        sql.raw(
          rowsOf<{ name: string }>(
            await t.deps.db.execute(sql`SELECT table_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'id'`),
          )
            .filter((r) => watched.includes(r.name))
            .map((r) => `(SELECT id::text FROM "${r.name}" ORDER BY id LIMIT 8)`)
            .join(' UNION ALL '),
        ),
      ),
    ).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(50);

    const reader = await t.twin({ role });
    const now = Math.floor(Date.now() / 1000);
    const valuesOf: Record<string, string[]> = {
      id: ids, animation: ids, group: ids, category: ids,
      nocover: ['0', '1'], nosections: ['0', '1'], limit: ['1000'], page: ['1'],
      from: [String(now - 400 * 86400)], to: [String(now + 400 * 86400)],
      benefit: ids, days: ['7'],
      token: [`${ids[0]}.${'A'.repeat(32)}`, 'x'],
    };
    const reads = Object.values(contract)
      .flatMap((resource) => Object.values(resource as Record<string, CallDef>))
      .filter((c) => c.method === 'GET' && c.access === 'public' && !c.raw);
    expect(reads.length).toBeGreaterThan(15);
    const failed: string[] = [];
    let answered = 0;
    for (const c of reads) {
      const keys = Object.keys((c.query as unknown as { shape?: object } | undefined)?.shape ?? {});
      // a new parameter needs its values here
      expect(keys.filter((k) => !valuesOf[k])).toEqual([]);
      // each parameter's values in turn, the others at their first value
      const queries = keys.length ? keys.flatMap((k) => valuesOf[k].map((v) => keys.map((o) => `${o}=${o === k ? v : valuesOf[o][0]}`).join('&'))) : [''];
      for (const q of [...new Set(queries)]) {
        const res = await reader.get(`${c.path}${q ? `?${q}` : ''}`);
        if (res.statusCode >= 500 && !failed.includes(c.path)) failed.push(c.path);
        if (res.statusCode === 200) answered++;
      }
    }
    await reader.close();
    await t.deps.db.execute(sql.raw(`DROP OWNED BY ${role}`));
    await t.deps.db.execute(sql.raw(`DROP ROLE ${role}`));
    expect(failed).toEqual([]);
    expect(answered).toBeGreaterThan(reads.length);
  }, 120_000);

  it('keep their answers through an import of 2 000 clients and stays (one change for the stored file, none per batch)', async () => {
    const { cookie } = await t.signIn({ users: 1 });
    const before = await t.get('webapp/pages/list?nocover=1&nosections=1');
    const lines = ['N° client;Nom;Prénom;N° séjour;Arrivée;Départ;Emplacement'];
    for (let i = 0; i < 2000; i++) lines.push(`${80000 + i};Nom${i};Prénom;${90000 + i};${1 + (i % 28)}/08/2025;${1 + (i % 28)}/09/2025;E${i % 90}`);
    const generation = t.deps.cache.generation;
    await t.deps.jobs.start();
    try {
      let doc = (await t.post('dashboard/clients/import', { clients: `data:text/csv;base64,${Buffer.from(lines.join('\n')).toString('base64')}`, reservations: null }, cookie)).json();
      for (let i = 0; i < 600 && (doc.status === 'pending' || doc.status === 'running'); i++) {
        await new Promise((r) => setTimeout(r, 50));
        doc = (await t.get(`dashboard/imports/find?id=${doc._id}`, cookie)).json();
      }
      expect(doc).toMatchObject({ status: 'done', total: 2000, created: 4000 });
    } finally {
      await t.deps.jobs.stop();
    }
    await t.deps.cache.settle();
    // the import's own call stores the file (the files screen lists it): one change; its four batches none
    expect(t.deps.cache.generation - generation).toBeLessThanOrEqual(1);
    const after = await t.get('webapp/pages/list?nocover=1&nosections=1');
    expect(after.headers.etag).toBe(before.headers.etag);
  }, 120_000);
});
