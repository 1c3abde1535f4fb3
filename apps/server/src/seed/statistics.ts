import type { SeedContext } from './context';

/** The demo campsite's statistics (filled by its issue). */
export async function seedStatistics(ctx: SeedContext): Promise<void> {
  void ctx;
}
