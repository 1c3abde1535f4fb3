import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accommodations, clients, deposits, epochToZoned } from '@campsite/shared';
import { deposits as depositTable, jobs } from '../../db/schema';
import { SwiklyClient, type Simulator } from '../../integrations/swikly';
import { depositServers } from '../../testing/fixtures/deposits';
import { makeSetup } from '../../testing/fixtures/inventories';
import { addClient, addStay } from '../../testing/fixtures/people';
import type { TestApp } from '../../testing/harness';
import type { MailServer } from '../../testing/mail-server';

// A stay that goes or moves under its deposit, and a request whose answer was lost (docs/deposits.md): our
// server on a port, the simulator on another, everything through real sockets. The provider's side is
// read from the simulator; nothing of our server is mocked.

const DAY = 86400;
const USER_ID = 'b'.repeat(32);
const SECRET = 'Depots-key-0123y';
const CATEGORY = 'Chalet Caution';
let clock = Math.floor(Date.now() / 1000);
let t: TestApp;
let sim: Simulator;
let mail: MailServer;
let staff: string;

beforeAll(async () => {
  ({ t, sim, mail } = await depositServers(() => clock));
  staff = (await t.signIn({ deposits: 1, inventories: 1, users: 1 })).cookie;
  const type = await makeSetup(t, staff, 'Chalet caution', [CATEGORY]);
  await makeSetup(t, staff, 'Tente sans caution', ['Tente Canadienne']);
  (await t.call(accommodations.updateDeposit, { id: type._id, deposit: true }, staff)).answer();
  (await t.call(deposits.updateConfig, { activate: true, amount: 200, userId: USER_ID, secret: SECRET, days: 7 }, staff)).answer();
  // the quarter-hourly scan is queued as a started scheduler does (the harness starts none)
  await t.deps.jobs.ensureRecurring();
  await t.deps.jobs.runDue();
});
afterAll(async () => {
  sim.afterCreate(null);
  await t.close();
  await sim.close();
  await mail.close();
});

const rows = () => t.deps.db.select().from(depositTable);
const rowOf = async (stay: string) => (await rows()).find((r) => r.stayNumber === stay);
/** The simulator's requests of a stay (the description names it; the customId is the deposit's id). */
const requestsOf = (stay: string) => [...sim.requests.values()].filter((r) => r.body.description === `Caution – séjour ${stay}`);
const open = (stay: string) => requestsOf(stay).filter((r) => r.status === 'pending' || r.status === 'accepted');
const jobsOf = async (kind: string) => (await t.deps.db.select().from(jobs)).filter((j) => j.kind === kind);
const erase = async (client_number: string) => expect((await t.call(clients.erase, { client_number }, staff)).answer()).toBe(true);

/**
 * The simulator's next creates wait for `answer()` before answering (made at Swikly, the answer on its
 * way); `reached` settles when the first one is made.
 */
function holdCreates() {
  let arrived!: () => void;
  let answer!: () => void;
  const reached = new Promise<void>((ok) => (arrived = ok));
  const held = new Promise<void>((ok) => (answer = ok));
  sim.afterCreate(async () => {
    arrived();
    await held;
    return 'answer' as const;
  });
  return { reached, answer };
}

/** A client and a stay of the deposit type arriving in `arrivalIn` days, whose request is made (scan, job). */
async function requestedStay(arrivalIn = 2) {
  const client = await addClient(t.deps, { firstname: 'Lena', lastname: 'Berg', email1: `lena${Math.random().toString(36).slice(2, 8)}@example.de`, langage: 'de' });
  const arrival = clock + arrivalIn * DAY;
  const stay = await addStay(t.deps, { client_number: client.clientNumber, location: 'C7', location_category: CATEGORY, arrival, departure: arrival + 5 * DAY });
  await t.deps.jobs.enqueue('deposits.scan-now', {});
  await t.deps.jobs.runDue();
  return { stay, client: client.clientNumber };
}

