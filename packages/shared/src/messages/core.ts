/**
 * The French sentences of the spec, written once. Screens, validation schemas and the server all take
 * them from here, so a sentence reads the same wherever it appears.
 */
export const CORE = {
  // shared (000 §2.9, §8; 001 §5)
  confirm: 'Êtes-vous sûrs de vouloir continuer ?',
  formError: 'Il y a une ou plusieurs erreur(s) dans le formulaire',
  // ours (issue 29): a staff form saved from a record changed since it was read (409)
  editConflict: "Cette fiche a été modifiée par quelqu'un d'autre pendant que vous l'éditiez. Elle a été rechargée : vérifiez-la et enregistrez de nouveau.",
  genericError: "Une erreur s'est produite",
  genericErrorDot: "Une erreur s'est produite.",
  premiumTitle: 'Formule Premium',
  premiumYes: "Oui, ça m'intéresse !",
  premiumLater: 'Plus tard',
  premiumSent: 'Un message nous a été envoyé !',
  errorHelper: (message: string, code: string | number) =>
    `Erreur: ${message}. Contactez-nous pour résoudre le problème (code erreur: ${code})`,
  missingArgument: 'Argument manquant',
  badRequest: 'Requête invalide',
  alreadyExists: 'Un élément du même nom existe déjà.',
  notSignedIn: 'Vous devez être connecté.',
  forbidden: "Vous n'avez pas l'autorisation d'accéder à cette fonctionnalité.",
  premiumOnly: 'Cette fonctionnalité nécessite la formule premium.',
  // ours (issue 35): in multi-site mode the plan is the operator's, set in the control database
  planByOperator: "La formule (essentiel ou premium) est choisie par l'exploitant de la plateforme : elle ne se change pas ici.",
  notFound: 'Introuvable',
  serverError: "Une erreur s'est produite. Réessayez dans un instant.",
  // ours (issue 29): a full disk does not empty itself, waiting cannot help
  diskFull: "Le disque du serveur est plein : rien n'a été enregistré. Prévenez la personne qui gère le serveur.",
  urlTooLong: "L'adresse de la requête est trop longue.",

  // login (000 §8)
  loginFailed: 'Identifiant ou mot de passe incorrect.',
  loginRequired: 'Veuillez indiquer votre identifiant',
  passwordRequired: 'Veuillez indiquer votre mot de passe',
  loginTooLong: "L'identifiant ne doit pas dépasser 100 caractères",
  passwordTooLong: 'Le mot de passe ne doit pas dépasser 200 caractères',
  tooManyAttempts: 'Trop de tentatives de connexion. Réessayez dans 15 minutes.',
  /** the per-account delay of sign-in (ours, issue 18) */
  accountSlowedDown: (seconds: number) =>
    `Trop de tentatives de connexion sur ce compte. Réessayez dans ${seconds < 60 ? `${seconds} seconde${seconds > 1 ? 's' : ''}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) > 1 ? 's' : ''}`}.`,
  /** throttles of the guest account calls (ours, issue 18) */
  tooManyAccountRequests: 'Trop de demandes depuis cette adresse. Réessayez dans 15 minutes.',
  tooManyCodes: "Trop de codes d'activation essayés depuis cette adresse. Réessayez dans 15 minutes.",
  codeQuota: "Trop de comptes attendent leur activation avec ce code. Ouvrez le lien reçu par e-mail, ou réessayez demain.",

  // files (000 §8; 002 §5)
  fileTooLarge: (mb: number) => `Le fichier est trop volumineux (${mb} Mo maximum).`,
  fileFormat: "Ce format de fichier n'est pas pris en charge",
  fileMissing: 'Veuillez sélectionner un fichier',
  imageTooLarge: "L'image est trop grande (40 mégapixels au maximum) : réduisez-la avant de l'envoyer.",

  // logo (000 §8)
  logoFailed: 'Erreur: impossible de mettre à jour le logo',
  logoUpdated: 'Le logo à été mis à jour',

  // personal settings and dashboard users (002 §5, §8)
  wrongPassword: 'Mot de passe invalide',
  lastnameRequired: 'Veuillez indiquer votre nom',
  firstnameRequired: 'Veuillez indiquer votre prénom',
  emailRequired: 'Veuillez indiquer votre adresse e-mail',
  emailInvalid: 'Adresse e-mail invalide',
  usernameRequired: "Veuillez indiquer un nom d'utilisateur",
  usernameShort: "Le nom d'utilisateur doit contenir au moins 4 caractères",
  passwordShort: 'Le mot de passe doit contenir au moins 8 caractères',
  passwordMismatch: 'Les mots de passe ne correspondent pas',
  duplicateUsername: 'Un autre utilisateur avec le même identifiant existe déjà',
  permissionsSuperOnly: 'Seul un administrateur peut modifier les permissions.',
  superAccountSuperOnly: "Seul un administrateur peut modifier l'identifiant, l'adresse e-mail ou le mot de passe d'un administrateur.",
  currentPasswordNeeded: 'Indiquez votre mot de passe actuel pour changer votre identifiant ou votre mot de passe.',
  accountUpdated: 'Votre compte a bien été mis à jour',
  userCreated: "L'utilisateur a bien été créé",
  userUpdated: "L'utilisateur a bien été mis à jour",

  // settings (002 §5, §8)
  establishmentRequired: "Veuillez indiquer le nom de l'établissement",
  establishmentMax: "Le nom de l'établissement ne doit pas dépasser 40 caractères",
  nbdaysInvalid: 'Veuillez indiquer une liste de nombres séparés par des virgules (de 0 à 60)',
  defaultLangRequired: 'La langue par défaut ne peut pas être désactivée',
  langsRequired: 'Veuillez sélectionner au moins une langue',
  welcomeRequired: (lang: string) => `Vous devez indiquer le texte d'accueil (version ${lang.toUpperCase()})`,
  welcomeMax: (lang: string) => `Le texte d'accueil ne doit pas dépasser 40 caractères (version ${lang.toUpperCase()})`,
  settingsSaved: 'Les paramètres ont bien été mis à jour',
  settingsFailed: (which: 'administrateurs' | 'généraux', code: number) =>
    `Erreur: Impossible de mettre à jour les paramètres ${which}. Veuillez contacter le service technique (code : #${code})`,
} as const;

/** Titles per language: 'Vous devez indiquer le titre (version FR)'. */
export const titleRequired = (lang: string) => `Vous devez indiquer le titre (version ${lang.toUpperCase()})`;
export const titleMax = (max: number, lang: string, word = 'titre') =>
  `Le ${word} ne doit pas dépasser ${max} caractères (version ${lang.toUpperCase()})`;
export const missingTranslations = (intro: string, langs: string[]) =>
  `${intro} ${langs.map((l) => l.toUpperCase()).join(', ')}`;

