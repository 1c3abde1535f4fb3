import { INVENTORIES, type Permission } from '@campsite/shared';

export interface NavEntry {
  flag: Permission;
  label: string;
  path?: string;
  children?: { label: string; path: string }[];
  /** a count beside the entry: 'today', what is left on the home's to-do list (issue 33) */
  badge?: 'today';
}

/** The sidebar of 000 §2.4, in its order, with its exact labels. */
export const NAV: NavEntry[] = [
  { flag: 'homepage', label: 'Dashboard', path: '/', badge: 'today' },
  {
    flag: 'rubrics',
    label: "Livret d'accueil",
    children: [
      { label: "Page d'accueil", path: '/modules' },
      { label: 'Mes rubriques', path: '/rubriques' },
      { label: 'Fichiers', path: '/pdf' },
    ],
  },
  {
    flag: 'activities',
    label: 'Activités',
    children: [
      { label: 'Mes activités', path: '/animations' },
      { label: 'Planning', path: '/animation-dates' },
      { label: "Catégories d'activité", path: '/animation-categories' },
    ],
  },
  {
    flag: 'services',
    label: 'Services',
    children: [
      { label: 'Mes services', path: '/services' },
      { label: 'Planning', path: '/services/booking' },
    ],
  },
  { flag: 'users', label: 'Utilisateurs', path: '/utilisateurs' },
  {
    flag: 'reviews',
    label: 'Avis clients',
    children: [
      { label: 'Mes questionnaires', path: '/avis/formulaires' },
      { label: 'Avis récoltés', path: '/avis/reponses' },
    ],
  },
  { flag: 'stats', label: 'Statistiques', path: '/stats' },
  {
    flag: 'emails',
    label: 'Email',
    children: [
      { label: 'Messagerie', path: '/messages/chat' },
      { label: "Templates d'Email", path: '/administration/emails' },
      { label: 'Campagnes envoyées', path: '/administration/auto-email' },
    ],
  },
  {
    flag: 'inventories',
    label: 'Inventaires',
    children: [
      { label: INVENTORIES.accommodationsTitle, path: '/inventaires' },
      { label: INVENTORIES.clientInventoriesTitle, path: '/inventaires/checkin' },
    ],
  },
  // named after the deposit provider's product (000 §2.4)
  { flag: 'deposits', label: 'Cautions Swikly', path: '/deposit/users-deposit' },
  { flag: 'notifications', label: 'Notifications', path: '/administration/notifications' },
  { flag: 'params', label: 'Paramètres', path: '/administration/parametres' },
];

/** Where a user without the homepage flag lands (000 §6), first permitted first. */
export const SECTION_ORDER: { flag: Permission; path: string }[] = [
  { flag: 'rubrics', path: '/rubriques' },
  { flag: 'activities', path: '/animations' },
  { flag: 'services', path: '/services' },
  { flag: 'users', path: '/utilisateurs' },
  { flag: 'reviews', path: '/avis/formulaires' },
  { flag: 'stats', path: '/stats' },
  { flag: 'emails', path: '/administration/emails' },
  { flag: 'inventories', path: '/inventaires' },
  { flag: 'deposits', path: '/deposit/users-deposit' },
  { flag: 'notifications', path: '/administration/notifications' },
  { flag: 'params', path: '/administration/parametres' },
];

/**
 * The breadcrumb of a sidebar entry: its group (not a link: a group has no screen of its own) and the
 * entry, so that breadcrumbs say the sidebar's words. A screen adds its own steps after it.
 */
export function navCrumbs(path: string): { label: string; to?: string }[] {
  for (const e of NAV) {
    if (e.path === path) return [{ label: e.label, to: path }];
    const child = e.children?.find((c) => c.path === path);
    if (child) return [{ label: e.label }, { label: child.label, to: path }];
  }
  return [];
}
