import type { FastifyInstance } from 'fastify';
import type { ParsedBody } from '@campsite/shared';
import { inventoryConfig } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { lockEntry, setEntry } from '../../platform/settings/settings.repository';
import { getInventoryConfig, withAccess, type StoredInventoryConfig } from '../../platform/settings/inventory-settings';

export async function updateInventoryConfig(db: Tx, body: ParsedBody<typeof inventoryConfig.update>) {
  return db.transaction(async (tx) => {
    await lockEntry(tx, 'inventory');
    const value: StoredInventoryConfig = { ...body, translations: body.translations.filter((t) => t.comment) };
    await setEntry(tx, 'inventory', value);
    return withAccess(value);
  });
}

export function inventoryConfigRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, inventoryConfig.list, () => getInventoryConfig(deps.db));
  serve(app, deps, inventoryConfig.update, ({ body }) => updateInventoryConfig(deps.db, body));
}
