import { describe, expect, it } from 'vitest';
import type { InventoryDoc } from '@campsite/shared';
import { LANGS } from '@campsite/shared';
import { listAccommodations, readSetup } from '../modules/accommodations/accommodations.service';
import { listInventories } from '../modules/inventories/inventories-list.repository';
import { searchInventories } from '../modules/inventories/inventories.service';
import { demoDatabase } from '../testing/demo';

describe('the demo inventories (SEED=demo)', () => {
  it('three accommodation types with setups in the seven languages, and inventories of demo stays with a warning and a priced difference', async () => {
    const { database, deps } = await demoDatabase({ DATA_DIR: '.tmp/seed-inventories-test' });
    const types = await listAccommodations(deps.db);
    expect(types.map((a) => a.name)).toEqual(['Chalet 4 places', 'Mobil-home 6 places', 'Tente safari']);
    const setup = await readSetup(deps.db, types[1]._id);
    if (!setup) throw new Error('missing');
    expect(setup.inventory.length).toBe(3);
    for (const o of setup.inventory.flatMap((c) => c.objects)) expect(LANGS.every((l) => o.translations.some((t) => t.lang === l && t.name))).toBe(true);
    const page = await listInventories(deps.db, { page: 1, per_page: 50, sort: 'deposit_date', order: 'asc', q: undefined, arrival: false, departure: false, complete: false, pictures: false });
    expect(page.total).toBeGreaterThanOrEqual(6);
    expect(page.rows.some((r) => r.arrival_status === 'warning')).toBe(true);
    const errored = page.rows.find((r) => r.departure_status === 'error');
    if (!errored) throw new Error('no departure with missing items');
    const docs = (await searchInventories(deps, errored.stay_number)) as InventoryDoc[];
    expect(docs.find((d) => d.type === 'departure')?.difference?.total).toBeGreaterThan(0);
    await database.close();
  }, 120_000);
});
