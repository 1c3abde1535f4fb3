import type { Tx } from '../db/client';
import type { Deps } from '../http/deps';

/** What each demo seeder gets (seed/index.ts lists them; apart, so that a seeder does not import the list). */
export interface SeedContext {
  tx: Tx;
  deps: Deps;
  adminId: string;
  now: number;
}
