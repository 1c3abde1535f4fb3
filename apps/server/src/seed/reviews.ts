import type { SeedContext } from './context';

/** The demo campsite's reviews (filled by its issue). */
export async function seedReviews(ctx: SeedContext): Promise<void> {
  void ctx;
}
