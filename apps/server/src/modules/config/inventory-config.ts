import type { FastifyInstance } from 'fastify';
import type { InventoryConfig, ParsedBody } from '@campsite/shared';
import { inventoryConfig } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { getEntry, lockEntry, setEntry } from './config.repository';

// The inventories' settings (002 §3 'Inventory config'), kept as the config entry 'inventory'.

type Stored = Omit<InventoryConfig, 'arrival_access' | 'departure_access'>;

/** Until set: both directions on, staff only, 48 hours (the spec's placeholder). */
export const DEFAULT_INVENTORY_CONFIG: Stored = {
  arrival: true,
  departure: true,
  arrival_staff: true,
  arrival_user: false,
  departure_staff: true,
  departure_user: false,
  delay: 48,
  translations: [],
};

const withAccess = (c: Stored): InventoryConfig => ({
  ...c,
  arrival_access: { staff: c.arrival_staff, user: c.arrival_user },
  departure_access: { staff: c.departure_staff, user: c.departure_user },
});

export const getInventoryConfig = async (db: Tx) => withAccess(await getEntry(db, 'inventory', DEFAULT_INVENTORY_CONFIG));

export async function updateInventoryConfig(db: Tx, body: ParsedBody<typeof inventoryConfig.update>) {
  return db.transaction(async (tx) => {
    await lockEntry(tx, 'inventory');
    const value: Stored = { ...body, translations: body.translations.filter((t) => t.comment) };
    await setEntry(tx, 'inventory', value);
    return withAccess(value);
  });
}

export function inventoryConfigRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, inventoryConfig.list, () => getInventoryConfig(deps.db));
  serve(app, deps, inventoryConfig.update, ({ body }) => updateInventoryConfig(deps.db, body));
}
