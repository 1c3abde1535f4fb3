import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientCard } from '@campsite/shared';
import { pushSubscriptions } from '../../db/schema';
import { newId } from '../../lib/ids';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { testApp, type TestApp } from '../../testing/harness';

const DAY = 86400;
const MIDNIGHT = 1_750_032_000; // 16 June 2025, 00:00 UTC
let clock = MIDNIGHT + 10 * 3600;
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await testApp({ now: () => clock });
  staff = (await t.signIn({ users: 1 })).cookie;
});
afterAll(() => t.close());

async function list(query: string, app: Pick<TestApp, 'get'> = t): Promise<{ rows: ClientCard[]; total: number }> {
  const res = await app.get(`dashboard/clients/list?${query}`, staff);
  expect(res.statusCode).toBe(200);
  return res.json();
}
const onSite = async (prefix: string) => (await list(`on_site=1&client_number=${prefix}&sort=arrival&order=desc`)).rows.map((r) => r.client_number);

describe('the client list, kept until the people change', () => {
  it('is read again only after a file, a stay, an account or a device changed, whoever wrote it', async () => {
    await addClient(t.deps, { client_number: '810001', lastname: 'Garnier' });
    await addStay(t.deps, { client_number: '810001', stay_number: '810001-a', arrival: MIDNIGHT - 2 * DAY, departure: MIDNIGHT + 3 * DAY });
    expect(await onSite('81')).toEqual(['810001']);
    expect((await list('client_number=810001')).rows[0].lastname).toBe('Garnier');

    // a write that announces nothing (triggers off, as no code of ours writes): the list shown is the kept one
    await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE clients SET lastname = 'Garnier-Sans-Annonce' WHERE client_number = '810001'`);
    });
    await t.deps.cache.settle();
    expect((await list('client_number=810001')).rows[0].lastname).toBe('Garnier');

    // the same file written as the code writes (a job's import): the list reads the files again
    await addClient(t.deps, { client_number: '810001', lastname: 'Garnier-Roux' });
    expect((await list('client_number=810001')).rows[0].lastname).toBe('Garnier-Roux');

    // an account, then its device: the card's users and their notification flag
    const guest = await addGuest(t.deps, { clientNumber: '810001', email: 'garnier@exemple.fr' });
    const users = async () => (await list('client_number=810001')).rows[0].users.map((u) => [u.email, u.notification]);
    expect(await users()).toEqual([['garnier@exemple.fr', false]]);
    await t.deps.db.insert(pushSubscriptions).values({ id: newId(), userId: guest, endpoint: 'https://push.example.test/garnier', keys: { p256dh: 'x', auth: 'y' }, createdTime: clock });
    expect(await users()).toEqual([['garnier@exemple.fr', true]]);

    // another instance's write, through a call: this instance's next read has it
    const other = await t.twin();
    expect((await other.post('dashboard/clients/update-contact', { client_number: '810001', email1: 'ines.garnier@exemple.fr' }, staff)).statusCode).toBe(200);
    expect((await list('client_number=810001')).rows[0].email1).toBe('ines.garnier@exemple.fr');
    // and a stay moved by a call on this one is on the other's next read
    expect(await onSite('81')).toEqual(['810001']);
    await addStay(other.deps, { client_number: '810001', stay_number: '810001-a', arrival: MIDNIGHT + 20 * DAY, departure: MIDNIGHT + 25 * DAY });
    await t.deps.cache.settle();
    expect(await onSite('81')).toEqual([]);
  });

  it("changes 'on site' at the next arrival and at the end of a stay's last day, with nothing written", async () => {
    clock = MIDNIGHT + 10 * 3600;
    await addClient(t.deps, { client_number: '820001', lastname: 'Arrive-Demain' });
    await addStay(t.deps, { client_number: '820001', stay_number: '820001-a', arrival: MIDNIGHT + DAY, departure: MIDNIGHT + 5 * DAY });
    await addClient(t.deps, { client_number: '820002', lastname: 'Part-Aujourdhui' });
    await addStay(t.deps, { client_number: '820002', stay_number: '820002-a', arrival: MIDNIGHT - 4 * DAY, departure: MIDNIGHT });
    expect(await onSite('82')).toEqual(['820002']);
    clock = MIDNIGHT + DAY - 1;
    expect(await onSite('82')).toEqual(['820002']);
    // midnight: the departure day is over, the arrival day has come
    clock = MIDNIGHT + DAY;
    expect(await onSite('82')).toEqual(['820001']);
    clock = MIDNIGHT + 6 * DAY;
    expect(await onSite('82')).toEqual([]);
  });
});
