import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readEnv } from '../../env';
import { testApp, type TestApp } from '../../testing/harness';
import { parseAllowList } from './allow';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.get('/metrics');
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('/metrics', () => {
  it("counts each request's duration by the call it matched, never by the address asked", async () => {
    await t.get('webapp/config/version');
    await t.get('dashboard/files/get-image/nothing-here.png');
    const text = await scrape();
    expect(text).toContain('# TYPE campsite_http_request_duration_seconds histogram');
    expect(text).toMatch(/campsite_http_request_duration_seconds_count\{call="webapp\/config\/version",method="GET",status="200"\} 1/);
    expect(text).toContain('call="dashboard/files/get-image/:name"');
    expect(text).not.toContain('nothing-here');
  });

  it("gives Node's event-loop delay, the job queue per kind, and mails sent and failed", async () => {
    const now = t.deps.now();
    await t.deps.jobs.enqueue('metrics.test', {}, { runAt: now - 90 });
    await t.deps.mailer.send({ to: 'a@example.test', subject: 'x', html: 'x' });
    const text = await scrape();
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(/campsite_jobs_waiting\{kind="metrics.test"\} 1/);
    expect(Number(/campsite_jobs_oldest_waiting_seconds\{kind="metrics.test"\} (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(90);
    expect(text).toMatch(/campsite_mails_total\{result="sent"\} 1/);
  });

  it('has no backup or certificate value until there is a real one: no made-up value', async () => {
    // the backup part provides its reader at start (app.ts); no backup was taken yet. A backup's values:
    // modules/backups/backups.test.ts
    const before = await scrape();
    expect(before).not.toMatch(/^campsite_backup_\w+ /m);
    expect(before).not.toMatch(/campsite_certificate/);
    t.deps.metrics.provideCertificates(async () => [{ domain: 'camping.example', daysLeft: 42 }]);
    expect(await scrape()).toContain('campsite_certificate_days_left{domain="camping.example"} 42');
  });

  it('answers 403 to an address outside METRICS_ALLOW (loopback by default)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('METRICS_ALLOW');
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
  });
});

describe('METRICS_ALLOW', () => {
  it('takes addresses and CIDR ranges, IPv4 and IPv6', () => {
    const list = parseAllowList(' 10.0.0.0/8, 192.0.2.4 ,fd00::/8');
    expect(['10.1.2.3', '::ffff:10.9.9.9', '192.0.2.4', 'fd00::1'].map((a) => list.allows(a))).toEqual([true, true, true, true]);
    expect(['11.0.0.1', '192.0.2.5', '127.0.0.1', 'fe80::1', undefined, 'nonsense'].map((a) => list.allows(a))).toEqual([false, false, false, false, false, false]);
  });

  it('refuses to start on a bad value, with one French line naming it', () => {
    for (const bad of ['10.0.0.0/33', 'localhost', '10.0.0.1/8/2', ' , ']) {
      expect(() => readEnv({ METRICS_ALLOW: bad })).toThrow(ConfigError);
      expect(() => readEnv({ METRICS_ALLOW: bad })).toThrow(/^METRICS_ALLOW/);
    }
    expect(() => readEnv({ METRICS_ALLOW: 'localhost' })).toThrow('METRICS_ALLOW : « localhost » n\'est ni une adresse IP ni une plage');
  });
});
