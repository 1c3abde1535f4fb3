import type { SeedContext } from './context';

/** The demo campsite's deposits (filled by its issue). */
export async function seedDeposits(ctx: SeedContext): Promise<void> {
  void ctx;
}
