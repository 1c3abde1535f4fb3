import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../testing/harness';
import { getGlobalSettings, getAdminConfig } from '../../platform/settings/settings.repository';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const valid = {
  sendmail: false,
  establishment: 'Camping des Dunes',
  nbdays: '7, 2',
  langs: ['en', 'fr', 'de'],
  background: null,
  welcome: [
    { lang: 'fr', welcome: 'Bienvenue !' },
    { lang: 'en', welcome: 'Welcome!' },
    { lang: 'de', welcome: '' },
  ],
};

describe('dashboard/config/global', () => {
  it('lists the global config keys of the spec to any signed-in staff member', async () => {
    const { cookie } = await t.signIn({});
    const res = await t.get('dashboard/config/global/list', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ establishment: 'Mon établissement', features: 'essentiel', 'lang-default': 'fr', langs: { fr: true, en: false } });
    expect(res.json()['time-zone']).toBe('Europe/Paris');
  });

  it('updates with the params flag: languages in the spec order, nbdays as numbers', async () => {
    const { cookie } = await t.signIn({ params: 1 });
    const res = await t.post('dashboard/config/global/update', valid, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ establishment: 'Camping des Dunes', 'nb-days-mail-cron': [7, 2], langs: { fr: true, en: true, de: true, it: false } });
    const saved = await getGlobalSettings(t.deps.db);
    expect(saved.langs).toEqual(['fr', 'en', 'de']);
    expect(saved.nbdays).toEqual([7, 2]);
  });

  it('refuses without the params flag and changes nothing', async () => {
    const { cookie } = await t.signIn({ homepage: 1 });
    const before = await getGlobalSettings(t.deps.db);
    const res = await t.post('dashboard/config/global/update', { ...valid, establishment: 'Piraté' }, cookie);
    expect(res.statusCode).toBe(403);
    expect(await getGlobalSettings(t.deps.db)).toEqual(before);
  });

  it.each([
    [{ establishment: '' }, 'establishment', "Veuillez indiquer le nom de l'établissement"],
    [{ establishment: 'x'.repeat(41) }, 'establishment', "Le nom de l'établissement ne doit pas dépasser 40 caractères"],
    [{ nbdays: '7, demain' }, 'nbdays', 'Veuillez indiquer une liste de nombres séparés par des virgules (de 0 à 60)'],
    [{ nbdays: '61' }, 'nbdays', 'Veuillez indiquer une liste de nombres séparés par des virgules (de 0 à 60)'],
    [{ langs: ['en'], lang_default: 'fr' }, 'langs', 'La langue par défaut ne peut pas être désactivée'],
    [{ welcome: [{ lang: 'fr', welcome: 'x'.repeat(41) }] }, 'welcome.0.welcome', "Le texte d'accueil ne doit pas dépasser 40 caractères (version FR)"],
  ])('refuses %j with the French message and writes nothing', async (change, field, message) => {
    const { cookie } = await t.signIn({ params: 1 });
    const before = await getGlobalSettings(t.deps.db);
    const res = await t.post('dashboard/config/global/update', { ...valid, ...change }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await getGlobalSettings(t.deps.db)).toEqual(before);
  });

  it('requires the welcome text in the default language', async () => {
    const { cookie } = await t.signIn({ params: 1 });
    const res = await t.post('dashboard/config/global/update', { ...valid, welcome: [{ lang: 'en', welcome: 'Hi' }] }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Vous devez indiquer le texte d'accueil (version FR)");
  });
});

const admin = {
  config_pms: { name: 'inaxel', period: '1030', separator: ';', prefix: 'CP', ftp_host: 'ftp.pms.test', ftp_user: 'camp', ftp_pass: 'secret-ftp', intern_token: 'tok-int', api_token: 'tok-api', api_url: '' },
  features: 'premium',
  active_connexion: true,
  application_ouverte: false,
  show_stay_dates: true,
  show_stay_location: false,
  config_emails: { default: 'accueil@camping.fr', inventories: '', bcc_inventories: false, services: 'services@camping.fr', bcc_services: true },
};

describe('dashboard/config/admin', () => {
  it('updates only for super', async () => {
    const plain = await t.signIn({ params: 1 });
    expect((await t.post('dashboard/config/admin/update', admin, plain.cookie)).statusCode).toBe(403);
    const sup = await t.signIn({ super: 1 });
    const res = await t.post('dashboard/config/admin/update', admin, sup.cookie);
    expect(res.statusCode).toBe(200);
    expect((await getAdminConfig(t.deps.db)).features).toBe('premium');
    // one site alone: the plan is the administrator's to choose (multi-site mode: src/sites/welcome.test.ts)
    expect(res.json()).toMatchObject({ features: 'premium', plan_by_operator: false });
    expect((await t.get('dashboard/config/admin/list', sup.cookie)).json()).toMatchObject({ features: 'premium', plan_by_operator: false });
  });

  // issue 18: the administrator settings were readable by any staff member (PMS host and user, e-mail
  // addresses); now by super users only, and the plan every screen needs comes with the general settings
  it('is read by super users only; the staff manager sees the PMS gateway without its secrets; every staff member sees the plan', async () => {
    const sup = await t.signIn({ super: 1 });
    await t.post('dashboard/config/admin/update', admin, sup.cookie);
    expect((await t.get('dashboard/config/admin/list', sup.cookie)).json().config_pms.ftp_pass).toBe('secret-ftp');
    for (const flags of [{}, { users: 1 }, { params: 1, rubrics: 1, activities: 1, emails: 1, stats: 1 }] as const) {
      const cookie = (await t.signIn(flags)).cookie;
      const refused = await t.get('dashboard/config/admin/list', cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Vous n'avez pas l'autorisation d'accéder à cette fonctionnalité.");
      expect(refused.body).not.toContain('ftp.pms.test');
      expect((await t.get('dashboard/config/global/list', cookie)).json().features).toBe('premium');
    }
    const manager = await t.signIn({ users: 1 });
    expect((await t.get('webapp/config/pms', manager.cookie)).json()).toMatchObject({ name: 'inaxel', ftp_pass: '', api_token: '', intern_token: '' });
  });

  it('refuses an invalid copy address with the French message', async () => {
    const sup = await t.signIn({ super: 1 });
    const res = await t.post('dashboard/config/admin/update', { ...admin, config_emails: { ...admin.config_emails, default: 'pas-une-adresse' } }, sup.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['config_emails.default']).toBe('Adresse e-mail invalide');
  });
});

describe('public reads', () => {
  it('webapp/config/public exposes no PMS, e-mail or deposit setting', async () => {
    const sup = await t.signIn({ super: 1 });
    await t.post('dashboard/config/admin/update', admin, sup.cookie);
    const res = await t.get('webapp/config/public');
    expect(res.statusCode).toBe(200);
    const text = res.body;
    for (const secret of ['secret-ftp', 'tok-api', 'tok-int', 'accueil@camping.fr', 'config_pms', 'config_emails']) expect(text).not.toContain(secret);
    expect(res.json()).toMatchObject({ features: 'premium', application_ouverte: false });
  });

  it('webapp/config/version answers the build version', async () => {
    expect((await t.get('webapp/config/version')).json()).toEqual({ version: expect.any(String) });
  });
});
