import type { InventoryConfig } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { getEntry } from './settings.repository';

// The inventories' settings (002 §3 'Inventory config'), kept as the config entry 'inventory'.

export type StoredInventoryConfig = Omit<InventoryConfig, 'arrival_access' | 'departure_access'>;

/** Until set: both directions on, staff only, 48 hours (the spec's placeholder). */
export const DEFAULT_INVENTORY_CONFIG: StoredInventoryConfig = {
  arrival: true,
  departure: true,
  arrival_staff: true,
  arrival_user: false,
  departure_staff: true,
  departure_user: false,
  delay: 48,
  translations: [],
};

export const withAccess = (c: StoredInventoryConfig): InventoryConfig => ({
  ...c,
  arrival_access: { staff: c.arrival_staff, user: c.arrival_user },
  departure_access: { staff: c.departure_staff, user: c.departure_user },
});

export const getInventoryConfig = async (db: Tx) => withAccess(await getEntry(db, 'inventory', DEFAULT_INVENTORY_CONFIG));
