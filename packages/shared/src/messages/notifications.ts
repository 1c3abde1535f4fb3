/**
 * Push notifications (002 §2, §4, §5, §8; issue 21). Where the spec gives a sentence it is quoted (its
 * spelling kept); the ones it does not give are marked "ours" and follow its wording.
 */
import { pushLang } from '../domain/translations';
import { LANGUAGE_NAMES, isLang } from '../i18n/languages';

const v = (lang: string) => `(version ${lang.toUpperCase()})`;

export const NOTIFICATIONS = {
  // screens (002 §2)
  screenTitle: 'Notifications', // ours
  sendToUser: "Envoyer une notification à l'utilisateur",
  sendButton: 'Envoyer une notification',
  send: 'Envoyer',

  // validation (002 §5)
  titleRequired: (lang: string) => `Vous devez indiquer le titre ${v(lang)}`,
  titleMax: (lang: string) => `Le titre ne doit pas dépasser 40 caractères ${v(lang)}`, // ours (the limit is the spec's)
  contentRequired: (lang: string) => `Vous devez indiquer un contenu ${v(lang)}`, // ours, as the e-mail's
  contentMax: (lang: string) => `Le contenu ne doit pas dépasser 140 caractères ${v(lang)}`, // ours
  nameRequired: 'Veuillez indiquer un nom', // ours, as the e-mail's
  nameMax: 'Le nom ne doit pas dépasser 40 caractères', // ours
  messageRequired: 'Veuillez insérer un message',
  dateInFuture: "La date d'envoi doit être dans le futur",
  dateTooFar: "La date d'envoi ne peut pas dépasser deux ans", // ours
  redirectInvalid: 'La page de destination est invalide', // ours
  redirectGone: "La page de destination n'existe plus", // ours
  tooLong: 'Cette notification est trop longue pour être envoyée : raccourcissez le titre ou le texte', // ours
  noTarget: "Aucun appareil ne recevra cette notification", // ours
  guestsGone: "Le client choisi n'a plus de compte dans l'application", // ours (issue 32)
  pickGuest: 'Veuillez choisir au moins un client', // ours (issue 32)
  daysInvalid: 'Le nombre de jours doit être compris entre 0 et 365', // ours
  quietHoursInvalid: 'Veuillez indiquer une heure au format HH:MM', // ours
  alreadySent: 'Cette notification est déjà partie : elle ne peut plus être annulée.', // ours
  alreadyCancelled: 'Cet envoi est déjà annulé.', // ours
  endpointInvalid: "Cet abonnement aux notifications n'est pas valide", // ours
  tooManyToUser: 'Cet utilisateur a déjà reçu 5 notifications en 10 minutes. Réessayez plus tard.', // ours
  tooManyToUsers: 'Un des destinataires a déjà reçu 5 notifications en 10 minutes. Réessayez plus tard.', // ours
  tooManySubscriptions: 'Trop de requêtes. Réessayez dans un instant.', // ours, as the visit log's
  quietHours: 'Envoyer quand même ?', // issue 21
  quietHoursNow: (start: string, end: string) => `Nous sommes dans les heures calmes (de ${start} à ${end}) : les appareils recevront cette notification tout de suite.`, // ours
  notSentQuiet: "La notification n'a pas été envoyée (heures calmes).", // ours
  quietHoursSaved: 'Les heures calmes sont enregistrées.', // ours
  cannotSaveQuietHours: "Impossible d'enregistrer les heures calmes", // ours
  templateCreated: 'Le modèle de notification a été créé.', // ours
  templateUpdated: 'Le modèle de notification a été mis à jour.', // ours
  templateDeleted: 'Le modèle de notification a été supprimé.', // ours
  deleteTemplate: 'Voulez-vous supprimer ce modèle de notification ?', // ours
  emptyTemplates: 'Pas de modèle de notification', // ours
  sendCancelled: "L'envoi de la notification est annulé.", // ours
  cancelConfirm: "Voulez-vous annuler l'envoi de cette notification ?", // ours
  cannotCancel: "Impossible d'annuler l'envoi", // ours

  // answers (002 §8)
  sent: "La notification vient d'être envoyée !",
  sentToUser: "La notification a été envoyée à l'utilisateur.", // ours: the spec's says 'à tous les utilisateurs'
  scheduled: "L'envoi de la notification est programmé.", // ours
  cannotSend: "Impossible d'envoyer une notification",
  cannotCreate: 'Impossible de créer une notification',
  cannotUpdate: 'Impossible de mettre à jour une notification',
  cannotDelete: 'Impossible de supprimer une notification',
  cannotRead: 'Impossible de récupérer les notifications',
  cannotReadUsers: 'Impossible de récupérer les utilisateurs',
  genericError: "Une erreur s'est produite",
} as const;

/**
 * Ours (issue 32): before a send, the languages of `langs` without a title and what their devices receive
 * instead (`pushLang`: English when written, else the default language). It said 'ne sera pas envoyée dans
 * les langues suivantes' while those devices received the French text.
 */
export function notificationFallback(missing: readonly string[], langs: readonly string[], defaultLang: string) {
  const fallback = pushLang(langs.filter((l) => !missing.includes(l)), null, defaultLang);
  const one = missing.length === 1;
  const name = `${(isLang(fallback) ? LANGUAGE_NAMES[fallback] : fallback).toLowerCase()} (${fallback.toUpperCase()})`;
  const which = fallback === defaultLang ? `${name}, la langue par défaut` : name;
  return (
    `La notification n'est pas traduite dans ${one ? 'la langue suivante' : 'les langues suivantes'} : ${missing.map((l) => l.toUpperCase()).join(', ')}. ` +
    `Les appareils ${one ? 'dans cette langue' : 'dans ces langues'} la recevront en ${which}.`
  );
}
