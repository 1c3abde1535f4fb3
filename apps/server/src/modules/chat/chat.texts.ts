import type { EmailTranslation, Lang, NotificationTranslation } from '@campsite/shared';
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

const MAIL: Record<Lang, [string, string, string]> = {
  fr: ['Vous avez un nouveau message', "Bonjour #prenom,</p><p>L'équipe du camping vous a répondu au sujet de votre demande.", 'Lire le message'],
  en: ['You have a new message', 'Hello #prenom,</p><p>The campsite team has answered your request.', 'Read the message'],
  de: ['Sie haben eine neue Nachricht', 'Hallo #prenom,</p><p>Das Team des Campingplatzes hat auf Ihre Anfrage geantwortet.', 'Nachricht lesen'],
  nl: ['U heeft een nieuw bericht', 'Hallo #prenom,</p><p>Het team van de camping heeft uw vraag beantwoord.', 'Bericht lezen'],
  it: ['Hai un nuovo messaggio', 'Gentile #prenom,</p><p>Lo staff del campeggio ha risposto alla sua richiesta.', 'Leggi il messaggio'],
  es: ['Tiene un mensaje nuevo', 'Hola #prenom,</p><p>El equipo del camping ha respondido a su solicitud.', 'Leer el mensaje'],
  pt: ['Tem uma nova mensagem', 'Olá #prenom,</p><p>A equipa do parque respondeu ao seu pedido.', 'Ler a mensagem'],
};

/** The mail of an answer left unread (no push on the guest's devices): a link to the conversation, not its text. */
export const UNREAD_MAIL: EmailTranslation[] = LANGS.map((lang) => {
  const [title, intro, button] = MAIL[lang];
  return { lang, title, content: `<p>${intro}</p><p><a href="#lien">${button}</a></p>` };
});
