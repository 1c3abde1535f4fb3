import { describe, expect, it } from 'vitest';
import { makeDeps } from '../../app';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { readEnv } from '../../env';
import { startSimulator } from '../../integrations/swikly';
import { firstStart } from '../../seed';
import { getDepositSettings } from './deposits.settings';
import { listDeposits, ofStay, release } from './deposits.service';

describe('the demo deposits (SEED=demo)', () => {
  it('an account filled in but off, deposits of begun stays in each state, and a demo deposit the simulator releases', async () => {
    const sim = await startSimulator();
    const database = await openDatabase({ memory: true });
    try {
      await migrate(database);
      const env = readEnv({ DATA_DIR: '.tmp/seed-deposits-test', SEED: 'demo', ADMIN_PASSWORD: 'choisi-123', SWIKLY_URL: sim.api });
      const deps = makeDeps({ database, env, mailer: { send: async () => {} } });
      await firstStart(deps);
      const config = await getDepositSettings(deps.db);
      expect(config).toMatchObject({ activate: false, amount: 15000, days: 7 });
      expect([config.userId.length, config.secret.length]).toEqual([32, 16]);
      const page = await listDeposits(deps, { page: 1, per_page: 50, sort: 'edited_time', order: 'desc', q: undefined, filter: undefined, deposited: false, not_deposited: false });
      expect(page.total).toBeGreaterThanOrEqual(6);
      expect(new Set(page.rows.map((r) => r.status))).toEqual(new Set(['OK', 'Refusée', '']));
      const open = page.rows.find((r) => r.status === 'OK' && !r.settlement)!;
      expect((await ofStay(deps, open.stay)).deposit?.reference).toMatch(/^swk_demo_/);
      const staff = { _id: 'x', firstname: 'Nathalie', lastname: 'Rivière', username: 'n', email: '', avatar: null, permissions: {} } as never;
      // the click records the intent; its job asks the simulator, which takes the demo request as accepted
      expect(await release(deps, staff, open.stay)).toMatchObject({ settlement: 'released', settle_state: 'pending' });
      await deps.jobs.runDue();
      expect((await ofStay(deps, open.stay)).deposit).toMatchObject({ settlement: 'released', settle_state: 'done' });
      expect(sim.requests.get(open.reference!)?.status).toBe('released');
    } finally {
      await database.close();
      await sim.close();
    }
  }, 120_000);
});
