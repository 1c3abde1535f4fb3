import { describe, expect, it } from 'vitest';
import { ConfigError, readEnv } from '../env';
import { connections, eventually, http, setUpSitesWorld, type SitesWorld } from '../testing/fixtures/sites';

// Resources stay bounded: no more than SITES_MAX_OPEN sites are open at once (idle.test.ts: a site idle
// for SITES_IDLE_SECONDS closes); a closed site opens again on its next request.
let w: SitesWorld;
setUpSitesWorld((world) => (w = world), { SITES_MAX_OPEN: '1' });

describe('open sites', () => {
  it('keeps one site open at most: opening another closes the least recently used, which opens again on its next request', async () => {
    const a = await w.add({ dashboardHost: 'admin.a.camping.test', guestHost: 'a.camping.test' });
    const b = await w.add({ dashboardHost: 'admin.b.camping.test', guestHost: 'b.camping.test' });
    const session = (host: string) => http(w.server.ports.dashboard, host, 'GET', 'dashboard/users/session');
    await eventually(async () => expect((await session('admin.a.camping.test')).status).toBe(200));
    expect(await connections(a.site.databaseUrl)).toBeGreaterThan(0);

    // opening B closes A (SITES_IDLE_SECONDS is its default, 300: only the ceiling closes it)
    expect((await session('admin.b.camping.test')).status).toBe(200);
    await eventually(async () => expect(await connections(a.site.databaseUrl)).toBe(0));
    expect(await connections(b.site.databaseUrl)).toBeGreaterThan(0);

    // A answers again, and B closes in its turn
    expect((await session('admin.a.camping.test')).json()).toBe(false);
    await eventually(async () => expect(await connections(b.site.databaseUrl)).toBe(0));
    expect(await connections(a.site.databaseUrl)).toBeGreaterThan(0);
  });
});

describe('SITES=on', () => {
  it('refuses to start without a PostgreSQL control database, in one French line', () => {
    expect(() => readEnv({ SITES: 'on' })).toThrow(new ConfigError("CONTROL_DATABASE_URL : avec SITES=on, l'adresse de la base de contrôle PostgreSQL (postgres://…) est nécessaire"));
    expect(() => readEnv({ SITES: 'on', CONTROL_DATABASE_URL: './data' })).toThrow(/^SITES : le mode multi-sites ne fonctionne qu'avec PostgreSQL/);
  });
});
