import { Badge } from '@mantine/core';
import { today } from '@campsite/shared';
import { useCall } from '../lib/query';
import { useSession } from './session';
import { useTodayStream } from './today-stream';

/** Read again every minute while the live stream is down. */
const POLL_MS = 60_000;

/**
 * The to-do list's reads (issue 33), each for the flag its call needs, live: the home shows them, the
 * sidebar counts them (the same reads, so one fetch serves both). Bookings are read by the home alone.
 */
export function useTodayReads() {
  const { has } = useSession();
  const people = has('users');
  const mails = has('emails');
  const live = useTodayStream(people || mails || has('notifications') || has('services') || has('deposits') || has('inventories'));
  const options = (enabled: boolean) => ({ enabled, refetchInterval: live ? (false as const) : POLL_MS });
  return {
    live,
    arrivals: useCall(today.arrivals, undefined, options(people)),
    departures: useCall(today.departures, undefined, options(people)),
    messages: useCall(today.messages, undefined, options(mails)),
    failures: useCall(today.failures, undefined, options(mails || has('notifications'))),
  };
}

/** What is left to do today: today's arrivals and departures left, the messages waiting, the failures to look at. */
export function useTodayCount(): number {
  const r = useTodayReads();
  // a read not answered yet (or refused) counts nothing
  const failures = r.failures.data || null;
  return (
    ((r.arrivals.data || null)?.figures.today.left ?? 0) +
    ((r.departures.data || null)?.figures.today.left ?? 0) +
    ((r.messages.data || null)?.total ?? 0) +
    (failures?.mails?.length ?? 0) +
    (failures?.pushes?.length ?? 0)
  );
}

/** The sidebar's count on 'Dashboard': what is left to do today. */
export function TodayBadge() {
  const count = useTodayCount();
  if (count === 0) return null;
  return (
    <Badge size="sm" circle={count < 10} color="blue" aria-label={count > 1 ? `${count} choses à faire aujourd'hui` : "1 chose à faire aujourd'hui"}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
