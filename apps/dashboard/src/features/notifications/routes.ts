import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

/** Push notifications (002 §2): templates, sends and quiet hours; the send to the clients chosen on the client list. */
export const notificationsRoutes: AppRoute[] = [
  { path: '/administration/notifications', flag: 'notifications', screen: screen(() => import('./NotificationsScreen')) },
  { path: '/administration/send-notifications', flag: 'notifications', screen: screen(() => import('./SendScreen')) },
];
