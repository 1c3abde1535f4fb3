import { Badge } from '@mantine/core';
import { useNavigate } from 'react-router';
import { chat } from '@campsite/shared';
import { useCall } from '../lib/query';
import { useBrowserNotices, useChatStream } from './chat-stream';
import { useSession } from './session';

/**
 * The count of conversations with a guest message no one has read (issue 25), live; 0 without the emails
 * flag. Where it is mounted (the shell), a browser notification's click opens its conversation (issue 33).
 */
export function useUnreadConversations(): number {
  const { has } = useSession();
  const allowed = has('emails');
  useChatStream(allowed);
  useBrowserNotices(useNavigate());
  const unread = useCall(chat.unread, undefined, { enabled: allowed });
  return allowed ? (unread.data?.count ?? 0) : 0;
}

/** The sidebar's count of unread conversations. */
export function ChatBadge() {
  const count = useUnreadConversations();
  if (count === 0) return null;
  return (
    <Badge size="sm" circle={count < 10} color="red" aria-label={count > 1 ? `${count} conversations non lues` : '1 conversation non lue'}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
