import { z } from 'zod';
import { INVENTORIES } from '../messages/inventories';
import { call, orFalse, staff } from './call';
import { lang, missing } from './common';

// The inventories' settings (002 §3 'Inventory config', §5; issue 23): who may fill each direction, the
// guests' window and their intro text.

const inventoriesFlag = { ...staff('inventories'), plan: 'premium' as const };


const access = z.object({ staff: z.boolean(), user: z.boolean() });
export const inventoryConfigDoc = z.object({
  arrival: z.boolean(),
  departure: z.boolean(),
  arrival_staff: z.boolean(),
  arrival_user: z.boolean(),
  departure_staff: z.boolean(),
  departure_user: z.boolean(),
  /** hours a guest may fill an inventory (docs/inventories.md: the window) */
  delay: z.number(),
  /** the intro text shown to guests, per language */
  translations: z.array(z.object({ lang: z.string(), comment: z.string() })),
  arrival_access: access,
  departure_access: access,
});
export type InventoryConfig = z.infer<typeof inventoryConfigDoc>;

export const inventoryConfigUpdate = z.object({
  arrival: z.boolean(),
  departure: z.boolean(),
  arrival_staff: z.boolean(),
  arrival_user: z.boolean(),
  departure_staff: z.boolean(),
  departure_user: z.boolean(),
  delay: z.coerce.number(missing(INVENTORIES.delayMin)).int(INVENTORIES.delayMin).min(1, INVENTORIES.delayMin).max(8760, INVENTORIES.delayMax),
  translations: z
    .array(z.object({ lang, comment: z.string().max(5000).transform((s) => s.trim()) }))
    .max(7)
    .superRefine((items, ctx) => {
      items.forEach((t, i) => {
        if (t.comment.length > 1200) ctx.addIssue({ code: 'custom', path: [i, 'comment'], message: INVENTORIES.introMax(t.lang) });
      });
    }),
});

export const inventoryConfig = {
  list: call('GET', 'webapp/config/inventory/list', { ...inventoriesFlag, answer: inventoryConfigDoc, summary: 'Reads the inventory settings (windows, texts, who is told)' }),
  update: call('POST', 'webapp/config/inventory/update', {
    ...inventoriesFlag,
    body: inventoryConfigUpdate,
    answer: orFalse(inventoryConfigDoc),
    summary: 'Saves the inventory settings',
  }),
};

