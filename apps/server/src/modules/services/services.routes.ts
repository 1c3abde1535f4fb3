import type { FastifyInstance } from 'fastify';
import { guestServices, serviceBenefits, serviceProducts, serviceReservations, serviceWorkers, services } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import * as bookings from './bookings.service';
import { deskGuests } from './desk.service';
import { extractDay } from './extract.export';
import { sendCsv } from '../../platform/csv/csv-export';
import { guestFind, guestList } from './guest.service';
import * as parts from './parts.service';
import * as repo from './services.repository';
import * as service from './services.service';

export function servicesRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, services.list, () => service.listServices(deps));
  serve(app, deps, services.insert, ({ body, user }) => service.insertService(deps, user, body));
  serve(app, deps, services.update, ({ body, user }) => service.updateService(deps, user, body));
  serve(app, deps, services.delete, ({ body }) => service.deleteService(deps, body.id));
  serve(app, deps, services.updateDuration, ({ body, user }) => service.updateDuration(deps, user, body));

  serve(app, deps, serviceBenefits.list, async () => (await repo.listBenefits(deps.db)).map(repo.toBenefit));
  serve(app, deps, serviceBenefits.findByService, async ({ query }) => (await repo.listBenefits(deps.db, query.service)).map(repo.toBenefit));
  serve(app, deps, serviceBenefits.insert, ({ body, user }) => parts.insertBenefit(deps, user, body));
  serve(app, deps, serviceBenefits.update, ({ body, user }) => parts.updateBenefit(deps, user, body));
  serve(app, deps, serviceBenefits.delete, ({ body }) => parts.deleteBenefit(deps, body.id));
  serve(app, deps, serviceBenefits.deleteByService, ({ body }) => parts.deleteBenefitsOf(deps, body.service));

  serve(app, deps, serviceWorkers.list, async () => (await repo.listWorkers(deps.db)).map(repo.toWorker));
  serve(app, deps, serviceWorkers.findByService, async ({ query }) => (await repo.listWorkers(deps.db, query.service)).map(repo.toWorker));
  serve(app, deps, serviceWorkers.insert, ({ body, user }) => parts.insertWorker(deps, user, body));
  serve(app, deps, serviceWorkers.update, ({ body, user }) => parts.updateWorker(deps, user, body));
  serve(app, deps, serviceWorkers.delete, ({ body }) => parts.deleteWorker(deps, body.id));
  serve(app, deps, serviceWorkers.deleteByService, ({ body }) => parts.deleteWorkersOf(deps, body.service));

  serve(app, deps, serviceProducts.findByService, async ({ query }) => (await repo.listProducts(deps.db, query.service)).map(repo.toProduct));
  serve(app, deps, serviceProducts.insert, ({ body, user }) => parts.insertProduct(deps, user, body));
  serve(app, deps, serviceProducts.update, ({ body, user }) => parts.updateProduct(deps, user, body));
  serve(app, deps, serviceProducts.delete, ({ body }) => parts.deleteProduct(deps, body.id));
  serve(app, deps, serviceProducts.orders, ({ query }) => repo.ordersOfService(deps.db, query.service));

  serve(app, deps, serviceReservations.findByService, async ({ query }) =>
    (await repo.reservationsOfService(deps.db, query.service, query.from, query.to)).map(repo.toReservation),
  );
  serve(app, deps, serviceReservations.submit, ({ body, user }) => bookings.submit(deps, user, body));
  serve(app, deps, serviceReservations.guests, ({ query }) => deskGuests(deps, query.q, bookings.dayWindow(deps.now(), 1, deps.env.TIME_ZONE).start));
  serve(app, deps, serviceReservations.delete, ({ body }) => bookings.deleteReservation(deps, body.id));
  serve(app, deps, serviceReservations.extract, async ({ query, reply }) => {
    const spec = await extractDay(deps, query.service, query.timestamp);
    if (spec) await sendCsv(reply, spec);
    else await reply.code(200).type('application/json').send('false');
    return undefined;
  });

  serve(app, deps, guestServices.list, () => guestList(deps));
  serve(app, deps, guestServices.find, ({ query }) => guestFind(deps, query));
  // free slots move with the clock (the cut-off, the past): no browser keeps them; the server keeps each
  // window's slots until the next write and applies the clock per request (bookings.service.ts `windowSlots`)
  serve(app, deps, guestServices.slots, ({ query, reply }) => {
    reply.header('cache-control', 'no-store');
    return bookings.slots(deps, query.benefit, query.from, query.days);
  });
  serve(app, deps, guestServices.book, ({ body, guestId }) => bookings.book(deps, guestId, body));
  serve(app, deps, guestServices.bookings, ({ query, guestId }) => bookings.guestBookings(deps, guestId, { from: query.from, past: query.past }));
  serve(app, deps, guestServices.cancel, ({ body, guestId }) => bookings.cancel(deps, guestId, body.id));
  serve(app, deps, guestServices.order, ({ body, guestId }) => bookings.order(deps, guestId, body));
}
