/**
 * Review questionnaires and collected reviews (001 §2, §4, §5, §8, §9). Where the spec gives a sentence it
 * is quoted as written; the ones it does not give are marked "ours" and follow its pattern.
 */
const v = (lang: string) => `(version ${lang.toUpperCase()})`;

export const REVIEWS = {
  // screens (001 §2)
  modelsTitle: 'Gestion des avis clients',
  answersTitle: 'Lire les avis',
  createModel: 'Créer un questionnaire',
  emptyModels: 'Pas de questionnaire paramétré',
  modelForm: 'Paramétrer un questionnaire',
  edit: 'Éditer',
  remove: 'Supprimer',
  close: 'Fermer',
  extract: 'Extraire',
  reviewCount: "Nb d'avis",
  pageCount: 'Nb de pages',
  columnName: 'Nom',
  columnDate: 'Date',
  columnEmail: 'E-mail',
  columnAnswers: 'Questions et réponses',
  emptyReviews: "Pas d'avis récoltés pour le moment",
  // the list's filters (ours, issue 32)
  scoreFilter: 'Note moyenne',
  allScores: 'Toutes les notes',
  scoreOption: (n: number) => `${n} / 5`,
  withComment: 'Avec un commentaire',
  noMatch: 'Aucun avis ne correspond à ces critères',
  /** 001 §4: followed by the languages, comma-separated */
  notTranslated: "Le formulaire d'avis n'est pas traduit dans les langues suivantes : ",

  // the form's choices (001 §3; labels ours)
  typeDisabled: 'Désactivé',
  typeGlobal: 'Fin de séjour',
  typeService: 'Après une prestation', // ours (issue 32)
  serviceRequired: 'Veuillez choisir une prestation',
  serviceUnknown: "Cette prestation n'existe plus",
  serviceTaken: (name: string) => `Le questionnaire « ${name} » est déjà envoyé après cette prestation`,
  questionText: 'Texte',
  questionNotation: 'Notation (1 à 5)',
  questionSelect: 'Choix',

  /**
   * The help under 'Envoi' (ours): what saving the form will do with the choice made, never a description
   * of the current state (the card says that): switching on invites only the stays whose invitation falls
   * due after the save, switching off cancels the invitations not yet sent.
   */
  sendHint: (type: 'off' | 'global' | 'service', wasOn: boolean) =>
    type === 'service'
      ? "Chaque client ayant réservé un créneau de cette prestation sera invité après sa fin, au délai choisi ; les créneaux terminés avant l'enregistrement ne le seront pas."
      : type === 'off'
      ? wasOn
        ? "À l'enregistrement, plus aucun client ne sera invité ; les invitations pas encore parties seront annulées."
        : "Aucun client ne sera invité tant que l'envoi restera désactivé."
      : wasOn
        ? 'Les clients continueront d’être invités après leur départ, au délai choisi.'
        : "À l'enregistrement, chaque client sera invité après son départ, au délai choisi ; les séjours dont l'invitation aurait dû partir avant ne le seront pas.",

  // errors (001 §8)
  fetchModels: "Impossible de récupérer les formulaires d'avis",
  createModelFailed: "Impossible de créer un formulaire d'avis",
  updateModelFailed: "Impossible de modifier un formulaire d'avis",
  deleteModelFailed: "Impossible de supprimer un formulaire d'avis",
  fetchReviews: 'Impossible de récupérer les avis', // ours
  extractFailed: "Impossible d'extraire les avis", // ours

  // successes (001 §8)
  modelCreated: "Le modèle d'avis a bien été créé",
  modelUpdated: "Le modèle d'avis a bien été mis à jour",
  modelDeleted: "Le modèle d'avis a bien été supprimé",

  // validation (001 §5)
  nameRequired: 'Le nom ne doit pas être vide',
  nameMax: 'Le nom ne doit pas dépasser 50 caractères',
  atLeastOneQuestion: 'Vous devez au moins avoir 1 question',
  atMostTenQuestions: 'Vous ne pouvez pas ajouter plus de 10 questions', // ours
  selectAtLeastTwo: 'Vous devez spécifier au moins 2 réponses possibles',
  selectAtMostFive: 'Vous ne pouvez pas spécifier plus de 5 réponses possibles', // ours
  typeInvalid: 'Type invalide', // ours (the services' word)
  delayInvalid: "Le délai d'envoi doit être compris entre l'envoi instantané et 5 jours après le départ", // ours
  questionTypeInvalid: 'Type de question invalide', // ours

  // err_code 1 answers (001 §7: the server's err_message, shown as it comes); ours
  nameTaken: 'Un autre questionnaire porte déjà ce nom',
  globalTaken: (name: string) =>
    `Le questionnaire « ${name} » est déjà envoyé en fin de séjour : désactivez-le avant d'en activer un autre`,

  // try and send a questionnaire (ours, issue 32)
  preview: 'Essayer / envoyer',
  previewTitle: (name: string) => `Essayer ou envoyer « ${name} »`,
  testLinkButton: 'Ouvrir le lien de test',
  testLinkHint: "Le questionnaire tel que le client le voit, dans la langue choisie ; vos réponses sont vérifiées mais jamais enregistrées. Le lien est valable 24 heures.",
  sendToGuest: 'Envoyer à un client',
  guestRequired: 'Veuillez choisir un client',
  guestGone: "Ce client n'existe plus",
  guestNoEmail: "Ce client n'a pas d'adresse e-mail",
  sentToGuest: (email: string) => `Le questionnaire a bien été envoyé à ${email}`,
  sendFailed: "Impossible d'envoyer le questionnaire",
  testLinkFailed: "Impossible de créer le lien de test",

  // the reviews' settings (ours)
  settingsSaved: 'Les paramètres des avis ont bien été enregistrés',
  publicLinkInvalid: "Le lien d'avis public n'est pas valide",
  alertEmailInvalid: "Le format de l'e-mail n'est pas correct",
  thresholdInvalid: "Le seuil d'alerte doit être compris entre 0 et 5",
  scoreFilterInvalid: 'La note doit être un nombre entier de 1 à 5',
  commentFilterInvalid: 'Le filtre « avec un commentaire » ne peut valoir que 1',
  periodInvalid: 'La fin de la période doit être après son début',
  selectionEmpty: 'Veuillez sélectionner au moins un avis',
  extractGone: "Cette extraction n'existe plus : cliquez à nouveau sur Extraire",

  // guest answers checked by the server (ours; the guest app words them in the guest's language first)
  answerRequired: 'Veuillez répondre à cette question',
  answerInvalid: 'Cette réponse n’est pas valide',

  // the low-score alert e-mailed to staff (ours)
  alertSubject: (score: string) => `Avis client : note moyenne de ${score} / 5`,
} as const;

