import { PPL } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';

/** The breadcrumb of the staff list, which a member's file continues. */
export const staffCrumbs = [...navCrumbs('/utilisateurs'), { label: PPL.dashboardTitle, to: '/users/dashboard' }];
