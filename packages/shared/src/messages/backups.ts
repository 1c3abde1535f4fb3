// The backups of issue 34 (administrator screen, home warnings): the spec is silent, every sentence is ours.
export const BACKUPS = {
  hourInvalid: 'Veuillez indiquer une heure au format HH:MM',
  dailyInvalid: 'Veuillez indiquer un nombre de sauvegardes quotidiennes entre 1 et 60',
  weeklyInvalid: 'Veuillez indiquer un nombre de sauvegardes hebdomadaires entre 0 et 52',
  started: 'Sauvegarde lancée : elle apparaîtra dans la liste une fois écrite.',
  alreadyRunning: 'Une sauvegarde est déjà en cours.',
  settingsSaved: 'Les réglages des sauvegardes ont été enregistrés.',
  unknownFile: 'Cette sauvegarde n’existe pas.',
  failedWarning: 'La dernière sauvegarde a échoué',
  missingWarning: 'Aucune sauvegarde depuis plus de 26 heures',
  httpsWarning:
    "L'application des clients est servie en HTTP : les notifications push, le livret hors connexion et l'installation de l'application demandent HTTPS.",
  httpsHow:
    "Pour l'activer, indiquez le nom du serveur dans DOMAIN : il obtient alors son certificat lui-même (docs/production.md, « HTTPS »).",
} as const;
