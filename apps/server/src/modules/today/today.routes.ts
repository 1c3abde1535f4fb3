import type { FastifyInstance } from 'fastify';
import { today } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { closeTopicHubs } from '../../platform/live/topic-hub';
import { dismissFailure, failures, todaysBookings, waitingMessages } from './parts.service';
import { openTodayStream } from './today.live';
import { staysOfToday } from './today.service';

/** The reception's to-do list (contract.today; docs/today.md). */
export function todayRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, today.arrivals, ({ user }) => staysOfToday(deps, user, 'arrival'));
  serve(app, deps, today.departures, ({ user }) => staysOfToday(deps, user, 'departure'));
  serve(app, deps, today.messages, () => waitingMessages(deps));
  serve(app, deps, today.bookings, () => todaysBookings(deps));
  serve(app, deps, today.failures, ({ user }) => failures(deps, user));
  serve(app, deps, today.dismissMail, ({ body, user }) => dismissFailure(deps, user, 'mail', body.id));
  serve(app, deps, today.dismissPush, ({ body, user }) => dismissFailure(deps, user, 'push', body.id));
  serve(app, deps, today.stream, ({ req, reply, user }) => openTodayStream(deps, req, reply, user));
  // open streams would keep the server from closing: they end, and their clients reconnect elsewhere
  app.addHook('preClose', async () => closeTopicHubs(deps));
}
