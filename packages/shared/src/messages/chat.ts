/**
 * Guest messages (002 §2 'Client messages', §3 Conversation and Message; issue 25). Where the spec gives a
 * sentence it is quoted; the ones it does not give are marked "ours" and follow its wording.
 */
export const CHAT = {
  // screen (002 §2)
  crumb: 'Chat',
  title: 'Messages clients',
  badgeIntervention: "Demande d'intervention",
  badgeMessage: 'Conversation',
  send: 'Envoyer',
  // the subjects a guest picks (002 §2), by their key
  subjects: { intervention: "Demande d'intervention", gas: 'Bouteille de gaz', other: 'Autre' },
  // ours
  empty: 'Pas de message pour le moment.',
  emptyHint: "Les messages que vos clients écrivent depuis l'application apparaissent ici.",
  pick: 'Choisissez une conversation pour lire ses messages.',
  replyLabel: 'Votre réponse',
  replyPlaceholder: 'Écrivez votre réponse…',
  close: 'Fermer la conversation',
  reopen: 'Rouvrir la conversation',
  closed: 'Conversation fermée',
  closedNote: 'Le client peut encore écrire : son message rouvre la conversation.',
  open: 'En cours',
  all: 'Toutes',
  closedTab: 'Fermées',
  unread: (n: number) => (n > 1 ? `${n} non lus` : '1 non lu'),
  you: 'Vous',
  photo: 'Photo jointe',
  attachPhoto: 'Joindre une photo',
  changePhoto: 'Changer la photo',
  removePhoto: 'Retirer la photo',
  photoPreview: (name: string) => `Photo à envoyer : ${name}`,
  photoNotImage: (name: string) => `« ${name} » ne peut pas être joint : choisissez une photo au format JPEG ou PNG.`,
  answered: 'Réponse envoyée',
  conversationClosed: 'La conversation a été fermée',
  conversationReopened: 'La conversation a été rouverte',
  live: 'Mise à jour en direct',
  offline: 'Connexion perdue, nouvelle tentative…',
  // errors (ours; 002 §8 'Impossible de …' for the failing action)
  readConversations: 'Impossible de récupérer les conversations',
  readMessages: 'Impossible de récupérer les messages',
  sendMessage: "Impossible d'envoyer le message",
  sendPhoto: "Impossible d'envoyer la photo",
  closeConversation: 'Impossible de fermer la conversation',
  messageRequired: 'Veuillez insérer un message',
  messageTooLong: (max: number) => `Le message ne peut pas dépasser ${max} caractères`,
  subjectRequired: 'Veuillez choisir un sujet',
  conversationUnknown: 'Conversation introuvable',
  photoFormat: 'La photo doit être au format JPEG ou PNG',
  tooManyMessages: 'Trop de messages envoyés. Réessayez dans quelques minutes.',
  tooManyConversations: 'Trop de conversations ouvertes. Réessayez plus tard.',
  streamOnly: "Cette adresse est un flux d'événements : elle s'ouvre avec EventSource (Accept: text/event-stream).",
  noGuestAccount: "Ce compte client n'existe plus.",
} as const;

/** The longest message, in characters (a text message, not a letter). */
export const CHAT_MESSAGE_MAX = 2000;
