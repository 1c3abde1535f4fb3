import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHAT, chat, chatReplies, type Body, type ChatReply } from '@campsite/shared';
import { chatReplies as repliesTable } from '../../db/schema';
import { DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';
import { expect400 } from '../../testing/expect400';
import type { TestApp } from '../../testing/harness';
import { newKey, setUpChatTestbed, signedGuest } from '../../testing/fixtures/chat';

/** Saved replies (issue 33): written once per language, given in the guest's language while answering. */
const now = 1_750_000_000;
let t: TestApp, staff: string;
setUpChatTestbed(() => now, (bed) => ({ t, staff } = bed));

const rows = async () => (await t.deps.db.select().from(repliesTable)).length;
const gas: Body<typeof chatReplies.insert> = {
  name: 'Bouteille de gaz',
  translations: [
    { lang: 'fr', text: 'Nous arrivons dans dix minutes avec une bouteille pleine.' },
    { lang: 'en', text: 'We will be there in ten minutes with a full bottle.' },
    { lang: 'de', text: 'Wir kommen in zehn Minuten mit einer vollen Flasche.' },
  ],
};

describe('saved replies', () => {
  it('are created, read by name, updated and deleted; an unknown id is false', async () => {
    const made = (await t.call(chatReplies.insert, gas, staff)).answer();
    expect(made).toMatchObject({ name: 'Bouteille de gaz', translations: gas.translations });
    const wifi = (await t.call(chatReplies.insert, { name: '  Accès wifi ', translations: [{ lang: 'fr', text: '  Le code est CAMPING2025.  ' }, { lang: 'nl', text: '' }] }, staff)).answer();
    // trimmed, and a language left empty is not kept
    expect(wifi).toMatchObject({ name: 'Accès wifi', translations: [{ lang: 'fr', text: 'Le code est CAMPING2025.' }] });
    const list = (await t.call(chatReplies.list, {}, staff)).answer();
    expect(list.map((r) => r.name)).toEqual(['Accès wifi', 'Bouteille de gaz']);
    expect(list[0].text).toBeUndefined();

    const updated = (await t.call(chatReplies.update, { _id: wifi._id, name: 'Wifi', translations: [{ lang: 'fr', text: 'Le code est PINS2025.' }, { lang: 'de', text: 'Der Code ist PINS2025.' }] }, staff)).answer() as ChatReply;
    expect(updated.translations).toEqual([
      { lang: 'fr', text: 'Le code est PINS2025.' },
      { lang: 'de', text: 'Der Code ist PINS2025.' },
    ]);
    expect((await t.call(chatReplies.update, { _id: 'inconnue', name: 'x', translations: [{ lang: 'fr', text: 'x' }] }, staff)).json()).toBe(false);
    expect((await t.call(chatReplies.delete, { id: wifi._id }, staff)).json()).toBe(true);
    expect((await t.call(chatReplies.delete, { id: wifi._id }, staff)).json()).toBe(false);
    expect((await t.call(chatReplies.list, {}, staff)).answer().map((r) => r.name)).toEqual(['Bouteille de gaz']);
  });

  it('refuse a missing name, a text missing in the default language, and texts too long, in French; nothing written', async () => {
    const before = await rows();
    expect400(await t.post('webapp/chat-replies/insert', { name: ' ', translations: gas.translations }, staff), 'name', CHAT.replyNameRequired);
    expect400(await t.post('webapp/chat-replies/insert', { name: 'x'.repeat(81), translations: gas.translations }, staff), 'name', CHAT.replyNameTooLong);
    expect400(await t.post('webapp/chat-replies/insert', { name: 'Sans français', translations: [{ lang: 'de', text: 'Nur Deutsch' }] }, staff), 'text.fr', 'Veuillez insérer le texte en français');
    expect400(await t.post('webapp/chat-replies/insert', { name: 'Long', translations: [{ lang: 'fr', text: 'a' }, { lang: 'de', text: 'b'.repeat(2001) }] }, staff), 'translations.1.text', CHAT.replyTextTooLong(2000));
    expect400(await t.post('webapp/chat-replies/insert', { name: 'NUL', translations: [{ lang: 'xx', text: 'a' }] }, staff), 'translations.0.lang', 'Langue inconnue');
    expect(await rows()).toBe(before);
  });

  it("for a conversation, each reply's text is in the guest's language, else English, else the default language", async () => {
    await t.call(chatReplies.insert, { name: 'Piscine', translations: [{ lang: 'fr', text: 'La piscine ouvre à 10 h.' }] }, staff);
    const textFor = async (langage: string) => {
      const guest = await signedGuest(t, { langage });
      const c = (await t.call(chat.start, { subject: 'other', message: 'Hallo', key: newKey() }, guest.cookie)).answer().conversation;
      const list = (await t.call(chatReplies.list, { conversation: c._id }, staff)).answer();
      return Object.fromEntries(list.map((r) => [r.name, [r.lang, r.text]]));
    };
    expect(await textFor('de')).toMatchObject({ 'Bouteille de gaz': ['de', 'Wir kommen in zehn Minuten mit einer vollen Flasche.'], Piscine: ['fr', 'La piscine ouvre à 10 h.'] });
    // no Dutch version: English; no English either: the default language
    expect(await textFor('nl')).toMatchObject({ 'Bouteille de gaz': ['en', 'We will be there in ten minutes with a full bottle.'], Piscine: ['fr', 'La piscine ouvre à 10 h.'] });
    // English by default and a reply in French and German only (an older one): an Italian guest reads the first written
    await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, langs: ['en', 'fr', 'de', 'it'], lang_default: 'en' });
    const old = (await t.call(chatReplies.insert, { name: 'Zz sans anglais', translations: [{ lang: 'en', text: 'Pool at 10.' }] }, staff)).answer();
    await t.deps.db.update(repliesTable).set({ translations: [{ lang: 'fr', text: 'Bonjour' }, { lang: 'de', text: 'Hallo' }] }).where(eq(repliesTable.id, old._id));
    expect((await textFor('it'))['Zz sans anglais']).toEqual(['fr', 'Bonjour']);
    expect((await textFor('de'))['Zz sans anglais']).toEqual(['de', 'Hallo']);
    await setEntry(t.deps.db, 'global', DEFAULT_GLOBAL);
  });
});
