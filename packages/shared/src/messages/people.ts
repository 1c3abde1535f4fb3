/**
 * People (002 §2, §5, §8): client files, stays, guest app users, dashboard users, imports. Where the spec
 * gives a sentence it is quoted; the ones it does not give (marked "ours") follow its wording.
 */
export const PEOPLE = {
  // hub and lists (002 §2)
  hubTitle: 'Gestion des utilisateurs', // ours
  webappTitle: 'Utilisateurs (webapp)',
  dashboardTitle: 'Utilisateurs (dashboard)',
  clientsTitle: 'Fiches clients',
  staysTitle: 'Séjours',
  searchResults: 'Résultats de votre recherche',
  allClients: 'Liste de toutes les fiches clients',
  allWebappUsers: 'Liste de tous les utilisateurs',
  allStays: 'Liste de tous les séjours', // ours
  allDashboardUsers: 'Liste de tous les utilisateurs du dashboard', // ours
  rowCount: 'Nombre de lignes',
  accountActivated: 'Compte activé',
  yes: 'Oui',
  no: 'Non',
  details: 'Détails',
  clientFile: 'Fiche client',
  stay: 'Séjour',
  notProvided: 'Non renseigné',
  noStayForUser: 'Aucun séjour ne correspond à cet utilisateur.',
  notActivated: "Le compte de cet utilisateur n'est pas activé.",
  resendActivation: "Renvoyer le lien d'activation par e-mail",
  backToList: 'Retour à la liste',
  seeFile: 'Voir la fiche',
  noResult: 'Aucun résultat ne correspond à votre recherche.', // ours
  emptyClients: "Pas encore de fiche client : importez vos réservations pour commencer.", // ours
  emptyStays: "Pas encore de séjour : importez vos réservations pour commencer.", // ours
  emptyWebappUsers: "Aucun client n'a encore créé de compte sur l'application.", // ours

  // labels of values (002 §2)
  female: 'Femme',
  male: 'Homme',
  monsieur: 'Monsieur',
  madame: 'Madame',
  other: 'Autre',
  primary: 'Candidat',
  mother: 'Mère',
  father: 'Père',
  companion: 'Accompagnant',
  tourist: 'Client',
  resident: 'Résident',

  // guest app user (002 §8)
  activationFailed: "Impossible d'envoyer le mail d'activation",
  activationNetwork: "Une erreur est survenue pendant l'envoi du mail",
  activationSent: (email: string) => `Le mail d'activation à été envoyé à l'adresse ${email}`,

  // imports (002 §5, §8)
  importFailed: "Impossible d'importer un fichier csv",
  reservationsFailed: (n: number, list: string) => `${n} réservations ne sont pas passées : ${list}`,
  reservationsImported: 'Les réservations ont bien été importées !',
  roomlistImported: 'La roomlist a bien été importée !',
  clientsImported: 'Le fichier client a bien été importé !', // ours
  uploadAtLeastOne: 'Veuillez uploader au moins un fichier',
  formErrorThis: 'Il y a une ou plusieurs erreur(s) dans ce formulaire',
  importRunning: (done: number, total: number) => `Import en cours : ${done} / ${total} lignes`, // ours
  importQueued: "L'import est en attente", // ours
  fileUnreadable: "Ce fichier n'est pas un fichier CSV lisible", // ours

  // reasons a row of an import is refused (ours)
  rowNoClientNumber: 'numéro de client manquant',
  rowNoStayNumber: 'numéro de séjour manquant',
  rowUnknownClient: (n: string) => `client ${n} inconnu`,
  rowBadDate: (column: string, value: string) => `date « ${value} » invalide dans la colonne ${column} (jj/mm/aaaa)`,
  rowDeparture: 'le départ est avant l’arrivée',
  rowTooLong: (column: string) => `valeur trop longue dans la colonne ${column}`,
  rowMissingColumn: (column: string) => `colonne « ${column} » absente du fichier`,

  // room-list insert and update (002 §5)
  csvRequired: 'Veuillez importer un fichier CSV',
  roomLastnameRequired: 'Veuillez renseigner un nom',
  roomNameInvalid: "Ce nom n'est pas valide, veuillez réessayer",
  roomFirstnameRequired: 'Veuillez saisir un prénom',
  roomFirstnameShort: 'Un peu court pour un prénom !',
  roomEmailRequired: 'Veuillez saisir une adresse e-mail',
  roomEmailLong: 'Cette adresse e-mail est trop longue (50 caractères max.)',
  roomEmailInvalid: 'Cette adresse e-mail semble incorrecte',
  roomPhoneRequired: 'Veuillez saisir un numéro de téléphone',
  roomPhoneInvalid: 'Ce numéro de téléphone ne semble pas valide',
  roomNameLong: 'Ce nom est trop long (50 caractères max.)', // ours
  arrivalFormat: "Date d'arrivée mal formatée : dd/mm/yyyy",
  // the spec keeps 'arrivée' in the departure message too (002 §5); issue 20 asks it to name the departure
  departureFormat: 'Date de départ mal formatée : dd/mm/yyyy',
  clientRequired: 'Veuillez sélectionner un client',
  departureBeforeArrival: "La date de départ doit être après la date d'arrivée", // ours
  roomlistUnknownClient: "Ce client n'existe pas", // ours

  // dashboard users (ours where the spec is silent)
  userDeleted: (name: string) => `L'utilisateur ${name} a bien été supprimé`,
  deleteUserConfirm: "Vous êtes sur le point de supprimer cet utilisateur du dashboard. Cette action est irréversible",
  lastSuper: 'Il doit toujours rester au moins un administrateur (super).',
  notYourself: 'Vous ne pouvez pas supprimer votre propre compte.',
  passwordReset: 'Le mot de passe a bien été modifié',
  permissionsSaved: 'Les permissions ont bien été mises à jour',

  // a client's card (issue 20; ours: the spec gives the card no action)
  sendCode: "Envoyer le code et le lien de l'application",
  codeSent: (email: string) => `Le code d'activation et le lien de l'application ont été envoyés à l'adresse ${email}`,
  codeSendFailed: "Impossible d'envoyer le code d'activation",
  noClientEmail: "Ce client n'a pas d'adresse e-mail : ajoutez-en une dans ses coordonnées pour lui envoyer son code.",
  tooManyClientMails: (wait: string) => `Cette adresse a déjà reçu plusieurs e-mails dans l'heure. Réessayez dans ${wait}.`,
  tooManyStaffMails: (wait: string) => `Vous avez envoyé beaucoup d'e-mails dans l'heure. Réessayez dans ${wait}.`,
  editContact: 'Modifier les coordonnées',
  contactUpdated: 'Les coordonnées du client ont bien été modifiées',
  contactFailed: 'Impossible de modifier les coordonnées du client',
  contactEmailLong: 'Cette adresse e-mail est trop longue (100 caractères max.)',
  eraseClient: 'Supprimer le client',
  eraseConfirm: (name: string) =>
    `Vous êtes sur le point de supprimer la fiche client de ${name}, ses séjours et ses comptes sur l'application. Cette action est irréversible`,
  clientErased: (name: string) => `La fiche client de ${name} a bien été supprimée`,
  eraseFailed: 'Impossible de supprimer la fiche client',
  printCard: 'Imprimer la carte d’accueil',
  cardScan: "Scannez ce code pour ouvrir l'application",
  cardCode: "Votre code d'activation",
  exportCsv: 'Exporter en CSV',
  exportFailed: "Impossible d'exporter la liste",

  // staff accounts (issue 20; ours)
  lastLogin: 'Dernière connexion',
  neverSignedIn: 'Jamais',
  rolePreset: 'Rôle',
  auditTitle: 'Historique des modifications',
  auditEmpty: "Aucune modification n'a encore été enregistrée.",

  // guest accounts (ours; the guest app shows them in its own languages from the answer codes)
  unknownCode: "Ce code d'activation est inconnu",
  emailTaken: 'Un compte existe déjà avec cette adresse e-mail',
  codeRequired: "Veuillez indiquer votre code d'activation",
  connexionClosed: "La connexion à l'application est désactivée",
} as const;

