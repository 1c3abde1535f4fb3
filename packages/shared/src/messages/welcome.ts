// The first e-mail to a new site's manager and its screen (issue 35, docs/multisite.md 'The first e-mail to
// the manager'): the spec is silent, every sentence is ours; the password rules are the personal settings'.
export const WELCOME = {
  title: 'Choisissez votre mot de passe',
  intro: (login: string) => `Votre identifiant est « ${login} ». Choisissez le mot de passe de votre compte : au moins 8 caractères.`,
  save: 'Enregistrer et me connecter',
  unknown: "Ce lien n'est pas valable. Vérifiez que l'adresse ouverte est bien celle de l'e-mail reçu, en entier.",
  used: 'Ce lien a déjà servi : le mot de passe de ce compte est choisi. Connectez-vous avec votre identifiant et ce mot de passe.',
  expired: 'Ce lien a expiré (il était valable 7 jours). Demandez à votre prestataire un nouvel accès à votre tableau de bord.',
  toSignIn: "Aller à l'écran de connexion",
  // the e-mail, in plain paragraphs (the staff notice's layout)
  mailSubject: 'Votre accès au tableau de bord',
  mailHello: 'Bonjour,',
  mailReady: 'Le tableau de bord de votre camping est prêt :',
  mailLogin: (login: string) => `Votre identifiant : ${login}`,
  mailLink: 'Pour choisir votre mot de passe, ouvrez ce lien (valable 7 jours, une seule fois) :',
  mailIgnore: "Si vous n'attendiez pas cet e-mail, ignorez-le.",
  // what the operator is told (the console's answer, the command's output)
  mailSent: (to: string) => `E-mail de bienvenue envoyé à ${to}.`,
  mailFailed: (to: string, why: string) => `L'e-mail de bienvenue à ${to} n'est pas parti (${why}) : donnez au gérant son identifiant et son mot de passe ci-dessus.`,
  managerEmailInvalid: (value: string) => `L'adresse e-mail du gérant « ${value} » n'est pas valide.`,
} as const;
