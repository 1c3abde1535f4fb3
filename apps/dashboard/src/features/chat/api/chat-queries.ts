import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chat, type conversationListQuery } from '@campsite/shared';
import { api, upload } from '@campsite/shared/client';
import type { z } from 'zod';
import { keyOf, useCall, useCallMutation } from '../../../lib/query';

export const useInbox = (q: z.input<typeof conversationListQuery>) => useCall(chat.list, q, { placeholderData: keepPreviousData });

/** A conversation's messages (the spec's POST, which marks it read): read again whenever the stream says so. */
export const useThread = (id: string | null) =>
  useQuery({ queryKey: keyOf(chat.messages, { conversation: id }), queryFn: () => api(chat.messages, { conversation: id! }), enabled: !!id, staleTime: 0 });

const reads = [chat.list, chat.messages, chat.unread];
export const useAnswer = () => useCallMutation(chat.answer, reads);
export const useClose = () => useCallMutation(chat.close, reads);

/** A staff photo (multipart: the guest's photo's path on the server), then the same reads as an answer. */
export function useStaffPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { conversation: string; key: string; file: File }) => upload(chat.staffPhoto, v.file, v.file.name || 'photo.jpg', { conversation: v.conversation, key: v.key }),
    onSuccess: async () => {
      await Promise.all(reads.map((d) => client.invalidateQueries({ queryKey: [d.path] })));
    },
  });
}
