import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DashboardUser, Permission, TodayTopic } from '@campsite/shared';
import { CHAT } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { startEventStream } from '../../platform/live/event-stream';
import { topicHub } from '../../platform/live/topic-hub';

/**
 * The to-do list's live stream (docs/today.md 'Live updates'): the triggers of drizzle/0045_today.sql
 * announce on this channel the topic each committed write changed, whichever area, job or instance made it.
 */
export const TODAY_CHANNEL = 'campsite_today';

/** Who hears of a topic: a member with one of its flags (the parts showing it need them). */
const TOPIC_FLAGS: Record<TodayTopic, Permission[]> = {
  people: ['users'],
  mails: ['users', 'emails'],
  deposits: ['deposits'],
  inventories: ['inventories'],
  types: ['deposits', 'inventories'],
  messages: ['emails'],
  bookings: ['services'],
  pushes: ['notifications'],
  dismissed: ['emails', 'notifications'],
};

export const topicsOf = (user: DashboardUser) =>
  new Set(Object.entries(TOPIC_FLAGS).filter(([, flags]) => flags.some((f) => user.permissions[f] === 1)).map(([topic]) => topic));

/** Opens a member's stream: `changed` with the topics written that the member's flags show. */
export async function openTodayStream(deps: Deps, req: FastifyRequest, reply: FastifyReply, user: DashboardUser) {
  const hub = await topicHub(deps, TODAY_CHANNEL);
  hub.open(startEventStream(req, reply, CHAT.streamOnly), { owner: `staff:${user._id}`, topics: topicsOf(user) });
  return reply;
}