// per-language sentences (001 §5: 'Le titre ne doit pas être vide (version FR)')
export const reviewTitleRequired = (lang: string) => `Le titre ne doit pas être vide ${v(lang)}`;
export const reviewTitleMax = (lang: string) => `Le titre ne doit pas dépasser 50 caractères ${v(lang)}`;
export const reviewIntroRequired = (lang: string) => `L'introduction ne doit pas être vide ${v(lang)}`;
export const reviewIntroMax = (lang: string) => `L'introduction ne doit pas dépasser 200 caractères ${v(lang)}`;
export const reviewNotifTitleRequired = (lang: string) => `Le titre de la notification ne doit pas être vide ${v(lang)}`;
export const reviewNotifTitleMax = (lang: string) => `Le titre de la notification ne doit pas dépasser 40 caractères ${v(lang)}`;
export const reviewNotifContentRequired = (lang: string) => `Le contenu de la notification ne doit pas être vide ${v(lang)}`;
export const reviewNotifContentMax = (lang: string) => `Le contenu de la notification ne doit pas dépasser 140 caractères ${v(lang)}`;
export const questionTitleRequired = (lang: string) => `Le titre de la question ne doit pas être vide ${v(lang)}`;
export const questionTitleMax = (lang: string) => `Le titre de la question ne doit pas dépasser 50 caractères ${v(lang)}`;
export const selectAnswerMax = (lang: string) => `Une réponse possible ne doit pas dépasser 25 caractères ${v(lang)}`;
export const selectCountMismatch = (lang: string, defaultLang: string) =>
  `Il doit y avoir autant de réponses possibles que dans la ${v(defaultLang).slice(1, -1)} ${v(lang)}`;
