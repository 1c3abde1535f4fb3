/**
 * The guest app's first screen, agreed between the server and the app. The server answers a page of the
 * app with the reads of its first screen already inside (a JSON data block where the built index.html
 * has `FIRST_SCREEN_MARK`), with the theme's colours in its head, so that the first paint is the
 * establishment's, with no read to wait for. The app takes each read as the answer of its address.
 */
import type { Callable } from '../contract/call';
import { guestCalls } from '../contract/guest-calls';
import type { Route } from './guest-routes';

export const FIRST_SCREEN_MARK = '<!--first-screen-->';
export const FIRST_SCREEN_ID = 'first-screen';

/** The services screen's title (fr en de nl it es pt): the server draws that screen's first lines with it. */
export const SERVICES_TITLE = ['Services', 'Services', 'Services', 'Diensten', 'Servizi', 'Servicios', 'Serviços'] as const;

/** The sign-in's title and first line (fr en de nl it es pt): the server draws them above the form the app adds. */
export const SIGN_IN_TITLE = ['Connexion', 'Sign in', 'Anmeldung', 'Inloggen', 'Accesso', 'Iniciar sesión', 'Iniciar sessão'] as const;
export const SIGN_IN_INTRO = [
  'Connectez-vous pour retrouver votre séjour.',
  'Sign in to see your stay.',
  'Melden Sie sich an, um Ihren Aufenthalt zu sehen.',
  'Log in om uw verblijf te bekijken.',
  'Accedi per vedere il tuo soggiorno.',
  'Inicia sesión para ver tu estancia.',
  'Inicie sessão para ver a sua estadia.',
] as const;

export interface FirstScreen {
  /** when the server read them (epoch milliseconds): the app refreshes what is older than its cache allows */
  at: number;
  /** each read's answer by its address (`/api/…?query`, as `callUrl` writes it) */
  reads: Record<string, unknown>;
}

export interface FirstRead {
  call: Callable;
  query?: Record<string, number | string | boolean>;
}

/** How far the agenda looks ahead; the home and the agenda ask the same window, so one read serves both. */
export const AGENDA_DAYS = 14;

/**
 * The activity dates to read: from the start of yesterday in UTC, for 16 days. It does not depend on the
 * time zone, so it can be asked before the settings arrive, and it covers today and the next two weeks in
 * any zone; the address stays the same all day, so the answer kept offline is found again.
 */
export function agendaWindow(now: number) {
  const from = Math.floor(now / 86400) * 86400 - 86400;
  return { from, to: from + (AGENDA_DAYS + 2) * 86400 };
}

/** What every screen shows: settings, colours, logo, and the bottom menu with its rubrics. */
export const BOOT_READS: FirstRead[] = [
  { call: guestCalls.config.public },
  { call: guestCalls.themes.current },
  { call: guestCalls.logo.get },
  { call: guestCalls.menu.get },
  { call: guestCalls.groups.list },
];

/** The programme: the dates of the agenda's window, the activities and their categories. */
function agendaReads(now: number): FirstRead[] {
  return [
    { call: guestCalls.animationDates.list, query: agendaWindow(now) },
    { call: guestCalls.animations.list },
    { call: guestCalls.animationCategories.list },
  ];
}

/** What the home adds: its modules, the booklet's categories and the activities block. */
export function homeReads(now: number): FirstRead[] {
  return [{ call: guestCalls.modules.list }, { call: guestCalls.categories.list }, ...agendaReads(now)];
}

/**
 * What a screen adds that its address tells (a category's page or list needs the categories first:
 * `categoryReads`). The screens of a signed-in guest read at launch themselves; the account says who it is.
 */
export function screenReads(route: Route, now: number): FirstRead[] {
  switch (route.screen) {
    case 'home':
      return homeReads(now);
    case 'rubric':
    case 'category':
      return [{ call: guestCalls.categories.list }];
    case 'page':
      return [{ call: guestCalls.pages.find, query: { id: route.id } }];
    case 'agenda':
      return agendaReads(now);
    case 'activity':
      return [{ call: guestCalls.animations.find, query: { id: route.id } }, ...agendaReads(now)];
    case 'services':
      return [{ call: guestCalls.guestServices.list }];
    case 'service':
      return [{ call: guestCalls.guestServices.find, query: { id: route.id } }];
    case 'account':
      // who is signed in (false for nobody): the sign-in shows at once, without a loader in between
      return [{ call: guestCalls.account.me }];
    default:
      return [];
  }
}

/** A category's own read: its page, or its list. */
export function categoryReads(category: { _id: string; type: string }): FirstRead[] {
  return [{ call: category.type === 'list' ? guestCalls.lists.findByCategory : guestCalls.pages.findByCategory, query: { category: category._id } }];
}
