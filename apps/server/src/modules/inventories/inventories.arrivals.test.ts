import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccommodationSetup } from '@campsite/shared';
import { inventories, zonedTimeToEpoch } from '@campsite/shared';
import { addClient, addStay } from '../../testing/fixtures/people';
import { makeSetup } from '../../testing/fixtures/inventories';
import { testApp, type TestApp } from '../../testing/harness';

// Issue 32: the reception's morning list, today's arrivals whose arrival inventory is still to do.

let t: TestApp;
let cookie: string;
let setup: AccommodationSetup;
let now = 0;
beforeAll(async () => {
  t = await testApp({ plan: 'premium', now: () => now });
  now = zonedTimeToEpoch(2026, 7, 10, 9, 30, t.deps.env.TIME_ZONE);
  cookie = (await t.signIn({ inventories: 1 })).cookie;
  setup = await makeSetup(t, cookie, 'Chalet 4 places', ['Chalet Bois']);
});
afterAll(() => t.close());

const at = (day: number, hour: number) => zonedTimeToEpoch(2026, 7, day, hour, 0, t.deps.env.TIME_ZONE);
async function stay(lastname: string, arrival: number, category = 'Chalet Bois') {
  const client = await addClient(t.deps, { firstname: 'Amy', lastname, email1: `${lastname.toLowerCase()}@example.co.uk`, langage: 'en' });
  return addStay(t.deps, { client_number: client.clientNumber, location: `C${lastname.length}`, location_category: category, arrival, departure: arrival + 7 * 86400 });
}
const counts = (short = 0) => setup.inventory.flatMap((c) => c.objects.map((o, i) => ({ _id: o._id, count: i === 0 ? o.quantity - short : o.quantity })));

describe("today's arrivals still to do", () => {
  it('lists the stays arriving today of a covered type whose arrival inventory is not made or not finished, in arrival order', async () => {
    const late = await stay('Late', at(10, 18));
    const early = await stay('Early', at(10, 0));
    const done = await stay('Done', at(10, 14));
    const started = await stay('Started', at(10, 16));
    await stay('Tomorrow', at(11, 0));
    await stay('Yesterday', at(9, 23));
    await stay('Tent', at(10, 15), 'Tente Canadienne');
    (await t.call(inventories.insert, { stay_number: done, type: 'arrival', answers: counts() }, cookie)).answer();
    (await t.call(inventories.insert, { stay_number: started, type: 'arrival', answers: counts().slice(0, 1) }, cookie)).answer();
    const due = (await t.call(inventories.arrivalsToday, undefined, cookie)).answer();
    expect(due.map((d) => [d.stay_number, d.lastname, d.accommodation, d.status])).toEqual([
      [early, 'Early', 'Chalet 4 places', null],
      [started, 'Started', 'Chalet 4 places', 'uncompleted'],
      [late, 'Late', 'Chalet 4 places', null],
    ]);
  });

  it('is for staff with the inventories flag', async () => {
    expect((await t.get('dashboard/inventories/arrivals-today')).statusCode).toBe(401);
    const other = (await t.signIn({ rubrics: 1 })).cookie;
    expect((await t.get('dashboard/inventories/arrivals-today', other)).statusCode).toBe(403);
  });
});
