import { PPL } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';

/** The breadcrumb of the client list, which its detail continues. */
export const clientCrumbs = [...navCrumbs('/utilisateurs'), { label: PPL.clientsTitle, to: '/users/clients' }];
