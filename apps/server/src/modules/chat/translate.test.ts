import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chat, type ChatMessageDoc, type ChatThread } from '@campsite/shared';
import { jobs } from '../../db/schema';
import { ConfigError, readEnv } from '../../env';
import { startTranslationSimulator, type TranslationSimulator } from '../../integrations/translation';
import { testApp, type TestApp } from '../../testing/harness';
import { chatTestbed, newKey, signedGuest, type ChatTestbed } from '../../testing/fixtures/chat';

/**
 * Machine translation (issue 33): through DeepL's official client, here against the local stand-in (DeepL's
 * API on a port, deterministic words). A guest's message gets its French translation by a job; a staff answer
 * may go translated into the guest's language; the provider failing never loses a message. Off unless set.
 */
let now = 1_750_000_000;
let sim: TranslationSimulator;
let bed: ChatTestbed;
let t: TestApp, staff: string;
beforeAll(async () => {
  sim = await startTranslationSimulator();
  bed = await chatTestbed(() => now, { TRANSLATION: 'simulator', DEEPL_URL: sim.url });
  ({ t, staff } = bed);
}, 120_000);
afterAll(async () => {
  await bed?.t.close();
  await bed?.smtp.close();
  await bed?.push.close();
  await sim?.close();
});

const translateJobs = async (message: string) => (await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'chat.translate'))).filter((j) => JSON.stringify(j.payload).includes(message));
const staffView = async (conversation: string) => ((await t.call(chat.messages, { conversation }, staff)).answer() as ChatThread).messages;

