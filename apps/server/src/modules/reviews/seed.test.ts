import { describe, expect, it } from 'vitest';
import { LANGS, REVIEW_LIMITS } from '@campsite/shared';
import { makeDeps } from '../../app';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { readEnv } from '../../env';
import { firstStart } from '../../seed';
import { findByType, listModels, stats } from './reviews.service';

describe('the demo reviews (SEED=demo)', () => {
  it('a questionnaire with a question of each type in the seven languages, and 150 answers over the season', async () => {
    const database = await openDatabase({ memory: true });
    await migrate(database);
    const deps = makeDeps({ database, env: readEnv({ DATA_DIR: '.tmp/seed-reviews-test', SEED: 'demo', ADMIN_PASSWORD: 'choisi-123' }), mailer: { send: async () => {} } });
    await firstStart(deps);
    const [model] = await listModels(deps);
    expect(model).toMatchObject({ name: 'Fin de séjour', type: 'global', notification_time: 86400 });
    expect(new Set(model.questions.map((q) => q.type))).toEqual(new Set(['text', 'notation', 'select']));
    for (const q of model.questions) expect(LANGS.every((l) => q.translations.some((t) => t.lang === l && t.title))).toBe(true);
    expect(LANGS.every((l) => model.translations.some((t) => t.lang === l && t.notification_title && t.notification_content))).toBe(true);
    const first = await findByType(deps, { type: 'global', page: 0 });
    expect(first).toMatchObject({ total: 150, pages: 2, per_page: REVIEW_LIMITS.perPage });
    expect(first.rows.filter((r) => r.client || r.user)).toHaveLength(100);
    const now = deps.now();
    const s = await stats(deps, { model: model._id, from: now - 60 * 86400, to: now });
    if (!s) throw new Error('no stats');
    expect(s.count + s.previous_count).toBeGreaterThan(50);
    expect(s.questions[0].average).toBeGreaterThan(2.5);
    await database.close();
  }, 120_000);
});
