/**
 * How the statistics write figures, on the screen and in the weekly mail alike (docs/statistics.md):
 * thousands grouped by a narrow no-break space as fr-FR does ('12 345'), a percent after a narrow no-break
 * space ('12 %', French typography; Intl puts a wider one in some engines, so it is written here), a change
 * signed with a true minus ('+12 %', '−5 %'), and a count agreeing with its noun (0 and 1 are singular in
 * French: '1 appareil abonné', '0 envoi').
 */
export const NNBSP = '\u202f';
const grouped = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
export const statNumber = (n: number) => grouped.format(n).replace(/[\u00a0 ]/g, NNBSP);
export const statPercent = (n: number) => `${statNumber(n)}${NNBSP}%`;
export const statChange = (p: number) => `${p > 0 ? '+' : p < 0 ? '−' : ''}${statPercent(Math.abs(p))}`;
export const statCount = (n: number, one: string, many: string) => `${statNumber(n)} ${n < 2 ? one : many}`;

/**
 * The statistics area's French sentences. The spec gives only the screen's name ('Statistiques') and that
 * weeks start on Monday (002 §2): every other sentence here is ours (docs/statistics.md).
 */
export const STATISTICS = {
  title: 'Statistiques',
  readFailed: 'Impossible de récupérer les statistiques',

  // the period
  periodLabel: 'Période',
  week: 'Cette semaine',
  month: 'Ce mois-ci',
  season: 'La saison',
  custom: 'Personnalisée',
  from: 'Du',
  to: 'Au',
  apply: 'Afficher',
  /**
   * The length of what is compared, said as it is: `counted` days of the compared period against `days` of
   * the period (so far, when it is in progress: its days to come count for nothing on either side).
   */
  comparedLength: (counted: number, days: number, inProgress: boolean) =>
    counted === days
      ? `(${statCount(days, 'jour', 'jours')} chacune${inProgress ? ', jusqu’à aujourd’hui' : ''})`
      : `(${statCount(counted, 'jour', 'jours')} contre ${statNumber(days)}${inProgress ? (days < 2 ? ' écoulé' : ' écoulés') : ''})`,
  badDay: 'Date invalide (format AAAA-MM-JJ attendu)',
  toBeforeFrom: 'La date de fin doit être postérieure ou égale à la date de début',
  tooLong: 'La période ne peut pas dépasser 400 jours',

  // the season (a setting of the establishment)
  seasonText: (from: string, to: string) => `Saison du ${from} au ${to}`,
  editSeason: 'Modifier la saison',
  seasonTitle: 'Dates de la saison',
  seasonHint: 'Chaque année, du jour d’ouverture au jour de fermeture. Une saison d’hiver peut passer le 1er janvier (du 1er décembre au 30 avril).',
  openingDay: 'Jour d’ouverture',
  openingMonth: 'Mois d’ouverture',
  closingDay: 'Jour de fermeture',
  closingMonth: 'Mois de fermeture',
  save: 'Enregistrer',
  cancel: 'Annuler',
  seasonSaved: 'La saison a bien été mise à jour',
  seasonFailed: 'Impossible d’enregistrer la saison',
  badSeasonDay: 'Date de saison invalide (format MM-JJ attendu, un jour qui existe chaque année)',
  sameSeasonDays: 'La fermeture doit être un autre jour que l’ouverture',

  // audience
  visits: 'Pages vues',
  visitors: 'Visiteurs',
  visitorsHint: 'Un visiteur compte une fois par jour : aucun identifiant ne relie ses visites d’un jour à l’autre.',
  appShare: 'Depuis l’application installée',
  perVisitor: 'Pages par visiteur',
  visitsPerDay: 'Pages vues par jour',
  visitsPerWeek: 'Pages vues par semaine (du lundi au dimanche)',
  previous: 'Période précédente',
  installedVsBrowser: 'Application installée ou navigateur',
  installed: 'Application installée',
  browser: 'Navigateur',
  screens: 'Écrans consultés',
  topPages: 'Pages les plus lues',
  topRubrics: 'Rubriques les plus lues',
  topActivities: 'Animations les plus vues',
  noVisits: 'Aucune visite sur cette période',
  deleted: 'Élément supprimé',
  name: 'Nom',

  // engagement
  notifications: 'Notifications',
  subscribers: 'Utilisateurs abonnés',
  devices: 'Appareils abonnés',
  devicesCount: (n: number) => statCount(n, 'appareil abonné', 'appareils abonnés'),
  openedOfDelivered: (opened: number, delivered: number) =>
    `${statCount(opened, 'notification ouverte', 'notifications ouvertes')} / ${statCount(delivered, 'reçue', 'reçues')}`,
  newSubscriptions: 'Nouveaux abonnements',
  sends: 'Envois',
  delivered: 'Notifications reçues',
  opened: 'Notifications ouvertes',
  openRate: 'Taux d’ouverture',
  bookings: 'Réservations par service',
  bookingsHint: 'Créneaux réservés ayant lieu sur la période',
  fromApp: 'Depuis l’application',
  noBookings: 'Aucune réservation sur cette période',
  reviews: 'Avis',
  reviewsHint: 'Avis reçus sur la période et leur note moyenne',
  questionnaire: 'Questionnaire',
  reviewCount: 'Avis reçus',
  averageScore: 'Note moyenne',
  noReviews: 'Aucun avis sur cette période',

  // the weekly summary mail
  summaryMail: 'Recevoir chaque lundi le résumé de la semaine par e-mail',
  summaryOn: 'Vous recevrez le résumé chaque lundi matin',
  summaryOff: 'Vous ne recevrez plus le résumé hebdomadaire',
  summaryFailed: 'Impossible d’enregistrer votre choix',
  summarySubject: 'Statistiques de la semaine',
  summaryHello: (firstname: string) => `Bonjour ${firstname},`,
  summaryIntro: (from: string, to: string) => `Voici la fréquentation de l’application du ${from} au ${to}, comparée à la semaine précédente.`,
  summaryLink: (url: string) => `Le détail est sur ${url}`,
  summaryStop: 'Vous recevez ce message parce que vous l’avez demandé sur l’écran Statistiques ; décochez la case pour ne plus le recevoir.',
} as const;

/** Human labels of the guest app's screens as the visit log names them (lib/visits.ts `useVisit`). */
export const SCREEN_LABELS: Record<string, string> = {
  home: 'Accueil',
  rubric: 'Rubriques',
  page: 'Pages',
  list: 'Listes',
  activities: 'Agenda des animations',
  activity: 'Fiches des animations',
  account: 'Compte',
  services: 'Services',
  service: 'Fiches des services',
  bookings: 'Mes réservations',
  inventory: 'Inventaire',
};
