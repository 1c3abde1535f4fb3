import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { demoDatabase } from '../testing/demo';
import { DEMO_STAFF_PASSWORD } from './people';

// The demo's staff accounts show what each role does (README 'Demo accounts'). Reception (issue 32): the desk
// books a guest a service, sees the deposit at check-in and reads the reviews, beside the home, the people,
// the mails, the notifications and the inventories; the statistics are the management's.

describe('the demo reception account (SEED=demo)', () => {
  it('books at the desk, reads the deposits and the reviews, and is refused the statistics', async () => {
    const { database, deps } = await demoDatabase({ DATA_DIR: '.tmp/seed-roles-test' });
    const app = await buildApp({ database, env: deps.env, serves: 'none' }, deps);
    try {
      await app.ready();
      const login = await app.inject({ method: 'POST', url: '/api/dashboard/users/login', payload: { login: 'accueil', password: DEMO_STAFF_PASSWORD } });
      expect(login.statusCode).toBe(200);
      const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
      const get = (url: string) => app.inject({ method: 'GET', url: `/api/${url}`, headers: { cookie } });
      const services = await get('dashboard/services/list');
      expect(services.statusCode).toBe(200);
      const spa = (services.json() as { _id: string; name: string }[]).find((s) => s.name === 'Spa')!;
      expect((await get(`webapp/service_reservations/find-by-service?service=${spa._id}`)).statusCode).toBe(200);
      // the desk's guest search: the demo's Weber family
      expect((await get('dashboard/service_reservations/guests?q=weber')).statusCode).toBe(200);
      const deposits = await get('webapp/deposits/list');
      expect(deposits.statusCode).toBe(200);
      expect((deposits.json() as { total: number }).total).toBeGreaterThan(0);
      expect((await get('dashboard/review_models/list')).statusCode).toBe(200);
      expect((await get('dashboard/stats/overview?from=2026-07-01&to=2026-07-07')).statusCode).toBe(403);
      expect((await get('dashboard/users/session')).json()).toMatchObject({
        permissions: { homepage: 1, users: 1, emails: 1, notifications: 1, inventories: 1, services: 1, deposits: 1, reviews: 1, stats: 0 },
      });
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);
});
