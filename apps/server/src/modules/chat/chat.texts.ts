import type { Lang, NotificationTranslation } from '@campsite/shared';
import { LANGS } from '@campsite/shared';

/** What a guest receives about an answer, in the guest app's seven languages (fr en de nl it es pt). */

const PUSH_TITLE: Record<Lang, string> = {
  fr: 'Nouveau message du camping',
  en: 'New message from the campsite',
  de: 'Neue Nachricht vom Campingplatz',
  nl: 'Nieuw bericht van de camping',
  it: 'Nuovo messaggio dal campeggio',
  es: 'Nuevo mensaje del camping',
  pt: 'Nova mensagem do parque',
};

/** The push of an answer: its title in each language, the answer's first words as its text. */
export function answerPush(text: string): NotificationTranslation[] {
  const content = text.length > 120 ? `${text.slice(0, 119).trimEnd()}…` : text;
  return LANGS.map((lang) => ({ lang, title: PUSH_TITLE[lang], content }));
}

const PHOTO: Record<Lang, string> = {
  fr: '📷 Photo',
  en: '📷 Photo',
  de: '📷 Foto',
  nl: '📷 Foto',
  it: '📷 Foto',
  es: '📷 Foto',
  pt: '📷 Fotografia',
};

/** The push of a staff photo: the same title, 'Photo' in each language as its text. */
export function photoPush(): NotificationTranslation[] {
  return LANGS.map((lang) => ({ lang, title: PUSH_TITLE[lang], content: PHOTO[lang] }));
}
