import { keepPreviousData } from '@tanstack/react-query';
import { chat, chatReplies, type conversationListQuery } from '@campsite/shared';
import type { z } from 'zod';
import { useCall, useCallMutation } from '../../../lib/query';

export const useInbox = (q: z.input<typeof conversationListQuery>) => useCall(chat.list, q, { placeholderData: keepPreviousData });

/** The saved replies' screen (issue 33). */
export const useReplies = () => useCall(chatReplies.list, {});
export const useReplyInsert = () => useCallMutation(chatReplies.insert, [chatReplies.list]);
export const useReplyUpdate = () => useCallMutation(chatReplies.update, [chatReplies.list]);
export const useReplyDelete = () => useCallMutation(chatReplies.delete, [chatReplies.list]);
