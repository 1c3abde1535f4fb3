import { PPL } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';

/** The breadcrumbs of the four people lists, which their details continue. */
const hub = navCrumbs('/utilisateurs');
export const clientCrumbs = [...hub, { label: PPL.clientsTitle, to: '/users/clients' }];
export const stayCrumbs = [...hub, { label: PPL.staysTitle, to: '/users/sejours' }];
export const webappCrumbs = [...hub, { label: PPL.webappTitle, to: '/users/webapp' }];
export const staffCrumbs = [...hub, { label: PPL.dashboardTitle, to: '/users/dashboard' }];
