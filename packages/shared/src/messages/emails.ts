/**
 * E-mails (002 §2, §4, §5, §8): templates, test sends, sends to chosen guests, campaigns. Where the spec
 * gives a sentence it is quoted; the ones it does not give (marked "ours") follow its wording.
 */
const v = (lang: string) => `(version ${lang.toUpperCase()})`;

export const EMAILS = {
  // screens (002 §2)
  templatesTitle: 'Paramétrer les e-mails',
  sendTitle: 'Envoyer des e-mails', // ours
  campaignsTitle: "Pré-programmer des envoi d'e-mails",
  subscribeLabel: 'E-mail avant séjour',
  confirmationLabel: "E-mail d'activation de l'adresse e-mail",
  customLabel: "Template d'e-mail personnalisé",
  noCampaign: "Pas de campagne d'Email envoyée",
  showMore: 'Afficher plus',
  showLess: 'Afficher moins',
  cancelSend: "Annuler l'envoi",

  // template (002 §5)
  nameRequired: 'Veuillez indiquer un nom',
  nameMax: 'Le nom ne doit pas dépasser 120 caractères',
  titleRequired: (lang: string) => `Vous devez indiquer le titre ${v(lang)}`,
  contentRequired: (lang: string) => `Vous devez indiquer un contenu ${v(lang)}`,
  titleMax: (lang: string) => `Le titre ne doit pas dépasser 120 caractères ${v(lang)}`,
  missingTranslations: "Le template d'e-mail n'est pas traduit pour tous les utilisateurs et ne sera pas envoyé dans les langues suivantes :",
  builtinNotDeletable: "Ce template d'e-mail est utilisé par l'application et ne peut pas être supprimé.", // ours

  // test send (002 §5)
  recipientRequired: "Veuillez indiquer l'adresse e-mail de destination",
  recipientInvalid: 'Adresse e-mail du destinataire invalide',
  senderInvalid: "Adresse e-mail de l'expéditeur invalide",

  // sending (002 §5)
  dateInFuture: "La date d'envoi doit être dans le futur",
  dateTooFar: "La date d'envoi ne peut pas dépasser deux ans", // ours
  noRecipient: "Veuillez sélectionner au moins des clients ou des utilisateurs à qui envoyer l'e-mail", // ours
  noAddress: "Aucune adresse e-mail parmi les destinataires choisis", // ours
  alreadySent: "Cette campagne est déjà envoyée : elle ne peut plus être annulée.", // ours
  alreadyCancelled: 'Cette campagne est déjà annulée.', // ours
  smtpRefused: (reason: string) => `Le serveur d'e-mail a refusé l'envoi : ${reason}`, // ours
  smtpUnreachable: "Le serveur d'e-mail ne répond pas. Réessayez dans un instant.", // ours
  smtpDeferred: (reason: string) => `Le serveur d'e-mail refuse l'envoi pour le moment : ${reason}`, // ours
  smtpDown: (detail: string) => `Le serveur d'e-mail ne répond pas (${detail})`, // ours
  retryAt: (time: string) => `Nouvel essai à ${time}`, // ours
  unsubscribed: "Désabonné des e-mails d'information : cette campagne ne lui est pas envoyée.", // ours (issue 20)

  // errors and successes (002 §8)
  createFailed: 'Impossible de créer un e-mail',
  updateFailed: 'Impossible de modifier un e-mail',
  deleteFailed: 'Impossible de supprimer un e-mail',
  testFailed: "Impossible d'envoyer un e-mail de test",
  loadFailed: 'Impossible de récupérer la page',
  created: 'Le mail a bien été créé',
  updated: 'Le mail a bien été mis à jour',
  deleted: 'Le mail a bien été supprimé',
  testSent: "L'email de test vient d'être envoyé",
  deleteConfirm: "Vous êtes sur le point de supprimer ce template d'e-mail. Cette action est irréversible",
  campaignPlanned: 'La campagne a bien été programmée', // ours
  sendNowConfirm: (n: number) => `Vous êtes sur le point d'envoyer cet e-mail maintenant à ${n} adresse${n > 1 ? 's' : ''}.`, // ours
  campaignCancelled: "L'envoi a bien été annulé", // ours
  cancelConfirm: "Vous êtes sur le point d'annuler l'envoi de cette campagne. Aucun e-mail ne sera envoyé.", // ours
} as const;
