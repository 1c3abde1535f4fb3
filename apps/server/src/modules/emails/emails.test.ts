import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplates } from '../../db/schema';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { testApp, type TestApp } from '../../testing/harness';
import { setEntry } from '../../platform/settings/settings.repository';
import { sendAccountMail } from '../account/account.mail';
import { DEFAULT_ADMIN, DEFAULT_GLOBAL } from '../../platform/settings/settings.repository';
import { sendTemplate } from '../../platform/mail/send';

let t: TestApp;
let smtp: MailServer;
let staff: string;
beforeAll(async () => {
  smtp = await startMailServer({
    refuse: (a) => (a.startsWith('inconnu@') ? '5.1.1 Boîte aux lettres inconnue' : a.startsWith('plus-tard@') ? { code: 451, reason: '4.7.1 Réessayez plus tard' } : null),
  });
  t = await testApp({ mailer: smtp.mailer });
  staff = (await t.signIn({ emails: 1 })).cookie;
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr', 'en', 'de'], lang_default: 'fr' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const rows = () => t.deps.db.select().from(emailTemplates);
const welcome = {
  name: 'Bienvenue',
  translations: [
    { lang: 'fr', title: 'Bienvenue #prenom', content: '<p>Bonjour #prenom #nom, votre code : #code.</p><p><a href="#lien">Ouvrir</a></p><script>alert(1)</script>' },
    { lang: 'en', title: 'Welcome #prenom', content: '<p>Hello #prenom #nom, your code: #code.</p><p><a href="#lien">Open</a></p>' },
  ],
};

describe('dashboard/emails', () => {
  it('needs a session (401) and the emails flag (403) for every call, and writes nothing', async () => {
    const other = (await t.signIn({ users: 1, notifications: 1 })).cookie;
    const before = await rows();
    for (const [method, path, body] of [
      ['GET', 'dashboard/emails/list', undefined],
      ['POST', 'dashboard/emails/insert', welcome],
      ['POST', 'dashboard/emails/update', { id: 'x', ...welcome }],
      ['POST', 'dashboard/emails/delete', { id: 'x' }],
      ['POST', 'dashboard/emails/test', { id: 'x', lang: 'fr', destinataire: 'a@b.fr' }],
      ['POST', 'dashboard/emails/preview', { translations: welcome.translations, recipient: { email: 'a@b.fr' } }],
      ['GET', 'dashboard/cron_mail/list', undefined],
      ['GET', 'dashboard/cron_mail/find?id=x', undefined],
      ['POST', 'dashboard/cron_mail/insert', { timestamp: 2e9, translations: welcome.translations, email_list: [{ email: 'a@b.fr' }] }],
      ['POST', 'dashboard/cron_mail/cancel', { id: 'x' }],
    ] as const) {
      const anonymous = method === 'GET' ? await t.get(path) : await t.post(path, body);
      const without = method === 'GET' ? await t.get(path, other) : await t.post(path, body, other);
      expect([path, anonymous.statusCode, without.statusCode]).toEqual([path, 401, 403]);
    }
    expect(await rows()).toEqual(before);
    expect(smtp.mails).toHaveLength(0);
  });

  it('lists the two built-in templates first, written in the seven languages', async () => {
    const list = (await t.get('dashboard/emails/list', staff)).json();
    expect(list.slice(0, 2).map((e: { default: string; name: string }) => [e.default, e.name])).toEqual([
      ['subscribe-email', 'E-mail avant séjour'],
      ['confirmation-email', "E-mail d'activation de l'adresse e-mail"],
    ]);
    for (const builtin of list.slice(0, 2)) expect(builtin.translations.map((x: { lang: string }) => x.lang)).toEqual(['fr', 'en', 'de', 'nl', 'it', 'es', 'pt']);
    expect(list[0].translations[0].content).toContain('#code');
    expect(list[1].translations[0].content).toContain('#lien');
  });

  it('creates a template, sanitizes its content and lists it after the built-ins', async () => {
    const res = await t.post('dashboard/emails/insert', welcome, staff);
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Bienvenue', default: null });
    expect(created.translations[0].content).not.toContain('<script');
    const [row] = await t.deps.db.select().from(emailTemplates).where(eq(emailTemplates.id, created._id));
    expect(row.translations[0].content).toBe('<p>Bonjour #prenom #nom, votre code : #code.</p><p><a href="#lien">Ouvrir</a></p>');
    const list = (await t.get('dashboard/emails/list', staff)).json();
    expect(list.map((e: { name: string }) => e.name)).toContain('Bienvenue');
    expect(list[2].name).toBe('Bienvenue');
  });

  it('refuses bad templates with the spec sentence per field and writes nothing', async () => {
    const before = await rows();
    const cases: [unknown, string, string][] = [
      [{ ...welcome, name: ' ' }, 'name', 'Veuillez indiquer un nom'],
      [{ ...welcome, name: 'x'.repeat(121) }, 'name', 'Le nom ne doit pas dépasser 120 caractères'],
      [{ ...welcome, translations: [{ lang: 'fr', title: '', content: '<p>x</p>' }] }, 'translations.0.title', 'Vous devez indiquer le titre (version FR)'],
      [{ ...welcome, translations: [{ lang: 'fr', title: 'Titre', content: '<p><br></p>' }] }, 'translations.0.content', 'Vous devez indiquer un contenu (version FR)'],
      [{ ...welcome, translations: [{ lang: 'en', title: 'Only English', content: '<p>x</p>' }] }, 'translations.1.title', 'Vous devez indiquer le titre (version FR)'],
      [
        { ...welcome, translations: [welcome.translations[0], { lang: 'en', title: 'x'.repeat(121), content: '<p>x</p>' }] },
        'translations.1.title',
        'Le titre ne doit pas dépasser 120 caractères (version EN)',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.post('dashboard/emails/insert', body, staff);
      expect([res.statusCode, res.json().fields?.[field]]).toEqual([400, message]);
      const upd = await t.post('dashboard/emails/update', { id: before[0].id, ...(body as object) }, staff);
      expect([upd.statusCode, upd.json().fields?.[field]]).toEqual([400, message]);
    }
    expect(await rows()).toEqual(before);
  });

  it('updates a template (built-ins too) and answers false for an unknown id', async () => {
    const subscribe = (await rows()).find((r) => r.defaultKey === 'subscribe-email')!;
    const res = await t.post(
      'dashboard/emails/update',
      { id: subscribe.id, name: 'Avant votre arrivée', translations: [{ lang: 'fr', title: 'J-#code', content: '<p>À bientôt #prenom</p>' }] },
      staff,
    );
    expect(res.json()).toMatchObject({ _id: subscribe.id, name: 'Avant votre arrivée', default: 'subscribe-email' });
    const unknown = await t.post('dashboard/emails/update', { id: 'inconnu', ...welcome }, staff);
    expect([unknown.statusCode, unknown.json()]).toEqual([200, false]);
  });

  it('never deletes a built-in template; deletes a custom one; false for an unknown id', async () => {
    for (const builtin of (await rows()).filter((r) => r.defaultKey)) {
      const res = await t.post('dashboard/emails/delete', { id: builtin.id }, staff);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Ce template d'e-mail est utilisé par l'application et ne peut pas être supprimé.");
    }
    expect((await rows()).filter((r) => r.defaultKey)).toHaveLength(2);
    const custom = (await t.post('dashboard/emails/insert', { ...welcome, name: 'À supprimer' }, staff)).json();
    expect((await t.post('dashboard/emails/delete', { id: custom._id }, staff)).json()).toBe(true);
    expect((await rows()).some((r) => r.id === custom._id)).toBe(false);
    expect((await t.post('dashboard/emails/delete', { id: custom._id }, staff)).json()).toBe(false);
  });

  it('sends a test that the SMTP server receives as HTML and text, variables filled, in the language asked', async () => {
    const template = (await rows()).find((r) => r.name === 'Bienvenue')!;
    const before = smtp.mails.length;
    const res = await t.post(
      'dashboard/emails/test',
      { id: template.id, lang: 'en', destinataire: 'marie@example.org', expediteur: 'accueil@camping-des-pins.fr', nom: 'Durand', prenom: 'Marie', code: 'AB12', lien: 'https://app.example.org/membres?code=AB12&x=1' },
      staff,
    );
    expect([res.statusCode, res.json()]).toEqual([200, true]);
    await smtp.waitFor(before + 1);
    const mail = smtp.mails[before];
    expect(mail.to).toEqual(['marie@example.org']);
    expect(mail.subject).toBe('Welcome Marie');
    expect(mail.replyTo).toBe('accueil@camping-des-pins.fr');
    expect(mail.from).toBe('camping@example.test');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('Camping des Pins');
    expect(mail.html).toContain('Hello Marie Durand, your code: AB12.');
    expect(mail.html).toContain('href="https://app.example.org/membres?code=AB12&amp;x=1"');
    expect(mail.text).toContain('Hello Marie Durand, your code: AB12.');
    expect(mail.text).toContain('Open (https://app.example.org/membres?code=AB12&x=1)');
    expect(mail.text).toContain('Camping des Pins');

    // German is not written: English, which the establishment offers, is sent (issue 20)
    await t.post('dashboard/emails/test', { id: template.id, lang: 'de', destinataire: 'hans@example.org', prenom: 'Hans' }, staff);
    await smtp.waitFor(before + 2);
    expect(smtp.mails[before + 1].subject).toBe('Welcome Hans');
    expect(smtp.mails[before + 1].html).toContain('<html lang="en">');
    // without a sender, #expediteur and the Reply-To are the establishment's address
    expect(smtp.mails[before + 1].replyTo).toBe('camping@example.test');
  });

  it("fills an empty test link with the one a guest with that code gets, so that the test's link leads somewhere", async () => {
    const template = (await rows()).find((r) => r.name === 'Bienvenue')!;
    const before = smtp.mails.length;
    await t.post('dashboard/emails/test', { id: template.id, lang: 'fr', destinataire: 'lien@example.org', code: 'ZZ9', lien: '' }, staff);
    await t.post('dashboard/emails/test', { id: template.id, lang: 'en', destinataire: 'sans-code@example.org' }, staff);
    await smtp.waitFor(before + 2);
    expect(smtp.mails[before].html).toContain('href="http://localhost:3001/membres?code=ZZ9"');
    expect(smtp.mails[before + 1].html).toContain('href="http://localhost:3001/"');
  });

  it('escapes the variables in the HTML part', async () => {
    const template = (await rows()).find((r) => r.name === 'Bienvenue')!;
    const before = smtp.mails.length;
    await t.post('dashboard/emails/test', { id: template.id, lang: 'fr', destinataire: 'x@example.org', prenom: '<b>Jo</b>', nom: 'O"Neil' }, staff);
    await smtp.waitFor(before + 1);
    expect(smtp.mails[before].html).toContain('Bonjour &lt;b&gt;Jo&lt;/b&gt; O&quot;Neil');
    expect(smtp.mails[before].subject).toBe('Bienvenue <b>Jo</b>');
  });

  it('refuses a bad test form with the spec sentences, and says why the SMTP server refused', async () => {
    const template = (await rows()).find((r) => r.name === 'Bienvenue')!;
    const before = smtp.mails.length;
    const cases: [object, string, string][] = [
      [{ destinataire: '' }, 'destinataire', "Veuillez indiquer l'adresse e-mail de destination"],
      [{ destinataire: 'marie@' }, 'destinataire', 'Adresse e-mail du destinataire invalide'],
      [{ destinataire: 'marie@example.org', expediteur: 'accueil' }, 'expediteur', "Adresse e-mail de l'expéditeur invalide"],
      [{ destinataire: 'a@b.fr\r\nBcc: x@y.fr' }, 'destinataire', 'Adresse e-mail du destinataire invalide'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.post('dashboard/emails/test', { id: template.id, lang: 'fr', ...body }, staff);
      expect([res.statusCode, res.json().fields[field]]).toEqual([400, message]);
    }
    expect((await t.post('dashboard/emails/test', { id: 'inconnu', lang: 'fr', destinataire: 'a@b.fr' }, staff)).json()).toBe(false);
    const refused = await t.post('dashboard/emails/test', { id: template.id, lang: 'fr', destinataire: 'inconnu@example.org' }, staff);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe("Le serveur d'e-mail a refusé l'envoi : 550 5.1.1 Boîte aux lettres inconnue");
    // a "try later" is an answer, not silence: staff read what the server said
    const deferred = await t.post('dashboard/emails/test', { id: template.id, lang: 'fr', destinataire: 'plus-tard@example.org' }, staff);
    expect([deferred.statusCode, deferred.json().message]).toEqual([502, "Le serveur d'e-mail refuse l'envoi pour le moment : 451 4.7.1 Réessayez plus tard"]);
    expect(smtp.mails).toHaveLength(before);
  });

  it("lays the mail out with the establishment's logo (embedded) and theme colour", async () => {
    const admin = (await t.signIn()).cookie;
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#f4a259' } }).webp().toBuffer();
    expect((await t.post('webapp/config/logo/update', { logo: `data:image/webp;base64,${png.toString('base64')}` }, admin)).statusCode).toBe(200);
    const theme = (await t.post('dashboard/themes/insert', { name: 'Pins', color1: '2b8a3e', color2: 'ffffff', color3: '000000', color4: 'ffffff' }, admin)).json();
    await t.post('webapp/config/update-theme', { id: theme._id }, admin);
    const template = (await rows()).find((r) => r.name === 'Bienvenue')!;
    const before = smtp.mails.length;
    await t.post('dashboard/emails/test', { id: template.id, lang: 'fr', destinataire: 'x@example.org' }, staff);
    await smtp.waitFor(before + 1);
    const mail = smtp.mails[before];
    expect(mail.attachments).toEqual([expect.objectContaining({ contentType: 'image/png', cid: 'logo' })]);
    expect(mail.html).toContain('src="cid:logo"');
    expect(mail.html).toContain('background:#2b8a3e');
  });

  it("sends the guest's activation e-mail from the editable 'confirmation-email' template", async () => {
    const confirmation = (await rows()).find((r) => r.defaultKey === 'confirmation-email')!;
    await t.post(
      'dashboard/emails/update',
      {
        id: confirmation.id,
        name: confirmation.name,
        translations: [
          { lang: 'fr', title: 'Bienvenue au camping, #prenom', content: '<p><a href="#lien">Activer</a></p>' },
          { lang: 'en', title: 'Welcome to the campsite, #prenom', content: '<p><a href="#lien">Activate</a></p>' },
        ],
      },
      staff,
    );
    const before = smtp.mails.length;
    await sendAccountMail(t.deps, 'activate', { email: 'jo@example.org', firstname: 'Jo', langage: 'en' }, 'jeton123');
    await smtp.waitFor(before + 1);
    const mail = smtp.mails[before];
    expect(mail.subject).toBe('Welcome to the campsite, Jo');
    expect(mail.text).toMatch(/Activate \(http:\/\/localhost:3001\/[^)]*\?activation=jeton123\)/);
  });

  it('previews a mail as one recipient gets it: their language, their code in #lien', async () => {
    const res = await t.post(
      'dashboard/emails/preview',
      { translations: welcome.translations, recipient: { email: 'tom@example.org', firstname: 'Tom', lastname: 'Smith', code: 'ZX9', lang: 'en', client_number: '12' } },
      staff,
    );
    expect(res.statusCode).toBe(200);
    const mail = res.json();
    expect(mail).toMatchObject({ lang: 'en', subject: 'Welcome Tom' });
    expect(mail.html).toMatch(/href="http:\/\/localhost:3001\/[^"]*\?code=ZX9"/);
    expect(mail.html).not.toContain('<script');
    expect(mail.text).toContain('Hello Tom Smith, your code: ZX9.');
  });

  it('fills the six variables in the language sent, in the subject, the HTML and the text', async () => {
    const all = (await t.post(
      'dashboard/emails/insert',
      {
        name: 'Toutes les variables',
        translations: [
          { lang: 'fr', title: '#prenom #nom (#code)', content: '<p>FR code=#code lien=#lien nom=#nom prenom=#prenom dest=#destinataire exp=#expediteur</p>' },
          { lang: 'en', title: '#prenom #nom [#code]', content: '<p>EN code=#code lien=#lien nom=#nom prenom=#prenom dest=#destinataire exp=#expediteur</p>' },
        ],
      },
      staff,
    )).json();
    const before = smtp.mails.length;
    const vars = { destinataire: 'lea@example.org', expediteur: 'accueil@camping-des-pins.fr', nom: 'Martin', prenom: 'Léa', code: 'K7', lien: 'https://app.example.org/x' };
    await t.post('dashboard/emails/test', { id: all._id, lang: 'fr', ...vars }, staff);
    await t.post('dashboard/emails/test', { id: all._id, lang: 'en', ...vars }, staff);
    await smtp.waitFor(before + 2);
    const [fr, en] = smtp.mails.slice(before);
    const filled = 'code=K7 lien=https://app.example.org/x nom=Martin prenom=Léa dest=lea@example.org exp=accueil@camping-des-pins.fr';
    expect([fr.subject, en.subject]).toEqual(['Léa Martin (K7)', 'Léa Martin [K7]']);
    // in HTML, #lien is a link to its address (issue 20)
    const linked = (lang: string) =>
      new RegExp(`${lang} ${filled.replace(/[.[\]()]/g, '\\$&').replace('lien=https://app\\.example\\.org/x', 'lien=<a [^>]*href="https://app\\.example\\.org/x">https://app\\.example\\.org/x</a>')}`);
    expect(fr.html).toMatch(linked('FR'));
    expect(fr.text).toContain(`FR ${filled}`);
    expect(en.html).toMatch(linked('EN'));
    expect(en.text).toContain(`EN ${filled}`);
    for (const m of [fr, en]) expect(m.html + m.text + m.subject).not.toMatch(/#(code|lien|nom|prenom|destinataire|expediteur)/);
  });

  it('drops the space before a variable left empty (no "Hello Marie ,")', async () => {
    const template = (await rows()).find((r) => r.name === 'Bienvenue')!;
    const before = smtp.mails.length;
    await t.post('dashboard/emails/test', { id: template.id, lang: 'en', destinataire: 'marie@example.org', prenom: 'Marie' }, staff);
    await t.post('dashboard/emails/test', { id: template.id, lang: 'fr', destinataire: 'anonyme@example.org' }, staff);
    await smtp.waitFor(before + 2);
    const [marie, nobody] = smtp.mails.slice(before);
    expect(marie.text).toContain('Hello Marie, your code:.');
    expect(marie.html).toContain('Hello Marie, your code:.');
    expect([nobody.subject, nobody.text]).toEqual(['Bienvenue', expect.stringContaining('Bonjour, votre code :.')]);
  });

  it('copies an inventory or service mail in blind copy as config_emails asks, and only then', async () => {
    // no inventory or service template exists yet: a built-in one stands for them
    const guest = { email: 'guest@example.org', firstname: 'Jo', lastname: '', code: null, lang: 'fr' };
    const areaMail = (copy: 'inventories' | 'services') => sendTemplate(t.deps, 'subscribe-email', guest, {}, { copy });
    const admin = (config: Partial<typeof DEFAULT_ADMIN.config_emails>) =>
      setEntry(t.deps.db, 'admin', { ...DEFAULT_ADMIN, config_emails: { ...DEFAULT_ADMIN.config_emails, ...config } });
    const before = smtp.mails.length;
    await admin({ default: 'accueil@camping.fr', inventories: 'edl@camping.fr', bcc_inventories: true, bcc_services: false });
    await areaMail('inventories');
    await areaMail('services');
    // services copied, with no address of their own: the establishment's
    await admin({ default: 'accueil@camping.fr', bcc_services: true });
    await areaMail('services');
    await smtp.waitFor(before + 3);
    const [inventory, serviceOff, serviceOn] = smtp.mails.slice(before);
    expect(inventory.to).toEqual(['guest@example.org', 'edl@camping.fr']);
    expect(serviceOff.to).toEqual(['guest@example.org']);
    expect(serviceOn.to).toEqual(['guest@example.org', 'accueil@camping.fr']);
    // the guest does not see the copy
    for (const m of [inventory, serviceOn]) expect([m.headerTo, m.headerBcc]).toEqual(['guest@example.org', '']);
    await admin({});
  });
});