/** 'dans 12 minutes', 'dans 40 secondes': how long a throttled sender waits (ours). */
export const waitPhrase = (seconds: number) => {
  if (seconds < 60) return `${seconds} seconde${seconds > 1 ? 's' : ''}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes > 1 ? 's' : ''}`;
};

/**
 * Who may change whose staff account (issue 18), and the notice its owner receives by e-mail (ours: the
 * spec is silent). The changed parts are listed after a colon, so that no agreement depends on them.
 */
export const STAFF_ACCOUNT = {
  credentialsNotYours:
    "Vous ne pouvez modifier l'identifiant, l'adresse e-mail ou le mot de passe que d'un compte dont vous détenez toutes les permissions.",
  noticeSubject: 'Votre compte du dashboard a été modifié',
  noticeParts: { password: 'mot de passe', email: 'adresse e-mail', username: 'identifiant' },
  noticeHello: (firstname: string) => `Bonjour ${firstname},`,
  /** `by`: the colleague's name and identifier, or null for a change made from the owner's own session */
  noticeBody: (when: string, by: string | null, parts: string[]) =>
    `Votre compte du dashboard a été modifié le ${when}, ${by ? `par ${by}` : 'depuis votre propre session'} : ${parts.join(', ')}.`,
  noticeNewEmail: (email: string) => `Votre nouvelle adresse e-mail : ${email}`,
  noticeNewUsername: (username: string) => `Votre nouvel identifiant : ${username}`,
  noticeWarning: "Si vous n'êtes pas à l'origine de cette modification, prévenez sans attendre un administrateur du dashboard.",
} as const;
