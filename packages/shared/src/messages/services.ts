/**
 * Services and bookings (001 §2, §4, §5, §8). Where the spec gives a sentence it is quoted as written
 * (its typos included: 'au mois 1 jour', 'mis à jours'); the ones it does not give are marked "ours".
 */
export const SERVICES = {
  // screens (001 §2)
  upsell: 'Mettez votre abonnement à niveau avec la formule premium pour accéder aux services !',
  benefitsPanel: 'Paramètres des prestations',
  workersPanel: 'Paramètres des prestataires',
  slotsPanel: 'Paramètres des créneaux',
  productsPanel: 'Paramètres des produits',
  addBenefit: 'Ajouter une prestation',
  configureBenefit: 'Configurer une prestation',
  addProduct: 'Ajouter un produit',
  configureProduct: 'Configurer un produit',
  free: 'Gratuit',
  extract: 'Extraire',
  planningTitle: 'Planning',
  // ours (issue 32): the planning's button that books without picking a cell first
  newBooking: 'Nouvelle réservation',
  // ours (issue 32): which of the service's and the benefit's duration, interval and meeting point counts
  slotsHelp:
    'La durée, l’intervalle et le lieu de rendez-vous ci-dessous sont proposés à chaque nouvelle prestation : ce sont ceux de chaque prestation qui font ses créneaux et que le client lit. La fin des réservations, les limites par client et les périodes et horaires d’ouverture valent pour toutes les prestations du service.',
  benefitDurationHelp: 'Avec l’intervalle ci-dessous, elle fait les créneaux de cette prestation.',
  benefitLocationHelp: 'Celui de cette prestation : le client le lit dans l’application et dans l’e-mail de confirmation.',

  // confirmations (001 §2, §4)
  confirmDeleteBenefit: 'Vous êtes sur le point du supprimer cette prestation. Cette action est irréversible',
  confirmDeleteService: 'Vous êtes sur le point du supprimer ce service. Cette action est irréversible',
  confirmDeleteReservation: 'Vous êtes sur le point de supprimer définitivement cette réservation.',

  // successes (001 §8)
  reservationAdded: 'La réservation a bien été ajoutée',
  reservationDeleted: 'La réservation a bien été supprimée',
  benefitCreated: 'La prestation a bien été créée',
  benefitUpdated: 'La prestation a bien été mise à jour',
  workerAdded: 'Le prestataire a bien été ajouté',
  productCreated: 'Le produit a bien été créé',
  productUpdated: 'Le produit a bien été mis à jour',
  slotsUpdated: 'Les créneaux ont été mis à jours',

  // errors (001 §8)
  bookingError: "Une erreur s'est produite",
  servicesFetchFailed: 'Impossible de récupérer les services',
  serviceCreateFailed: 'Impossible de créer un service',
  serviceUpdateFailed: 'Impossible de modifier un service',
  serviceDeleteFailed: 'Impossible de supprimer un service',
  benefitsFetchFailed: 'Impossible de récupérer les prestations',
  benefitDeleteFailed: 'Impossible de supprimer une prestation',
  workersFetchFailed: 'Impossible de récupérer les prestataires',
  workerDeleteFailed: 'Impossible de supprimer un prestataire',
  productsFetchFailed: 'Impossible de récupérer les produits',
  productDeleteFailed: 'Impossible de supprimer un produit',

  // service (001 §5)
  nameRequired: 'Vous devez indiquer le nom du service', // ours
  nameMax: 'Le nom ne doit pas dépasser 50 caractères', // ours, on the model of the questionnaire's
  paymentLinkInvalid: "Le lien de paiement n'est pas valide",
  coverRequired: 'Vous devez sélectionner une photo de couverture',
  typeInvalid: 'Type invalide',
  locationRequired: (lang: string) => `Vous devez indiquer le lieu (version ${lang.toUpperCase()})`, // ours
  locationMax: (lang: string) => `Le lieu ne doit pas dépasser 30 caractères (version ${lang.toUpperCase()})`, // ours

  // benefit and product (001 §5)
  iconRequired: 'Vous devez sélectionner un icône',
  priceRequired: 'Vous devez indiquer le prix', // ours
  priceInvalid: 'Le prix doit être un nombre positif avec au plus 2 décimales, 1 000 000 € au maximum', // ours
  durationPositive: 'La durée doit être strictement positive',
  durationSteps: 'Les heures vont de 0 à 12 et les minutes de 0 à 55, par pas de 5', // ours (001 §9)
  limitEndRange: 'Le délai de réservation va de 0 à 300 heures', // ours (001 §9)
  simultaneousPositive: 'Le nombre de places doit être un nombre supérieur à zéro', // ours
  stockInvalid: 'Le stock doit être un nombre entier positif ou nul', // ours
  periodIncomplete: 'Veuillez renseigner les dates de début et de fin de la période', // ours
  periodOrder: 'La date de début doit précéder la date de fin', // ours
  periodInvalid: "Cette date n'existe pas", // ours: 31/04
  hoursIncomplete: 'Veuillez renseigner les heures de début et de fin', // ours
  hoursOrder: "L'heure de début doit précéder l'heure de fin", // ours
  weekdayRequired: 'Vous devez sélectionner au mois 1 jour',
  subtitleRequired: (lang: string) => `Vous devez indiquer le sous-titre (version ${lang.toUpperCase()})`, // ours
  subtitleMax: (lang: string) => `Le sous-titre ne doit pas dépasser 50 caractères (version ${lang.toUpperCase()})`, // ours
  descriptionRequired: (lang: string) => `Vous devez indiquer la description (version ${lang.toUpperCase()})`, // ours
  questionTypeRequired: 'Vous devez choisir le type de la question', // ours
  questionTitleRequired: (lang: string) => `Vous devez indiquer la question (version ${lang.toUpperCase()})`, // ours
  questionTitleMax: (lang: string) => `La question ne doit pas dépasser 50 caractères (version ${lang.toUpperCase()})`, // ours
  oneOpenPeriod: 'Vous devez au moins avoir 1 période d\'ouverture',
  oneOpenHours: 'Vous devez au moins avoir 1 horaire d\'ouverture',
  tooManyQuestions: 'Vous ne pouvez pas ajouter plus de 5 questions',

  // worker (001 §5)
  firstnameRequired: 'Vous devez indiquer le prénom', // ours
  lastnameRequired: 'Vous devez indiquer le nom', // ours
  firstnameMax: 'Le prénom ne doit pas dépasser 50 caractères', // ours
  lastnameMax: 'Le nom ne doit pas dépasser 50 caractères', // ours
  serviceRequired: 'Vous devez sélectionner un service',
  onePeriod: 'Vous devez définir au moins 1 période de disponibilité',
  oneWorkSlot: 'Vous devez définir au moins 1 horaire de travail',
  oneBenefit: 'Vous devez définir au moins 1 prestation',
  tooManyBenefits: 'Vous ne pouvez pas ajouter plus de prestations',
  benefitOfOtherService: "Cette prestation n'appartient pas à ce service", // ours
  workerBusyElsewhere: 'Ce prestataire a déjà une réservation sur une autre prestation à ce moment', // ours

  // reservation step 1 (001 §5)
  workerRequired: 'Veuillez sélectionner une prestataire',
  benefitRequired: 'Veuillez sélectionner une prestation',
  dateInPast: 'Veuillez choisir une date après la date du jour',
  hourInPast: 'Veuillez choisir une heure dans le futur',
  // reservation step 2 (001 §5)
  clientNumberRequired: 'Veuillez saisir le numéro client',
  clientNumberDigits: 'Le numéro client doit être un nombre entier',
  identityRequired: 'Veuillez saisir le nom et prénom du client',
  ageRequired: "Veuillez saisir l'âge du client",
  ageDigits: "L'âge du client doit être un nombre entier",
  phoneRequired: 'Veuillez saisir le numéro de téléphone du client',
  answerRequired: 'Veuillez répondre à cette question',
  answerNumber: 'Cette question attend comme réponse un nombre entier',
  mandatorySuffix: ' (obligatoire)',
  // the engine's refusals (ours)
  slotFull: "Il n'y a plus de place sur ce créneau",
  workerNotOffering: "Ce prestataire ne propose pas cette prestation",
  outsideOpenHours: "Ce créneau est en dehors des horaires d'ouverture de la prestation ou du prestataire",
  notOnGrid: "Ce créneau ne fait pas partie des créneaux proposés",
  afterCutoff: 'Les réservations de ce créneau sont closes',
  notPrestation: "Ce service ne propose pas de prestations à réserver",
  notVente: "Ce service ne vend pas de produits",
  soldOut: "Il n'y a plus assez de stock pour ce produit",
  benefitUnknown: "Cette prestation n'existe plus", // ours: an activity's link
  serviceUnknown: "Ce service n'existe plus", // ours: a page's service button
  extractDayInvalid: 'Veuillez choisir un jour', // ours
  // per-guest ceilings (ours, issue 29)
  guestDayPlacesRange: 'Le nombre de places par client et par jour va de 1 à 1 000',
  daysBeforeArrivalRange: "Le nombre de jours avant l'arrivée va de 0 à 60",
  orderMaxRange: 'La quantité maximale par commande va de 1 à 100',
} as const;
