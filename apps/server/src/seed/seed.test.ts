import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeDeps } from '../app';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { dashboardUsers } from '../db/schema';
import { readEnv } from '../env';
import { getAdminConfig, getGlobalSettings } from '../modules/config/config.repository';
import { verifyPassword } from '../lib/passwords';
import { firstStart } from '.';

async function start(env: Record<string, string>) {
  const database = await openDatabase({ memory: true });
  await migrate(database);
  const deps = makeDeps({ database, env: readEnv({ DATA_DIR: '.tmp/seed-test', ...env }), mailer: { send: async () => {} } });
  return { database, deps };
}

describe('the first start', () => {
  it('creates the super account admin with a generated password, printed once, and nothing else with SEED=none', async () => {
    const { database, deps } = await start({ SEED: 'none' });
    const result = await firstStart(deps);
    expect(result.password).toMatch(/^[\w-]{10,}$/);
    const [admin] = await deps.db.select().from(dashboardUsers);
    expect(admin.username).toBe('admin');
    expect(admin.permissions.super).toBe(1);
    expect(await verifyPassword(result.password!, admin.passwordHash)).toBe(true);
    expect((await getGlobalSettings(deps.db)).establishment).toBe('Mon établissement');
    // a second start creates nothing and prints nothing
    expect(await firstStart(deps)).toEqual({ created: false });
    expect((await deps.db.select({ n: count() }).from(dashboardUsers))[0].n).toBe(1);
    await database.close();
  });

  it('seeds a demo French campsite with ADMIN_PASSWORD', async () => {
    const { database, deps } = await start({ SEED: 'demo', ADMIN_PASSWORD: 'choisi-123' });
    const result = await firstStart(deps);
    expect(result).toEqual({ created: true, password: undefined });
    const global = await getGlobalSettings(deps.db);
    expect(global.establishment).toBe('Camping Les Pins Dorés');
    expect(global.langs).toEqual(['fr', 'en', 'de', 'nl']);
    expect(global.lang_default).toBe('fr');
    expect(global.background).toMatch(/^[0-9a-f]{24}$/);
    expect(global.welcome.find((w) => w.lang === 'fr')?.welcome).toBeTruthy();
    expect((await getAdminConfig(deps.db)).features).toBe('premium');
    await database.close();
  });
});
