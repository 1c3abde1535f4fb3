import { useQuery } from '@tanstack/react-query';
import { categories, notifications, pages, type Target } from '@campsite/shared';
import { api } from '@campsite/shared/client';
import { useCall, useCallMutation } from '../../lib/query';

/** The reads and writes of push notifications, shared by the home, the notifications screen and the people screens. */
export const useNotificationTemplates = () => useCall(notifications.list);
export const useTemplateInsert = () => useCallMutation(notifications.insert, [notifications.list]);
export const useTemplateUpdate = () => useCallMutation(notifications.update, [notifications.list]);
export const useTemplateDelete = () => useCallMutation(notifications.delete, [notifications.list]);
/** A send is listed at once (with its figures as they come in): the list of sends is read again after it. */
export const useSendNow = () => useCallMutation(notifications.send, [notifications.sends]);
export const useSchedule = () => useCallMutation(notifications.schedule, [notifications.sends]);
export const useSendCancel = () => useCallMutation(notifications.cancel, [notifications.sends]);
export const useSendToUser = () => useCallMutation(notifications.sendUser, [notifications.sends]);
export const useNotificationSettings = () => useCall(notifications.settings);
export const useSettingsUpdate = () => useCallMutation(notifications.settingsUpdate, [notifications.settings]);

/** The sends; while one waits or goes out, read again every few seconds (its figures move). */
export const useSends = () =>
  useCall(notifications.sends, undefined, {
    refetchInterval: (q) => (q.state.data?.some((s) => s.status === 'sending' || s.status === 'scheduled') ? 4000 : false),
  });

/** How many devices a target reaches now, and the quiet hours if now is inside them (a POST read: a selection may hold thousands of clients). */
export const useAudience = (target: Target | null) =>
  useQuery({
    queryKey: [notifications.audience.path, target],
    enabled: target !== null,
    queryFn: () => api(notifications.audience, { target: target ?? undefined }),
    // a quiet window may begin while the form is open
    refetchInterval: 60_000,
  });

/** The composer's search of guest accounts ('Un client', 'Une liste de clients'; issue 32). */
export const useGuestSearch = (q: string) => useCall(notifications.guests, { q }, { enabled: q.length > 0, staleTime: 10_000 });

/** Whether a guest account has a device that can receive a push (002 §4: the form shows only on yes). */
export const useCanNotify = (user: string) =>
  useQuery({ queryKey: [notifications.findByUser.path, user], queryFn: () => api(notifications.findByUser, { user }) });

/** The pages a notification can open: the booklet's categories and pages (public reads, without covers and sections). */
export const useRedirectTargets = () => {
  const cats = useCall(categories.list);
  const pgs = useCall(pages.list, { nocover: true, nosections: true });
  return { categories: cats.data, pages: pgs.data, error: cats.error ?? pgs.error };
};
