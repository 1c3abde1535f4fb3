import { describe, expect, it } from 'vitest';
import { notificationTemplates } from '../db/schema';
import { findSend, listSends } from '../modules/notifications/notifications.service';
import { demoDatabase } from '../testing/demo';

describe('the demo notifications (SEED=demo)', () => {
  it('three templates, a past send with its figures and a scheduled one in the future', async () => {
    const { database, deps } = await demoDatabase({ DATA_DIR: '.tmp/seed-notifications-test' });
    const now = deps.now();
    const templates = await deps.db.select().from(notificationTemplates);
    expect(templates.map((t) => t.name).sort()).toEqual(['Alerte météo', 'Marché nocturne', 'Ouverture piscine']);
    // each written in the demo's four languages, within the spec's lengths
    for (const t of templates) {
      expect(t.translations.map((x) => x.lang).sort()).toEqual(['de', 'en', 'fr', 'nl']);
      expect(t.translations.every((x) => x.title.length <= 40 && x.content.length <= 140 && x.title && x.content)).toBe(true);
    }
    expect(templates.find((t) => t.name === 'Ouverture piscine')?.redirect.type).toBe('category');
    const sends = await listSends(deps, true);
    const past = sends.find((s) => s.status === 'sent')!;
    expect(past).toMatchObject({ targeted: 64, delivered: 58, failed: 6, opened: 23 });
    expect(past.sent_time!).toBeLessThan(now);
    const planned = sends.find((s) => s.status === 'scheduled')!;
    expect(planned.timestamp).toBeGreaterThan(now);
    expect(await findSend(deps, planned._id)).toMatchObject({ target: { kind: 'all' }, targeted: 0 });
    await database.close();
    // the demo's seeding (or the wait for another file's) is in the test: a loaded machine takes a while
  }, 120_000);
});
