import { bigint, customType } from 'drizzle-orm/pg-core';

/** Epoch seconds, as the spec's wire format. */
export const epoch = (name: string) => bigint(name, { mode: 'number' });

/** PGlite answers bytea as Uint8Array and pg as Buffer: both become a Buffer here. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
  toDriver: (v) => v,
});
