import { describe, expect, it } from 'vitest';
import { connections, eventually, http, setUpSitesWorld, type SitesWorld } from '../testing/fixtures/sites';

// Resources stay bounded: a site idle for SITES_IDLE_SECONDS closes its pool (open-sites.test.ts: the
// ceiling of open sites); a closed site opens again on its next request.
let w: SitesWorld;
setUpSitesWorld((world) => (w = world), { SITES_IDLE_SECONDS: '1' });

describe('an idle site', () => {
  it('closes its connections after SITES_IDLE_SECONDS without a request, and opens again on the next', async () => {
    const a = await w.add({ dashboardHost: 'admin.a.camping.test', guestHost: 'a.camping.test' });
    const session = () => http(w.server.ports.dashboard, 'admin.a.camping.test', 'GET', 'dashboard/users/session');
    await eventually(async () => expect((await session()).status).toBe(200));
    expect(await connections(a.site.databaseUrl)).toBeGreaterThan(0);
    await eventually(async () => expect(await connections(a.site.databaseUrl)).toBe(0));
    expect((await session()).json()).toBe(false);
    expect(await connections(a.site.databaseUrl)).toBeGreaterThan(0);
  });
});
