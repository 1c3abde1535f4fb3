import { isLang, type EmailTranslation, type Lang } from '@campsite/shared';
import type { ModelRow } from './reviews.repository';

/** The invitation mail's own words in the guest app's seven languages (the questionnaire gives its title and text). */
const WORDS: Record<Lang, { hello: string; button: string; valid: string }> = {
  fr: { hello: 'Bonjour #prenom,', button: 'Donner mon avis', valid: 'Ce lien est valable 30 jours.' },
  en: { hello: 'Hello #prenom,', button: 'Give my feedback', valid: 'This link is valid for 30 days.' },
  de: { hello: 'Hallo #prenom,', button: 'Meine Meinung abgeben', valid: 'Dieser Link ist 30 Tage gültig.' },
  nl: { hello: 'Hallo #prenom,', button: 'Mijn mening geven', valid: 'Deze link is 30 dagen geldig.' },
  it: { hello: 'Gentile #prenom,', button: 'Lascia la tua opinione', valid: 'Questo link è valido per 30 giorni.' },
  es: { hello: 'Hola, #prenom:', button: 'Dar mi opinión', valid: 'Este enlace es válido durante 30 días.' },
  pt: { hello: 'Olá #prenom,', button: 'Dar a minha opinião', valid: 'Esta ligação é válida durante 30 dias.' },
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '#': '&#35;' };
/** Escaped for HTML, '#' included: a questionnaire's '#nom' is not a variable of the template. */
const html = (s: string) => s.replace(/[&<>"'#]/g, (c) => ESCAPES[c]);

/**
 * The mail in each language the questionnaire is written in (its notification title as the subject, its
 * notification text and introduction, the button to the link): sendTemplate then picks the guest's
 * language, else English, else the default, as for every mail. A questionnaire without a text in the
 * default language still gets a mail: its first language stands in.
 */
export function inviteMail(translations: ModelRow['translations'], defaultLang: string): EmailTranslation[] {
  const written = translations.filter((t) => isLang(t.lang) && t.notification_title.trim() !== '');
  const mails = written.map((t) => {
    const w = WORDS[t.lang as Lang];
    const intro = t.introduction.trim() ? `<p>${html(t.introduction.trim())}</p>` : '';
    return {
      lang: t.lang as Lang,
      title: t.notification_title.trim(),
      content: `<p>${w.hello}</p><p>${html(t.notification_content.trim())}</p>${intro}<p><a href="#lien">${w.button}</a></p><p>${w.valid}</p>`,
    };
  });
  if (mails.length && isLang(defaultLang) && !mails.some((m) => m.lang === defaultLang)) mails.push({ ...mails[0], lang: defaultLang });
  return mails;
}
