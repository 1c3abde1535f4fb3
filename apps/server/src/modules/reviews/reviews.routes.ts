import type { FastifyInstance } from 'fastify';
import { reviews } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { extractCsv } from './extract.export';
import { sendCsv } from '../../platform/csv/csv-export';
import * as guest from './guest.service';
import * as service from './reviews.service';
import * as tryOut from './try.service';

/** The reviews area's calls (contract.reviews). */
export function reviewsRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, reviews.listModels, () => service.listModels(deps));
  serve(app, deps, reviews.insertModel, ({ body, user }) => service.insertModel(deps, user, body));
  serve(app, deps, reviews.updateModel, ({ body, user }) => service.updateModel(deps, user, body));
  serve(app, deps, reviews.deleteModel, ({ body }) => service.deleteModel(deps, body.id));
  serve(app, deps, reviews.services, () => service.bookableServices(deps));
  serve(app, deps, reviews.guests, ({ query }) => tryOut.searchGuests(deps, query.q));
  serve(app, deps, reviews.sendModel, ({ body, user }) => tryOut.sendToGuest(deps, user, body));
  serve(app, deps, reviews.testLink, ({ body, user }) => tryOut.testLink(deps, user, body));
  serve(app, deps, reviews.findByType, ({ query }) => service.findByType(deps, query));
  serve(app, deps, reviews.extract, ({ body, user }) => service.prepareExtract(deps, user, body));
  serve(app, deps, reviews.extractCsv, async ({ query, reply, user }) => {
    await sendCsv(reply, await extractCsv(deps, user, query.id));
    return undefined;
  });
  serve(app, deps, reviews.stats, ({ query }) => service.stats(deps, query));
  serve(app, deps, reviews.settings, () => service.readSettings(deps));
  serve(app, deps, reviews.updateSettings, ({ body }) => service.updateSettings(deps, body));

  // the guest app: answers that change with the clock and the guest's own, never cached
  serve(app, deps, reviews.form, ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    return guest.formByToken(deps, query.token);
  });
  serve(app, deps, reviews.pending, ({ guestId, reply }) => {
    reply.header('cache-control', 'no-store');
    return guest.pending(deps, guestId);
  });
  serve(app, deps, reviews.submit, ({ body, guestId }) => guest.submitSignedIn(deps, guestId, body.invitation, body.answers, body.lang));
  serve(app, deps, reviews.submitByToken, ({ body }) => guest.submitByToken(deps, body.token, body.answers, body.lang));
}
