import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chat, chatReplies } from '@campsite/shared';
import { api, upload } from '@campsite/shared/client';
import { keyOf, useCall, useCallMutation } from '../../lib/query';

/**
 * A conversation's reads and writes (issues 25, 33), shared by the inbox and the stay's page: every change
 * comes back through the stream (shell/chat-stream.ts), which makes these reads fetch again.
 */

/** A conversation's messages (the spec's POST, which marks it read): read again whenever the stream says so. */
export const useThread = (id: string | null) =>
  useQuery({ queryKey: keyOf(chat.messages, { conversation: id }), queryFn: () => api(chat.messages, { conversation: id! }), enabled: !!id, staleTime: 0 });

const reads = [chat.list, chat.messages, chat.unread];
export const useAnswer = () => useCallMutation(chat.answer, reads);
export const useNote = () => useCallMutation(chat.note, reads);
export const useAssign = () => useCallMutation(chat.assign, reads);
export const useClose = () => useCallMutation(chat.close, reads);

/** Who a conversation may go to, and whether answers may be sent translated (read once a session). */
export const useTeam = () => useCall(chat.team, undefined, { staleTime: 5 * 60_000 });

/** The saved replies, each one's text in this conversation's guest's language. */
export const useRepliesFor = (conversation: string, enabled: boolean) => useCall(chatReplies.list, { conversation }, { enabled });

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
