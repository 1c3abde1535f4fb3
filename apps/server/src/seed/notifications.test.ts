import { describe, expect, it } from 'vitest';
import { makeDeps } from '../app';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { notificationTemplates } from '../db/schema';
import { readEnv } from '../env';
import { findSend, listSends } from '../modules/notifications/notifications.service';
import { firstStart } from '.';

describe('the demo notifications (SEED=demo)', () => {
  it('three templates, a past send with its figures and a scheduled one in the future', async () => {
    const database = await openDatabase({ memory: true });
    await migrate(database);
    const deps = makeDeps({ database, env: readEnv({ DATA_DIR: '.tmp/seed-notifications-test', SEED: 'demo', ADMIN_PASSWORD: 'choisi-123' }), mailer: { send: async () => {} } });
    await firstStart(deps);
    const now = deps.now();
    const templates = await deps.db.select().from(notificationTemplates);
    expect(templates.map((t) => t.name).sort()).toEqual(['Alerte météo', 'Marché nocturne', 'Ouverture piscine']);
    // each written in the demo's four languages, within the spec's lengths
    for (const t of templates) {
      expect(t.translations.map((x) => x.lang).sort()).toEqual(['de', 'en', 'fr', 'nl']);
      expect(t.translations.every((x) => x.title.length <= 40 && x.content.length <= 140 && x.title && x.content)).toBe(true);
    }
    expect(templates.find((t) => t.name === 'Ouverture piscine')?.redirect.type).toBe('category');
    const sends = await listSends(deps);
    const past = sends.find((s) => s.status === 'sent')!;
    expect(past).toMatchObject({ targeted: 64, delivered: 58, failed: 6, opened: 23 });
    expect(past.sent_time!).toBeLessThan(now);
    const planned = sends.find((s) => s.status === 'scheduled')!;
    expect(planned.timestamp).toBeGreaterThan(now);
    expect(await findSend(deps, planned._id)).toMatchObject({ target: { kind: 'all' }, targeted: 0 });
    await database.close();
  });
});
