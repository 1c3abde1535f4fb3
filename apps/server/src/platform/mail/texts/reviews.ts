import { REVIEWS } from '@campsite/shared';
import type { MailTexts, StaffMailTexts } from '../catalog.types';

/**
 * A questionnaire's invitation: its notification title as the subject ({title}), its notification text
 * ({text}) and introduction ({intro}), the button to the link (#lien). Sent in the languages the
 * questionnaire is written in (reviews/invite.run.ts).
 */
export const REVIEW_INVITE_MAIL: MailTexts = {
  fr: { subject: '{title}', body: '<p>Bonjour #prenom,</p><p>{text}</p>[[<p>{intro}</p>]]<p><a href="#lien">Donner mon avis</a></p><p>Ce lien est valable 30 jours.</p>' },
  en: { subject: '{title}', body: '<p>Hello #prenom,</p><p>{text}</p>[[<p>{intro}</p>]]<p><a href="#lien">Give my feedback</a></p><p>This link is valid for 30 days.</p>' },
  de: { subject: '{title}', body: '<p>Hallo #prenom,</p><p>{text}</p>[[<p>{intro}</p>]]<p><a href="#lien">Meine Meinung abgeben</a></p><p>Dieser Link ist 30 Tage gültig.</p>' },
  nl: { subject: '{title}', body: '<p>Hallo #prenom,</p><p>{text}</p>[[<p>{intro}</p>]]<p><a href="#lien">Mijn mening geven</a></p><p>Deze link is 30 dagen geldig.</p>' },
  it: { subject: '{title}', body: '<p>Gentile #prenom,</p><p>{text}</p>[[<p>{intro}</p>]]<p><a href="#lien">Lascia la tua opinione</a></p><p>Questo link è valido per 30 giorni.</p>' },
  es: { subject: '{title}', body: '<p>Hola, #prenom:</p><p>{text}</p>[[<p>{intro}</p>]]<p><a href="#lien">Dar mi opinión</a></p><p>Este enlace es válido durante 30 días.</p>' },
  pt: { subject: '{title}', body: '<p>Olá #prenom,</p><p>{text}</p>[[<p>{intro}</p>]]<p><a href="#lien">Dar a minha opinião</a></p><p>Esta ligação é válida durante 30 dias.</p>' },
};

/**
 * The low-score alert to the staff: who ({name}, {stay}), which questionnaire ({model}), the average
 * ({score}), the answers ({answers}, paragraphs written by reviews/reviews.mail.ts) and a reply link to the
 * guest ({guest}).
 */
export const REVIEW_ALERT_MAIL: StaffMailTexts = {
  fr: {
    subject: REVIEWS.alertSubject('{score}'),
    body:
      '<p>{name}[[ (séjour n° {stay})]] a répondu au questionnaire « {model} » avec une note moyenne de {score} / 5.</p>{answers}' +
      '[[<p><a href="mailto:{guest}">Répondre à {name}</a></p>]]<p>Tous les avis sont dans « Lire les avis » du tableau de bord.</p>',
  },
};
