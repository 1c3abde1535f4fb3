import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORTS, MAX_CLIENT_IDS } from '@campsite/shared';
import { clients } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';

/** Issue 18: the search's selected client numbers are one array parameter, and capped with a French 400. */
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await testApp();
  staff = (await t.signIn({ users: 1 })).cookie;
  const now = t.deps.now();
  await t.deps.db.insert(clients).values(
    ['C1', 'C2', 'C3'].map((n, i) => ({ clientNumber: n, activationCode: `CODE000${i}`, lastname: 'Martin', firstname: n, createdTime: now, editedTime: now })),
  );
});
afterAll(() => t.close());

describe('dashboard/clients/search with client_ids', () => {
  it('takes 40 000 numbers (more than PostgreSQL takes parameters in one statement)', async () => {
    const ids = ['C1', 'C3', ...Array.from({ length: 40_000 }, (_, i) => `X${i}`)];
    const res = await t.post('dashboard/clients/search', { client_ids: ids }, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.map((c: { client_number: string }) => c.client_number)).toEqual(['C1', 'C3']);
    expect(res.json().total).toBe(2);
  });

  it('refuses more numbers than a selection holds with a French 400', async () => {
    const res = await t.post('dashboard/clients/search', { client_ids: Array.from({ length: MAX_CLIENT_IDS + 1 }, (_, i) => `${i}`) }, staff);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMPORTS.tooManyClients(MAX_CLIENT_IDS));
    expect(res.json().message).toMatch(/^Trop de clients sélectionnés : 100.000 au plus\.$/);
  });
});
