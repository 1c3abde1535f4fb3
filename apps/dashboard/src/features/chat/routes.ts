import type { AppRoute } from '../../shell/screen';
import { screen } from '../../shell/screen';

/** Guest messages (002 §2 'Client messages', issue 25) and their saved replies (issue 33); 000 puts 'Messagerie' under the emails flag. */
export const chatRoutes: AppRoute[] = [
  { path: '/messages/chat', flag: 'emails', screen: screen(() => import('./ChatScreen')) },
  { path: '/messages/reponses', flag: 'emails', screen: screen(() => import('./RepliesScreen')) },
];
