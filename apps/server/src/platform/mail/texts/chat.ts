import type { MailTexts } from '../catalog.types';

/** A staff answer left unread (no push on the guest's devices): a link (#lien) to the conversation, not its text. */
export const CHAT_UNREAD_MAIL: MailTexts = {
  fr: { subject: 'Vous avez un nouveau message', body: "<p>Bonjour #prenom,</p><p>L'équipe du camping vous a répondu au sujet de votre demande.</p><p><a href=\"#lien\">Lire le message</a></p>" },
  en: { subject: 'You have a new message', body: '<p>Hello #prenom,</p><p>The campsite team has answered your request.</p><p><a href="#lien">Read the message</a></p>' },
  de: { subject: 'Sie haben eine neue Nachricht', body: '<p>Hallo #prenom,</p><p>Das Team des Campingplatzes hat auf Ihre Anfrage geantwortet.</p><p><a href="#lien">Nachricht lesen</a></p>' },
  nl: { subject: 'U heeft een nieuw bericht', body: '<p>Hallo #prenom,</p><p>Het team van de camping heeft uw vraag beantwoord.</p><p><a href="#lien">Bericht lezen</a></p>' },
  it: { subject: 'Hai un nuovo messaggio', body: '<p>Gentile #prenom,</p><p>Lo staff del campeggio ha risposto alla sua richiesta.</p><p><a href="#lien">Leggi il messaggio</a></p>' },
  es: { subject: 'Tiene un mensaje nuevo', body: '<p>Hola #prenom,</p><p>El equipo del camping ha respondido a su solicitud.</p><p><a href="#lien">Leer el mensaje</a></p>' },
  pt: { subject: 'Tem uma nova mensagem', body: '<p>Olá #prenom,</p><p>A equipa do parque respondeu ao seu pedido.</p><p><a href="#lien">Ler a mensagem</a></p>' },
};
