import { clients, cronMail, emails, webappUsers } from '@campsite/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@campsite/shared/client';
import { useCall, useCallMutation } from '../../../lib/query';

export const useTemplates = () => useCall(emails.list);
export const useTemplateInsert = () => useCallMutation(emails.insert, [emails.list]);
export const useTemplateUpdate = () => useCallMutation(emails.update, [emails.list]);
export const useTemplateDelete = () => useCallMutation(emails.delete, [emails.list]);
export const useTestSend = () => useCallMutation(emails.test);
export const usePreview = () => useCallMutation(emails.preview);

/** Campaigns; while one sends or waits for its time, the list is read again every few seconds. */
export const useCampaigns = () =>
  useCall(cronMail.list, undefined, {
    refetchInterval: (q) => (q.state.data?.some((c) => c.status === 'sending' || c.status === 'scheduled') ? 3000 : false),
  });
export const useCampaign = (id: string | null) => useCall(cronMail.find, { id: id ?? '' }, { enabled: Boolean(id) });
export const useCampaignInsert = () => useCallMutation(cronMail.insert, [cronMail.list]);
export const useCampaignCancel = () => useCallMutation(cronMail.cancel, [cronMail.list, cronMail.find]);

/** The chosen clients and their app users (POST reads: the selection may hold thousands of numbers). */
export const useSelection = (numbers: string[]) =>
  useQuery({
    queryKey: ['emails-selection', numbers],
    enabled: numbers.length > 0,
    queryFn: async () => {
      const [files, users] = await Promise.all([api(clients.findMany, { clients: numbers }), api(webappUsers.findManyByClients, { clients: numbers })]);
      return { clients: files, users };
    },
  });