describe('deposits: a client erased', () => {
  it('cancels the pending request at Swikly (a job queued with the erasure); the guest’s link then says so', async () => {
    const { stay, client } = await requestedStay();
    const [request] = requestsOf(stay);
    expect(request.status).toBe('pending');
    const row = (await rowOf(stay))!;
    expect(row.reference).toBe(request.id);

    await erase(client);
    // the row went with the stay; the request is closed by the job, not in the erasure's call
    expect(await rowOf(stay)).toBeUndefined();
    expect(request.status).toBe('pending');
    expect((await jobsOf('deposits.close')).filter((j) => j.status === 'queued').map((j) => j.payload)).toEqual([{ deposit: row.id, reference: request.id }]);
    await t.deps.jobs.runDue();
    expect(request.status).toBe('cancelled');
    // the simulator's page speaks the guest's language (German here, issue 32)
    expect(await (await fetch(row.link!)).text()).toContain('Anfrage storniert.');
    // the guest can no longer accept it
    expect(await sim.answer(request.id, true)).toBe(409);
  });

  it('releases a deposit the guest had accepted: no hold outlives the client', async () => {
    const { stay, client } = await requestedStay(1);
    const [request] = requestsOf(stay);
    expect(await sim.answer(request.id, true)).toBe(200);
    expect((await rowOf(stay))?.status).toBe('OK');
    await erase(client);
    await t.deps.jobs.runDue();
    expect(request.status).toBe('released');
  });

  it('closes a request made while the client was being erased (the create still waiting for its answer)', async () => {
    const { reached, answer } = holdCreates();
    const client = await addClient(t.deps, { firstname: 'Jonas', lastname: 'Eck', email1: 'jonas@example.de' });
    const stay = await addStay(t.deps, { client_number: client.clientNumber, location_category: CATEGORY, arrival: clock + DAY, departure: clock + 4 * DAY });
    await t.deps.jobs.enqueue('deposits.scan-now', {});
    const running = t.deps.jobs.runDue();
    try {
      await reached;
      await erase(client.clientNumber);
    } finally {
      answer();
      sim.afterCreate(null);
    }
    await running;
    await t.deps.jobs.runDue();
    expect(requestsOf(stay).map((r) => r.status)).toEqual(['cancelled']);
  });
});

