import type { SeedContext } from './context';

/** The demo campsite's chat (filled by its issue). */
export async function seedChat(ctx: SeedContext): Promise<void> {
  void ctx;
}