describe('a guest writes in another language', () => {
  it('staff read the original with its French translation, marked as a machine translation of German; the guest reads their own words', async () => {
    const guest = await signedGuest(t, { langage: 'de' });
    const c = (await t.call(chat.start, { subject: 'gas', message: 'Guten Tag, unsere Gasflasche ist leer.', key: newKey() }, guest.cookie)).answer();
    const first = c.messages[0];
    expect(await translateJobs(first._id)).toHaveLength(1);
    // before the job ran: the original alone
    expect((await staffView(c.conversation._id))[0].translation).toBeNull();
    await t.deps.jobs.runDue();
    const [m] = await staffView(c.conversation._id);
    expect(m).toMatchObject({ message: 'Guten Tag, unsere Gasflasche ist leer.', translation: { lang: 'fr', text: 'Bonjour, notre bouteille de gaz est vide.', from: 'de' }, translation_error: null });
    expect(sim.asked.at(-1)).toEqual({ text: 'Guten Tag, unsere Gasflasche ist leer.', target: 'fr', source: null });
    const theirs = (await t.call(chat.thread, { conversation: c.conversation._id }, guest.cookie)).answer() as ChatThread;
    expect(theirs.messages[0]).toMatchObject({ message: 'Guten Tag, unsere Gasflasche ist leer.', translation: null });
  });

  it('a French guest is not sent to the provider; a German account writing French is left as it is', async () => {
    const french = await signedGuest(t, { langage: 'fr' });
    const asked = sim.asked.length;
    const c = (await t.call(chat.start, { subject: 'other', message: 'Bonjour, la barrière est bloquée.', key: newKey() }, french.cookie)).answer();
    expect(await translateJobs(c.messages[0]._id)).toEqual([]);
    const german = await signedGuest(t, { langage: 'de' });
    const d = (await t.call(chat.start, { subject: 'other', message: 'Bonjour, nous avons perdu la clé de la barrière.', key: newKey() }, german.cookie)).answer();
    await t.deps.jobs.runDue();
    expect(sim.asked.length).toBe(asked + 1);
    expect((await staffView(d.conversation._id))[0]).toMatchObject({ translation: null, translation_error: null });
  });

  it('the provider down: staff read why under the original, the job tries again and the translation comes', async () => {
    const guest = await signedGuest(t, { langage: 'de' });
    const c = (await t.call(chat.start, { subject: 'other', message: 'Vielen Dank!', key: newKey() }, guest.cookie)).answer();
    sim.fail(1, 503);
    await t.deps.jobs.runDue();
    expect((await staffView(c.conversation._id))[0]).toMatchObject({ message: 'Vielen Dank!', translation: null, translation_error: 'le service de traduction ne répond pas' });
    const [job] = await translateJobs(c.messages[0]._id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    now += 60;
    await t.deps.jobs.runDue();
    expect((await staffView(c.conversation._id))[0]).toMatchObject({ translation: { lang: 'fr', text: 'Merci beaucoup !', from: 'de' }, translation_error: null });
  });
});

describe('staff answer translated', () => {
  it("the guest reads it in German, marked, with staff's original kept; their push says the German", async () => {
    const guest = await signedGuest(t, { langage: 'de' });
    const device = await t.app.inject({ method: 'POST', url: '/api/webapp/notifications/subscribe', payload: { ...bed.push.device(7), lang: 'de' }, headers: { cookie: guest.cookie } });
    expect(device.statusCode, device.body).toBe(200);
    const c = (await t.call(chat.start, { subject: 'gas', message: 'Gas?', key: newKey() }, guest.cookie)).answer().conversation;
    const sent = (await t.call(chat.answer, { conversation: c._id, message: 'Nous arrivons dans dix minutes avec une bouteille pleine.', key: newKey(), translate: true }, staff)).answer() as ChatMessageDoc;
    expect(sent).toMatchObject({ message: 'Nous arrivons dans dix minutes avec une bouteille pleine.', translation: { lang: 'de', text: 'Wir kommen in zehn Minuten mit einer vollen Flasche.', from: 'fr' }, translation_error: null });
    const theirs = (await t.call(chat.thread, { conversation: c._id }, guest.cookie)).answer() as ChatThread;
    expect(theirs.messages.at(-1)).toMatchObject({ message: 'Nous arrivons dans dix minutes avec une bouteille pleine.', translation: { lang: 'de', text: 'Wir kommen in zehn Minuten mit einer vollen Flasche.' }, translation_error: null, notices: null });
    while ((await t.deps.jobs.runDue()) > 0) {
      /* the push's plan, then its batch (and the guest's message's translation) */
    }
    await bed.push.waitFor(1);
    expect(bed.push.received.at(-1)!.payload).toMatchObject({ lang: 'de', body: 'Wir kommen in zehn Minuten mit einer vollen Flasche.' });
  });

  it('a saved reply already in German is sent as it is, not marked as a machine translation', async () => {
    const guest = await signedGuest(t, { langage: 'de' });
    const c = (await t.call(chat.start, { subject: 'gas', message: 'Gas?', key: newKey() }, guest.cookie)).answer().conversation;
    const sent = (await t.call(chat.answer, { conversation: c._id, message: 'Wir kommen in zehn Minuten mit einer vollen Flasche.', key: newKey(), translate: true }, staff)).answer() as ChatMessageDoc;
    expect(sent).toMatchObject({ translation: null, translation_error: null });
  });

  it('the provider failing (quota, wrong key) never loses the answer: the original goes, staff read why', async () => {
    const guest = await signedGuest(t, { langage: 'de' });
    const c = (await t.call(chat.start, { subject: 'gas', message: 'Gas?', key: newKey() }, guest.cookie)).answer().conversation;
    sim.fail(1, 456);
    const quota = (await t.call(chat.answer, { conversation: c._id, message: 'Nous arrivons.', key: newKey(), translate: true }, staff)).answer() as ChatMessageDoc;
    expect(quota).toMatchObject({ message: 'Nous arrivons.', translation: null, translation_error: 'le quota du service de traduction est atteint' });
    sim.fail(1, 403);
    const key = (await t.call(chat.answer, { conversation: c._id, message: 'Merci beaucoup !', key: newKey(), translate: true }, staff)).answer() as ChatMessageDoc;
    expect(key.translation_error).toBe('la clé du service de traduction est refusée');
    const theirs = (await t.call(chat.thread, { conversation: c._id }, guest.cookie)).answer() as ChatThread;
    expect(theirs.messages.slice(1).map((m) => [m.message, m.translation, m.translation_error])).toEqual([
      ['Nous arrivons.', null, null],
      ['Merci beaucoup !', null, null],
    ]);
  });

  it('the team call says translation is on (the dashboard offers it then)', async () => {
    expect((await t.call(chat.team, undefined, staff)).answer().translation).toBe('simulator');
  });
});

describe('translation off (the default)', () => {
  it('no job, no provider; an answer asked translated goes as written, with the reason', async () => {
    const off = await testApp();
    try {
      const member = (await off.signIn({ emails: 1 })).cookie;
      expect((await off.call(chat.team, undefined, member)).answer().translation).toBe('off');
      const guest = await signedGuest(off, { langage: 'de' });
      const asked = sim.asked.length;
      const c = (await off.call(chat.start, { subject: 'other', message: 'Vielen Dank!', key: newKey() }, guest.cookie)).answer().conversation;
      expect((await off.deps.db.select().from(jobs).where(eq(jobs.kind, 'chat.translate'))).length).toBe(0);
      const sent = (await off.call(chat.answer, { conversation: c._id, message: 'Avec plaisir.', key: newKey(), translate: true }, member)).answer() as ChatMessageDoc;
      expect(sent).toMatchObject({ message: 'Avec plaisir.', translation: null, translation_error: "la traduction automatique n'est pas activée sur ce serveur" });
      expect(sim.asked.length).toBe(asked);
    } finally {
      await off.close();
    }
  });
});

describe("the provider's address", () => {
  const env = (vars: Record<string, string>) => () => readEnv({ TRANSLATION: 'simulator', ...vars });
  it('is parsed once at start: https anywhere, http only to this machine, no path, user or parameters', () => {
    expect(readEnv({ TRANSLATION: 'deepl', DEEPL_API_KEY: 'k:fx', DEEPL_URL: 'https://api.deepl.com' }).DEEPL_URL).toBe('https://api.deepl.com');
    expect(env({ DEEPL_URL: 'http://127.0.0.1:9911' })().DEEPL_URL).toBe('http://127.0.0.1:9911');
    expect(env({ DEEPL_URL: 'http://translate.example.com' })).toThrow(ConfigError);
    expect(env({ DEEPL_URL: 'http://127.0.0.1.nip.io:9911' })).toThrow(/https est obligatoire/);
    expect(env({ DEEPL_URL: 'https://user:secret@api.deepl.com' })).toThrow(/ni identifiant/);
    expect(env({ DEEPL_URL: 'https://api.deepl.com/?auth_key=x' })).toThrow(/ni paramètres/);
    expect(env({ DEEPL_URL: 'https://api.deepl.com/v2' })).toThrow(/sans chemin/);
    expect(env({ DEEPL_URL: 'api.deepl.com' })).toThrow(/adresse complète/);
    expect(() => readEnv({ TRANSLATION: 'deepl' })).toThrow(/DEEPL_API_KEY/);
    expect(readEnv({}).TRANSLATION).toBe('off');
  });
});