describe('deposits: a stay moved or changed', () => {
  const TZ = () => t.deps.env.TIME_ZONE;
  const day = (at: number) => {
    const p = epochToZoned(at, TZ());
    return `${String(p.day).padStart(2, '0')}/${String(p.month).padStart(2, '0')}/${p.year}`;
  };
  const iso = (at: number) => {
    const p = epochToZoned(at, TZ());
    return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  };
  const data = (text: string) => `data:text/csv;base64,${Buffer.from(text, 'utf8').toString('base64')}`;
  const stays = (stay: string, client: string, category: string, from: number, to: number) =>
    data(['N° séjour;N° client;Emplacement;Hébergement;Arrivée;Départ', `${stay};${client};C9;${category};${day(from)};${day(to)}`].join('\r\n'));

  /** A reservations import through the API, its job run here (the harness starts no scheduler). */
  async function importFiles(body: { clients?: string; reservations: string }) {
    const call = t.post('dashboard/clients/import', body, staff);
    let answered = false;
    void call.finally(() => (answered = true));
    while (!answered) {
      await t.deps.jobs.runDue();
      await new Promise((ok) => setTimeout(ok, 20));
    }
    const res = await call;
    expect(res.statusCode).toBe(200);
    await t.deps.jobs.runDue();
    const doc = (await t.get(`dashboard/imports/find?id=${res.json()._id}`, staff)).json();
    expect(doc).toMatchObject({ status: 'done', refused: 0 });
  }
  /** The quarter-hourly scan's next run, and the requests it queues. */
  async function nextScan() {
    clock += 900;
    await t.deps.jobs.runDue();
    await t.deps.jobs.runDue();
  }

  it('an import that moves the dates: the old request is cancelled, a new one made for the new dates when due; one open request', async () => {
    const arrival = clock + 3 * DAY;
    await importFiles({
      clients: data(['N° client;Nom;Prénom;Langue;E-mail', 'IMP-1;Roux;Camille;Français;camille@example.fr'].join('\r\n')),
      reservations: stays('IMP-S1', 'IMP-1', CATEGORY, arrival, arrival + 7 * DAY),
    });
    await nextScan();
    const [first] = requestsOf('IMP-S1');
    expect(first).toMatchObject({ status: 'pending', body: { deposit: { startDate: iso(arrival) } } });
    const before = (await rowOf('IMP-S1'))!;

    // the same file again changes nothing
    await importFiles({ reservations: stays('IMP-S1', 'IMP-1', CATEGORY, arrival, arrival + 7 * DAY) });
    expect((await rowOf('IMP-S1'))?.id).toBe(before.id);
    expect(first.status).toBe('pending');

    // ten days later: out of the week before arrival, so no new request yet
    const moved = clock + 13 * DAY;
    await importFiles({ reservations: stays('IMP-S1', 'IMP-1', CATEGORY, moved, moved + 7 * DAY) });
    expect(first.status).toBe('cancelled');
    expect(await rowOf('IMP-S1')).toBeUndefined();
    expect(open('IMP-S1')).toHaveLength(0);

    // once due, the scan asks again, for the new dates
    clock += 6 * DAY;
    await nextScan();
    expect(open('IMP-S1')).toHaveLength(1);
    const [again] = open('IMP-S1');
    expect(again.body.deposit).toMatchObject({ startDate: iso(moved), endDate: iso(moved + 7 * DAY) });
    const row = (await rowOf('IMP-S1'))!;
    expect(row).toMatchObject({ reference: again.id, status: '' });
    expect(row.id).not.toBe(before.id);
    expect(requestsOf('IMP-S1').map((r) => r.status)).toEqual(['cancelled', 'pending']);
  });

  it('an import that puts the stay in a type without deposit: the request is cancelled and none is asked again', async () => {
    const arrival = clock + 2 * DAY;
    await importFiles({
      clients: data(['N° client;Nom;Prénom;Langue;E-mail', 'IMP-2;Petit;Louis;Français;louis@example.fr'].join('\r\n')),
      reservations: stays('IMP-S2', 'IMP-2', CATEGORY, arrival, arrival + 4 * DAY),
    });
    await nextScan();
    expect(open('IMP-S2')).toHaveLength(1);
    await importFiles({ reservations: stays('IMP-S2', 'IMP-2', 'Tente Canadienne', arrival, arrival + 4 * DAY) });
    await nextScan();
    expect(requestsOf('IMP-S2').map((r) => r.status)).toEqual(['cancelled']);
    expect(await rowOf('IMP-S2')).toBeUndefined();
  });

  it('a room-list update that moves the dates cancels the pending request too; an accepted deposit is kept', async () => {
    const { stay, client } = await requestedStay(2);
    const moved = clock + 4 * DAY;
    const res = await t.post('dashboard/clients/import', { client, arrival: day(moved), departure: day(moved + 3 * DAY) }, staff);
    expect(res.statusCode).toBe(200);
    await t.deps.jobs.runDue();
    await t.deps.jobs.enqueue('deposits.scan-now', {});
    await t.deps.jobs.runDue();
    await t.deps.jobs.runDue();
    expect(requestsOf(stay).map((r) => r.status)).toEqual(['cancelled', 'pending']);
    expect(open(stay)[0].body.deposit.startDate).toBe(iso(moved));

    // accepted, then moved again: the guest's deposit stays as it is
    expect(await sim.answer(open(stay)[0].id, true)).toBe(200);
    const later = clock + 5 * DAY;
    expect((await t.post('dashboard/clients/import', { client, arrival: day(later), departure: day(later + 3 * DAY) }, staff)).statusCode).toBe(200);
    await t.deps.jobs.runDue();
    expect(requestsOf(stay).map((r) => r.status)).toEqual(['cancelled', 'accepted']);
    expect((await rowOf(stay))?.status).toBe('OK');
  });
});

