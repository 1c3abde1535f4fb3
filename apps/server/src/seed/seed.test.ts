import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LANGS, MENU_TITLE_MAX } from '@campsite/shared';
import { buildApp, makeDeps } from '../app';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { dashboardUsers } from '../db/schema';
import { readEnv } from '../env';
import { getAdminConfig, getGlobalSettings } from '../platform/settings/settings.repository';
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

  it('two instances starting at once on a new database: one creates the admin, the other finds it and creates nothing', async () => {
    const { database, deps } = await start({ SEED: 'none', ADMIN_PASSWORD: 'choisi-123' });
    const results = await Promise.all([firstStart(deps), firstStart(deps)]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect((await deps.db.select({ n: count() }).from(dashboardUsers))[0].n).toBe(1);
    await database.close();
  });

  it('seeds a demo French campsite with ADMIN_PASSWORD, written in each of the seven languages', async () => {
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

    // every text a guest reads is written in each of the seven languages, ready when staff enable one
    const app = await buildApp({ database, env: deps.env, serves: 'none' }, deps);
    const get = async (path: string) => (await app.inject({ method: 'GET', url: `/api/${path}` })).json();
    type Texts = { lang: string; [field: string]: unknown }[];
    const missing: string[] = [];
    /** every language has this field, not blank, within the spec's length */
    const check = (what: string, translations: Texts, field: string, max = Infinity) => {
      for (const lang of LANGS) {
        const text = translations.find((t) => t.lang === lang)?.[field];
        if (typeof text !== 'string' || !text.replace(/<[^>]+>/g, '').trim()) missing.push(`${what} ${field} ${lang}`);
        else if (text.length > max) missing.push(`${what} ${field} ${lang}: ${text.length} > ${max}`);
      }
    };
    const config = await get('webapp/config/public');
    check('welcome', config.welcome, 'welcome', 40);
    for (const g of await get('webapp/groups/list')) check(`rubric ${g._id}`, g.translations, 'name', 40);
    const categories = await get('webapp/categories/list');
    expect(categories.length).toBeGreaterThanOrEqual(12);
    for (const c of categories) {
      check(`category ${c._id}`, c.translations, 'name', 40);
      check(`category ${c._id}`, c.translations, 'suffix');
      const pageIds: string[] = [];
      if (c.type === 'page') pageIds.push((await get(`webapp/pages/find-by-category?category=${c._id}`))._id);
      else {
        const list = await get(`webapp/lists/find-by-category?category=${c._id}`);
        for (const e of list.elements) {
          check(`element ${e.page}`, e.translations, 'text', 40);
          pageIds.push(e.page);
        }
      }
      for (const id of pageIds) {
        const page = await get(`webapp/pages/find?id=${id}`);
        for (const [i, section] of page.sections.entries()) {
          check(`page ${id} section ${i}`, section.translations, 'title', 60);
          check(`page ${id} section ${i}`, section.translations, 'html');
        }
      }
    }
    for (const m of await get('webapp/modules/list')) check(`module ${m.name}`, m.translations, 'title', 40);
    const menu = await get('webapp/config/menu');
    expect(menu.values.length).toBe(4);
    for (const e of menu.values) check(`menu ${e.title}`, e.translations, 'title', MENU_TITLE_MAX);
    const activities = await get('webapp/animations/list');
    expect(activities.length).toBeGreaterThanOrEqual(15);
    for (const a of activities) {
      check(`activity ${a._id}`, a.translations, 'name');
      check(`activity ${a._id}`, a.translations, 'content');
    }
    for (const c of await get('webapp/animation-categories/list')) check(`activity category ${c._id}`, c.translations, 'name');
    expect(missing).toEqual([]);
    // English is written as an English guest reads it, with the 24-hour clock of the rest of the app
    const english = JSON.stringify(activities) + JSON.stringify(categories);
    expect(english).not.toMatch(/\d(am|pm)\b/i);
    await app.close();
    await database.close();
    // the whole demo is seeded here for real (every image encoded by sharp, a season of visits): over 30 s on a loaded machine
  }, 120_000);
});
