import { describe, expect, it } from 'vitest';
import { LANGS } from '@campsite/shared';
import { guestFind, guestList } from '../modules/services/guest.service';
import { slots } from '../modules/services/bookings.service';
import * as repo from '../modules/services/services.repository';
import { demoDatabase } from '../testing/demo';

describe('the demo services (SEED=demo)', () => {
  it('a spa with two massages, two masseurs and bookings this week, and a bakery with products, in the seven languages', async () => {
    const { database, deps } = await demoDatabase({ DATA_DIR: '.tmp/seed-services-test' });
    const list = await guestList(deps);
    expect(list.map((s) => [s.name, s.type])).toEqual([['Boulangerie', 'vente'], ['Spa', 'prestation']]);
    const spa = await guestFind(deps, { id: list[1]._id });
    const bakery = await guestFind(deps, { id: list[0]._id });
    if (!spa || !bakery) throw new Error('missing');
    expect(spa.benefits).toHaveLength(2);
    expect(bakery.products.length).toBeGreaterThan(1);
    for (const b of spa.benefits) expect(LANGS.every((l) => b.translations.some((t) => t.lang === l && t.subtitle))).toBe(true);
    expect(await repo.listWorkers(deps.db, spa.service._id)).toHaveLength(2);
    const week = await repo.reservationsOfService(deps.db, spa.service._id, deps.now() - 7 * 86400, deps.now() + 7 * 86400);
    expect(week.length).toBeGreaterThan(0);
    // the coming days offer free slots
    expect(((await slots(deps, spa.benefits[0]._id, deps.now(), 7)) || []).length).toBeGreaterThan(0);
    await database.close();
  }, 60_000);
});