describe('deposits: Swikly unreachable or an answer lost', () => {
  it('Swikly down during the cancel: the job is retried later and the request cancelled then', async () => {
    const { stay, client } = await requestedStay();
    const [request] = requestsOf(stay);
    sim.outage(1);
    await erase(client);
    await t.deps.jobs.runDue();
    expect(request.status).toBe('pending');
    const [job] = (await jobsOf('deposits.close')).filter((j) => (j.payload as { reference: string }).reference === request.id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job.lastError).toContain('503');
    clock += 31;
    await t.deps.jobs.runDue();
    expect(request.status).toBe('cancelled');
    expect((await jobsOf('deposits.close')).find((j) => j.id === job.id)?.status).toBe('done');
  });

  it('a create answered by Swikly but whose answer was lost: the retry finds it by our reference, one request in all', async () => {
    let lost = 0;
    sim.afterCreate(() => (lost++ === 0 ? 'lose' : 'answer'));
    try {
      const client = await addClient(t.deps, { firstname: 'Mia', lastname: 'Vogel', email1: 'mia@example.de', langage: 'de' });
      const stay = await addStay(t.deps, { client_number: client.clientNumber, location_category: CATEGORY, arrival: clock + 2 * DAY, departure: clock + 6 * DAY });
      await t.deps.jobs.enqueue('deposits.scan-now', {});
      await t.deps.jobs.runDue();
      // made at Swikly, not recorded here: the job failed and waits for its retry
      expect(requestsOf(stay)).toHaveLength(1);
      const row = (await rowOf(stay))!;
      expect(row.reference).toBeNull();
      const [job] = (await jobsOf('deposits.request')).filter((j) => (j.payload as { deposit: string }).deposit === row.id);
      expect(job).toMatchObject({ status: 'queued', attempts: 1 });

      clock += 31;
      await t.deps.jobs.runDue();
      const [request] = requestsOf(stay);
      expect(requestsOf(stay)).toHaveLength(1);
      expect(request.body.customId).toBe(row.id);
      expect(await rowOf(stay)).toMatchObject({ reference: request.id, link: `${sim.url}/r/${request.id}`, error: null });
      const mailsTo = () => mail.mails.filter((m) => m.to.includes('mia@example.de'));
      for (let i = 0; i < 100 && !mailsTo().length; i++) await new Promise((ok) => setTimeout(ok, 50));
      await t.deps.jobs.runDue();
      expect(mailsTo()).toHaveLength(1);

      // and Swikly itself refuses a second request with that customId
      const again = new SwiklyClient({ baseUrl: sim.api, accountId: USER_ID, key: SECRET }).createRequest({ ...request.body });
      await expect(again).rejects.toMatchObject({ kind: 'refused', status: 409 });
      expect(requestsOf(stay)).toHaveLength(1);
    } finally {
      sim.afterCreate(null);
    }
  });

  it('a run whose lease ran out while Swikly was still answering: the next claim finds the request, none is made twice', async () => {
    const { reached, answer } = holdCreates();
    const twin = await t.twin();
    try {
      const client = await addClient(t.deps, { firstname: 'Noah', lastname: 'Graf', email1: 'noah@example.de' });
      const stay = await addStay(t.deps, { client_number: client.clientNumber, location_category: CATEGORY, arrival: clock + 2 * DAY, departure: clock + 6 * DAY });
      await twin.deps.jobs.enqueue('deposits.scan-now', {});
      // the twin claims the request and waits for Swikly's answer, as a process that hangs or dies
      const slow = twin.deps.jobs.runDue();
      await reached;
      sim.afterCreate(null);
      clock += 121;
      await t.deps.jobs.runDue();
      const row = (await rowOf(stay))!;
      expect(requestsOf(stay)).toHaveLength(1);
      expect(row.reference).toBe(requestsOf(stay)[0].id);
      answer();
      await slow;
      expect(requestsOf(stay)).toHaveLength(1);
      expect((await rowOf(stay))?.reference).toBe(row.reference);
    } finally {
      answer();
      sim.afterCreate(null);
      await twin.close();
    }
  });
});
