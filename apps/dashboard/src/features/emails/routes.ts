import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

/** E-mails (002 §2): templates, the send to chosen clients, the campaigns. */
export const emailsRoutes: AppRoute[] = [
  { path: '/administration/emails', flag: 'emails', screen: screen(() => import('./TemplatesScreen')) },
  { path: '/administration/send-emails', flag: 'emails', screen: screen(() => import('./SendEmailsScreen')) },
  { path: '/administration/auto-email', flag: 'emails', screen: screen(() => import('./CampaignsScreen')) },
];
