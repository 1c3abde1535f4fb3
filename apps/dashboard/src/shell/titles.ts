import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { INVENTORIES } from '@campsite/shared';

/**
 * The browser tab's name of each screen (issue 20): the sidebar's words where the screen has an entry
 * (two 'Planning' entries are told apart), the screen's own title elsewhere. Patterns are the routes'
 * (app/routes.tsx); a detail shares its list's name.
 */
const TITLES: [pattern: string, title: string][] = [
  ['/', 'Tableau de bord'],
  ['/modules', "Page d'accueil"],
  ['/menu', 'Menu'],
  ['/themes', 'Thèmes'],
  ['/icons', 'Icônes'],
  ['/rubriques/*', 'Mes rubriques'],
  ['/pdf', 'Fichiers'],
  ['/animations', 'Mes activités'],
  ['/animation-dates', 'Planning des activités'],
  ['/animation-categories', "Catégories d'activité"],
  ['/services', 'Mes services'],
  ['/services/booking', 'Planning des services'],
  ['/utilisateurs', 'Utilisateurs'],
  ['/users', 'Utilisateurs'],
  ['/users/clients/*', 'Fiches clients'],
  ['/users/sejours/*', 'Séjours'],
  ['/users/webapp/*', "Utilisateurs de l'application"],
  ['/users/dashboard/*', 'Utilisateurs du tableau de bord'],
  ['/avis/formulaires', 'Mes questionnaires'],
  ['/avis/reponses', 'Avis récoltés'],
  ['/stats', 'Statistiques'],
  ['/messages/chat', 'Messagerie'],
  ['/messages/reponses', 'Réponses enregistrées'],
  ['/administration/emails', "Templates d'Email"],
  ['/administration/auto-email', 'Campagnes envoyées'],
  ['/administration/send-emails', 'Envoyer des e-mails'],
  ['/inventaires', INVENTORIES.accommodationsTitle],
  ['/inventaires/checkin', INVENTORIES.clientInventoriesTitle],
  ['/inventaires/edit/:id', "Inventaire d'un hébergement"],
  ['/deposit/users-deposit', 'Cautions Swikly'],
  ['/deposit/swikly', 'Paramétrer les cautions'],
  ['/administration/notifications', 'Notifications'],
  ['/administration/send-notifications', 'Envoyer une notification'],
  ['/administration/parametres', 'Paramètres'],
  ['/administration/features', 'Paramètres administrateur'],
  ['/parametres', 'Mon compte'],
];

/** The screen's name of a path, or null for a path no screen serves (it then redirects to the home). */
export function screenTitle(pathname: string): string | null {
  // paths are matched without case, as the router does ('/Rubriques' of old links)
  return TITLES.find(([pattern]) => matchPath({ path: pattern, caseSensitive: false }, pathname))?.[1] ?? null;
}

/**
 * 'Mes rubriques · Camping des Pins': the screen first, so that a row of tabs shows it. Unread guest
 * conversations come before it, '(2) Mes rubriques · …', as mail and chat apps do: a tab in the background
 * tells a new guest message.
 */
export function tabTitle(screen: string | null, establishment: string, unread = 0) {
  const title = screen ? `${screen} · ${establishment}` : establishment;
  return unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${title}` : title;
}

/** Keeps the browser tab's title on the current screen, with the count of unread conversations. */
export function useTabTitle(establishment: string, unread = 0) {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = tabTitle(screenTitle(pathname), establishment, unread);
  }, [pathname, establishment, unread]);
}
