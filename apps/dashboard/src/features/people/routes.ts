import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

const clients = screen(() => import('./ClientsScreen'));
const stays = screen(() => import('./StaysScreen'));
const webapp = screen(() => import('./WebappUsersScreen'));
const dashboard = screen(() => import('./DashboardUsersScreen'));

/** People (002 §2): the hub and its four lists, each with its detail on the same screen. All need the users flag. */
export const peopleRoutes: AppRoute[] = [
  { path: '/utilisateurs', flag: 'users', screen: screen(() => import('./HubScreen')) },
  { path: '/users/clients', flag: 'users', screen: clients },
  { path: '/users/clients/:clientNumber', flag: 'users', screen: clients },
  { path: '/users/sejours', flag: 'users', screen: stays },
  { path: '/users/sejours/:stayNumber', flag: 'users', screen: stays },
  { path: '/users/webapp', flag: 'users', screen: webapp },
  { path: '/users/webapp/:id', flag: 'users', screen: webapp },
  { path: '/users/dashboard', flag: 'users', screen: dashboard },
  { path: '/users/dashboard/:id', flag: 'users', screen: dashboard },
];
