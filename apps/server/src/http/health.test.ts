import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infrastructure, readiness } from '@campsite/shared';
import { testApp, type TestApp } from '../testing/harness';
import { stalledAfter } from './health';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const execute = (text: string) => t.deps.database.exec(text);

describe('health and readiness', () => {
  it('answers health while the process runs, with the version, never cached', async () => {
    const res = await t.get(`/api/${infrastructure.health.path}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: t.deps.version });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is ready on a reachable, migrated database whose jobs are taken', async () => {
    const res = await t.get('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(readiness.parse(res.json())).toEqual({ ready: true, checks: { database: { ok: true }, migrations: { ok: true }, jobs: { ok: true } } });
  });

  it('is not ready while a migration of this version is not applied', async () => {
    await execute("CREATE TABLE health_kept AS SELECT * FROM _migrations WHERE name = (SELECT max(name) FROM _migrations); DELETE FROM _migrations WHERE name = (SELECT name FROM health_kept)");
    try {
      const res = await t.get('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.migrations).toMatchObject({ ok: false, reason: expect.stringContaining('migration(s) à appliquer') });
      expect(res.json().checks.database).toEqual({ ok: true });
    } finally {
      await execute('INSERT INTO _migrations SELECT * FROM health_kept; DROP TABLE health_kept');
    }
    expect((await t.get('/api/ready')).statusCode).toBe(200);
  });

  it('is not ready when due jobs wait and none runs anywhere (no instance takes them), ready again once one runs', async () => {
    const now = t.deps.now();
    const late = now - stalledAfter(t.deps) - 60;
    const id = await t.deps.jobs.enqueue('health.test', {}, { runAt: late });
    const res = await t.get('/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.jobs).toMatchObject({ ok: false, reason: expect.stringContaining('JOBS=on') });
    // a job running under a live lease: some instance takes jobs, the queue is only busy
    await execute(`INSERT INTO jobs (id, kind, payload, run_at, status, recurring, attempts, max_attempts, locked_by, locked_until, created_time, updated_time)
      VALUES ('health-running', 'health.test', '{}', ${late}, 'running', false, 1, 5, 'elsewhere', ${now + 30}, ${now}, ${now})`);
    expect((await t.get('/api/ready')).statusCode).toBe(200);
    await execute(`DELETE FROM jobs WHERE id IN ('health-running', '${id}')`);
  });

  it('are in the OpenAPI document beside the contract, with their summaries', async () => {
    const doc = (await t.get('/api/openapi.json')).json();
    expect(doc.paths['/api/health'].get.summary).toBe(infrastructure.health.summary);
    expect(Object.keys(doc.paths['/api/ready'].get.responses)).toEqual(expect.arrayContaining(['200', '503']));
  });
});

describe('a failed request', () => {
  it('answers 500 with its request id (the reqId of its log lines), in the body and a header', async () => {
    const { cookie } = await t.signIn({ rubrics: 1 });
    await execute('ALTER TABLE themes RENAME TO themes_away');
    try {
      const res = await t.get('dashboard/themes/list', cookie);
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-request-id']).toBe(body.requestId);
      expect(body.message).toBe("Une erreur s'est produite. Réessayez dans un instant.");
    } finally {
      await execute('ALTER TABLE themes_away RENAME TO themes');
    }
  });
});
