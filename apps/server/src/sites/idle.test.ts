import { describe, expect, it } from 'vitest';
import { connections, eventually, http, onDatabaseQuery, setUpSitesWorld, type SitesWorld } from '../testing/fixtures/sites';

// Resources stay bounded: a site idle for SITES_IDLE_SECONDS closes its pool (open-sites.test.ts: the
// ceiling of open sites); a closed site opens again on its next request, or when its next job is due.
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

describe("a site's jobs", () => {
  it('run without a request: a new site opens to queue its recurring jobs, and records its next job when it closes', async () => {
    const added = await w.add({ dashboardHost: 'admin.jobs.camping.test', guestHost: 'jobs.camping.test' });
    const url = added.site.databaseUrl;
    await eventually(async () => {
      const [row] = await onDatabaseQuery<{ n: number }>(url, "SELECT count(*)::int AS n FROM jobs WHERE recurring AND status = 'queued'");
      expect(row.n).toBeGreaterThan(0);
    });
    await eventually(async () => expect(await connections(url)).toBe(0));
    const [next] = await onDatabaseQuery<{ at: number }>(url, "SELECT min(run_at)::int AS at FROM jobs WHERE status = 'queued'");
    const [recorded] = await onDatabaseQuery<{ at: number }>(w.env.CONTROL_DATABASE_URL!, 'SELECT next_job_at::int AS at FROM sites WHERE id = $1', [added.site.id]);
    expect(recorded.at).toBe(next.at);
    expect(recorded.at).toBeGreaterThan(Date.now() / 1000);
  });
});
