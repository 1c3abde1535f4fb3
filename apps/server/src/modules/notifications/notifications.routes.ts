import type { FastifyInstance } from 'fastify';
import { notifications } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { servesManySites } from '../../http/request-deps';
import { guestIdOf } from '../../http/guest-session';
import { guestLangOf } from './notifications.texts';
import * as service from './notifications.service';
import { vapidKeys } from './vapid.service';
import { guestHasDevice } from '../../platform/people/guests.repository';

export function notificationsRoutes(app: FastifyInstance, deps: Deps) {
  // the key pair is made at the first start (its first instance's insert wins), so that reading it never
  // writes; a site of a multi-site installation makes it at its first use (vapidKeys)
  if (!servesManySites(deps))
    app.addHook('onReady', async () => {
      await vapidKeys(deps);
    });
  serve(app, deps, notifications.list, () => service.listTemplates(deps));
  serve(app, deps, notifications.insert, ({ body, user }) => service.insertTemplate(deps, user, body));
  serve(app, deps, notifications.update, ({ body, user }) => service.updateTemplate(deps, user, body));
  serve(app, deps, notifications.delete, ({ body }) => service.deleteTemplate(deps, body.id));
  serve(app, deps, notifications.send, ({ body, user }) => service.sendNow(deps, user, body));
  serve(app, deps, notifications.schedule, ({ body, user }) => service.schedule(deps, user, body));
  serve(app, deps, notifications.sends, ({ user }) => service.listSends(deps, user.permissions.notifications === 1));
  serve(app, deps, notifications.cancel, ({ body, user }) => service.cancelSend(deps, user, body.id));
  serve(app, deps, notifications.audience, ({ body }) => service.audience(deps, body));
  serve(app, deps, notifications.settings, () => service.readSettings(deps));
  serve(app, deps, notifications.settingsUpdate, ({ body }) => service.updateSettings(deps, body));
  serve(app, deps, notifications.guests, ({ query }) => service.searchGuests(deps, query.q));
  serve(app, deps, notifications.findByUser, ({ body }) => guestHasDevice(deps.db, body.user));
  serve(app, deps, notifications.sendUser, ({ body, user }) => service.sendToUser(deps, user, body));
  // the guest app: the device belongs to the guest signed in on it, never to one the body names
  serve(app, deps, notifications.publicKey, () => service.publicKey(deps));
  serve(app, deps, notifications.subscribe, async ({ body, req }) => service.subscribe(deps, await guestIdOf(deps, req), req.ip, guestLangOf(req, body.lang), body));
  serve(app, deps, notifications.unsubscribe, async ({ body, req }) => service.unsubscribe(deps, await guestIdOf(deps, req), req.ip, body.endpoint));
  serve(app, deps, notifications.history, ({ query, guestId, req }) => service.guestHistory(deps, guestId, query.lang ?? guestLangOf(req), query.page));
  serve(app, deps, notifications.opened, ({ body, req }) => service.opened(deps, req.ip, body.id, body.endpoint));
}
