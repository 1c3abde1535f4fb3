import { describe, expect, it } from 'vitest';
import { dayOf, statsPeriod } from '@campsite/shared';
import { makeDeps } from '../app';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { readEnv } from '../env';
import { overview } from '../modules/stats/stats.service';
import * as repo from '../modules/stats/stats.repository';
import { firstStart } from '.';

describe('the demo statistics (SEED=demo)', () => {
  it('a season of visits to compare with the one before, rolled up, naming the demo’s pages, rubrics and activities', async () => {
    const database = await openDatabase({ memory: true });
    await migrate(database);
    const deps = makeDeps({ database, env: readEnv({ DATA_DIR: '.tmp/seed-statistics-test', SEED: 'demo', ADMIN_PASSWORD: 'choisi-123' }), mailer: { send: async () => {} } });
    await firstStart(deps);
    const today = dayOf(deps.now(), deps.env.TIME_ZONE);
    const o = await overview(deps, statsPeriod('season', today));
    expect(o.current.visits).toBeGreaterThan(8_000);
    expect(o.previous.visits).toBeGreaterThan(5_000);
    expect(o.current.app_visits).toBeGreaterThan(0);
    for (const list of [o.pages, o.rubrics, o.activities]) {
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((r) => r.name)).toBe(true);
    }
    // every day that is over is in the rollup: only today is counted live
    expect(await repo.lastRolledDay(deps.db)).toBe(new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10));
    await database.close();
  }, 120_000);
});
