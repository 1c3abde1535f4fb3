import { z } from 'zod';
import { call } from './call';

export const stats = {
  logsCount: call('GET', 'webapp/logs/count', {
    access: 'dashboard',
    anyPermission: ['homepage', 'stats'],
    answer: z.object({ installed: z.number(), nb_users: z.number(), count: z.number() }),
  }),
  countActives: call('GET', 'webapp/users/count-actives', {
    access: 'dashboard',
    anyPermission: ['homepage', 'stats', 'users'],
    answer: z.number(),
  }),
  notificationsCount: call('GET', 'webapp/notifications/count', {
    access: 'dashboard',
    anyPermission: ['homepage', 'stats', 'notifications'],
    answer: z.number(),
  }),
};

/** Download percentage of 000 §9: installed / users × 100, 0 without users. */
export function downloadPercent(installed: number, users: number): string {
  if (!users) return '0';
  return `${Math.round((installed / users) * 100)}%`;
}
