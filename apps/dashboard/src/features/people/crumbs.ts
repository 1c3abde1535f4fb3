import { PEOPLE } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';

/** The breadcrumbs of the four people lists, which their details continue. */
const hub = navCrumbs('/utilisateurs');
export const clientCrumbs = [...hub, { label: PEOPLE.clientsTitle, to: '/users/clients' }];
export const stayCrumbs = [...hub, { label: PEOPLE.staysTitle, to: '/users/sejours' }];
export const webappCrumbs = [...hub, { label: PEOPLE.webappTitle, to: '/users/webapp' }];
export const staffCrumbs = [...hub, { label: PEOPLE.dashboardTitle, to: '/users/dashboard' }];
