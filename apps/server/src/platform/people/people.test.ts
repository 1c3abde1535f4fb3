import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { testApp, type TestApp } from '../../testing/harness';
import { clientContact, stayWithClient } from './clients.repository';
import { CONTACT, existingGuests, findGuest, guestHasDevice, guestsOfClients, lockGuest } from './guests.repository';

// The people look-ups of the floor (docs/architecture-notes.md 'People look-ups on the floor'): what each
// area used to read its own way, read once, with only the columns its caller sends on.

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('people look-ups on the floor', () => {
  it('finds a guest account by id: the whole row, or only the columns asked for (never the password hash unasked)', async () => {
    const id = await addGuest(t.deps, { email: 'lea@example.org', firstname: 'Léa', lastname: 'Martin', langage: 'de' });
    expect(await findGuest(t.deps.db, id)).toMatchObject({ id, email: 'lea@example.org', firstname: 'Léa', activate: true });
    expect(await findGuest(t.deps.db, id, CONTACT)).toEqual({ email: 'lea@example.org', firstname: 'Léa', lastname: 'Martin', langage: 'de' });
    expect(await findGuest(t.deps.db, id, ['stayNumber'])).toEqual({ stayNumber: null });
    expect(await findGuest(t.deps.db, 'f'.repeat(24), ['id'])).toBeUndefined();
    const locked = await t.deps.db.transaction((tx) => lockGuest(tx, id, 'no key update'));
    expect(locked?.email).toBe('lea@example.org');
  });

  it('reads the accounts of client files in one call, the activated ones only when asked, and tells which ids exist', async () => {
    const a = (await addClient(t.deps)).clientNumber;
    const b = (await addClient(t.deps)).clientNumber;
    const on = await addGuest(t.deps, { clientNumber: a });
    const off = await addGuest(t.deps, { clientNumber: a, activate: false });
    const other = await addGuest(t.deps, { clientNumber: b, langage: 'nl' });
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
    expect(ids(await guestsOfClients(t.deps.db, [a, b, a], ['id']))).toEqual([on, off, other].sort());
    expect(ids(await guestsOfClients(t.deps.db, [a, b], ['id'], { activated: true }))).toEqual([on, other].sort());
    expect(await guestsOfClients(t.deps.db, [b], ['id', 'clientNumber', 'langage'])).toEqual([{ id: other, clientNumber: b, langage: 'nl' }]);
    expect(await guestsOfClients(t.deps.db, [], ['id'])).toEqual([]);
    expect((await existingGuests(t.deps.db, [on, 'f'.repeat(24), on])).sort()).toEqual([on]);
  });

  it("tells whether a guest has a device for pushes", async () => {
    const withDevice = await addGuest(t.deps, { notification: true });
    const without = await addGuest(t.deps);
    expect([await guestHasDevice(t.deps.db, withDevice), await guestHasDevice(t.deps.db, without)]).toEqual([true, false]);
  });

  it("reads a stay with its client's names, addresses and language, and a client file's contact", async () => {
    const client = await addClient(t.deps, { firstname: 'Jan', lastname: 'de Vries', email1: 'jan@example.nl', email2: 'jan2@example.nl', langage: 'nl' });
    const stay = await addStay(t.deps, { client_number: client.clientNumber, location: 'A12' });
    expect(await stayWithClient(t.deps.db, stay)).toMatchObject({
      stayNumber: stay,
      clientNumber: client.clientNumber,
      location: 'A12',
      firstname: 'Jan',
      lastname: 'de Vries',
      email1: 'jan@example.nl',
      email2: 'jan2@example.nl',
      langage: 'nl',
    });
    expect(await stayWithClient(t.deps.db, 'S-unknown')).toBeUndefined();
    expect(await clientContact(t.deps.db, client.clientNumber)).toEqual({ email: 'jan@example.nl', firstname: 'Jan', lastname: 'de Vries', langage: 'nl' });
    expect(await clientContact(t.deps.db, 'unknown')).toBeUndefined();
  });
});
