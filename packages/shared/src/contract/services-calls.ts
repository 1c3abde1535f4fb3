import { z } from 'zod';
import { call, orFalse, staff } from './call';
import { deleteAnswer, id, idBody, ok, queryFlag } from './common';
import {
  benefitDoc,
  benefitInsert,
  benefitUpdate,
  productDoc,
  productInsert,
  productUpdate,
  serviceDoc,
  serviceDuration,
  serviceInsert,
  serviceUpdate,
  workerDoc,
  workerInsert,
  workerUpdate,
} from './services';
import {
  bookAnswer,
  bookBody,
  cancelAnswer,
  deskGuestDoc,
  deskGuestsQuery,
  freeSlotDoc,
  guestBookingDoc,
  guestServiceDetail,
  guestServiceDoc,
  orderAnswer,
  orderBody,
  staffOrderDoc,
  reservationDoc,
  reservationSubmit,
  slotsQuery,
} from './services-bookings';

// The 'Services' section of calls.md (001 §7), then the guest app's calls (ours, docs/api.md).

const services_ = { ...staff('services'), plan: 'premium' as const };
/** Reads the page editor's service button and the activity form's benefit selector need too (001 §6). */
const pickers = { access: 'dashboard' as const, anyPermission: ['services' as const, 'rubrics' as const, 'activities' as const], plan: 'premium' as const };
const byService = z.object({ service: id });

export const services = {
  list: call('GET', 'dashboard/services/list', { ...pickers, answer: z.array(serviceDoc), summary: 'Sorted by name' }),
  insert: call('POST', 'dashboard/services/insert', { ...services_, body: serviceInsert, answer: serviceDoc, summary: 'Creates a service' }),
  update: call('POST', 'dashboard/services/update', {
    ...services_,
    body: serviceUpdate,
    answer: orFalse(serviceDoc),
    summary: 'A type change away from prestation deletes its benefits, workers and bookings, away from vente its products, in the same transaction',
  }),
  delete: call('POST', 'dashboard/services/delete', {
    ...services_,
    body: idBody,
    answer: deleteAnswer,
    summary: 'Deletes its benefits, workers, products and bookings and unlinks pages and activities, in one transaction',
  }),
  updateDuration: call('POST', 'dashboard/services/update-duration', { ...services_, body: serviceDuration, answer: orFalse(serviceDoc), summary: 'Changes the slot duration of a service' }),
};

export const serviceBenefits = {
  list: call('GET', 'dashboard/service_benefits/list', { ...pickers, answer: z.array(benefitDoc), summary: 'Lists every benefit' }),
  findByService: call('GET', 'dashboard/service_benefits/find-by-service', { ...pickers, query: byService, answer: z.array(benefitDoc), summary: 'Lists the benefits of a service' }),
  insert: call('POST', 'dashboard/service_benefits/insert', { ...services_, body: benefitInsert, answer: orFalse(benefitDoc), summary: 'false when the service is unknown' }),
  update: call('POST', 'dashboard/service_benefits/update', { ...services_, body: benefitUpdate, answer: orFalse(benefitDoc), summary: 'Updates a benefit (false: unknown id)' }),
  delete: call('POST', 'dashboard/service_benefits/delete', {
    ...services_,
    body: idBody,
    answer: deleteAnswer,
    summary: 'Deletes its bookings, takes it out of its workers and unlinks activities',
  }),
  deleteByService: call('POST', 'dashboard/service_benefits/delete-by-service', { ...services_, body: byService, answer: ok, summary: 'Deletes every benefit of a service' }),
};

export const serviceWorkers = {
  list: call('GET', 'dashboard/service_workers/list', { ...services_, answer: z.array(workerDoc), summary: 'Lists every worker' }),
  findByService: call('GET', 'dashboard/service_workers/find-by-service', { ...services_, query: byService, answer: z.array(workerDoc), summary: 'Lists the workers of a service' }),
  insert: call('POST', 'dashboard/service_workers/insert', { ...services_, body: workerInsert, answer: orFalse(workerDoc), summary: 'Creates a worker of a service' }),
  update: call('POST', 'dashboard/service_workers/update', { ...services_, body: workerUpdate, answer: orFalse(workerDoc), summary: 'Updates a worker (false: unknown id)' }),
  delete: call('POST', 'dashboard/service_workers/delete', { ...services_, body: idBody, answer: deleteAnswer, summary: 'Deletes its bookings' }),
  deleteByService: call('POST', 'dashboard/service_workers/delete-by-service', { ...services_, body: byService, answer: ok, summary: 'Deletes every worker of a service' }),
};

export const serviceProducts = {
  findByService: call('GET', 'dashboard/service_products/find-by-service', { ...services_, query: byService, answer: z.array(productDoc), summary: 'Lists the products of a service' }),
  insert: call('POST', 'dashboard/service_products/insert', { ...services_, body: productInsert, answer: orFalse(productDoc), summary: 'Creates a product of a service' }),
  update: call('POST', 'dashboard/service_products/update', { ...services_, body: productUpdate, answer: orFalse(productDoc), summary: 'Updates a product (false: unknown id)' }),
  delete: call('POST', 'dashboard/service_products/delete', { ...services_, body: idBody, answer: deleteAnswer, summary: 'Deletes a product' }),
  orders: call('GET', 'dashboard/service_products/orders', {
    ...services_,
    query: byService,
    answer: z.array(staffOrderDoc),
    summary: "Ours: the guests' orders of the service's products, newest first (the last 500)",
  }),
};

export const serviceReservations = {
  findByService: call('GET', 'webapp/service_reservations/find-by-service', {
    ...services_,
    query: z.object({ service: id, from: z.coerce.number().int().optional(), to: z.coerce.number().int().optional() }),
    answer: z.array(reservationDoc),
    summary: 'Sorted by start; from/to (ours, epoch seconds) keep the bookings whose start is in [from, to): the planning reads a day',
  }),
  submit: call('POST', 'webapp/service_reservations/submit', {
    ...services_,
    body: reservationSubmit,
    answer: orFalse(reservationDoc),
    summary: 'Staff booking: in the future, inside the benefit and worker open times, a place left, the worker free elsewhere (400 in French otherwise); no grid or cut-off',
  }),
  delete: call('POST', 'webapp/service_reservations/delete', { ...services_, body: idBody, answer: deleteAnswer, summary: 'Cancels a booking (staff)' }),
  guests: call('GET', 'dashboard/service_reservations/guests', {
    ...services_,
    query: deskGuestsQuery,
    answer: z.array(deskGuestDoc),
    summary: "Ours (issue 32): the desk's one search field, stays by name, pitch, stay or client number (on site first, then coming, then gone; 8 at most) with the client's guest accounts and the one a booking links",
  }),
  extract: call('GET', 'webapp/service_reservations/extract_service_reservations.csv', {
    ...services_,
    query: z.object({ timestamp: z.coerce.number().int().min(0).max(5_000_000_000), service: id }),
    raw: true,
    answer: z.string(),
    summary: "CSV (UTF-8 BOM, ';') of the bookings of the day holding timestamp, in the establishment's time zone",
  }),
};

/** The guest app: reads are public content, bookings need a guest session; premium (else [] or false). */
const premiumOr = <T>(answer: T) => ({ plan: 'premium' as const, withoutPlan: { answer } });
export const guestServices = {
  list: call('GET', 'webapp/services/list', { access: 'public', ...premiumOr([]), answer: z.array(guestServiceDoc), summary: 'Sorted by name; [] without the premium plan' }),
  find: call('GET', 'webapp/services/find', {
    access: 'public',
    ...premiumOr(false as const),
    query: z.object({ id: id.optional(), benefit: id.optional() }).refine((q) => q.id || q.benefit, { message: 'Identifiant manquant', path: ['id'] }),
    answer: orFalse(guestServiceDetail),
    summary: "A service (by id, or by one of its benefits: an activity's link) with its benefits (prestation) or products (vente)",
  }),
  slots: call('GET', 'webapp/services/slots', {
    access: 'public',
    ...premiumOr(false as const),
    query: slotsQuery,
    answer: orFalse(z.array(freeSlotDoc)),
    summary: "Free slots of a benefit over `days` days from the day of `from`, after now plus the cut-off; places summed over its workers",
  }),
  book: call('POST', 'webapp/services/book', {
    access: 'guest',
    ...premiumOr(false as const),
    body: bookBody,
    answer: bookAnswer,
    summary:
      "Books a slot for the signed-in guest (a confirmation mail with its .ics follows); {error: 'full' | 'unavailable' | 'cutoff' | 'not_staying' (the slot's day is not in one of the guest's stays, or it is earlier than the service's days_before_arrival before arrival) | 'limit' (the guest holds the service's guest_day_places that day)}",
  }),
  bookings: call('GET', 'webapp/services/bookings', {
    access: 'guest',
    query: z.object({ from: z.coerce.number().int().min(0).max(5_000_000_000).optional(), past: queryFlag }),
    answer: z.array(guestBookingDoc),
    summary:
      "The signed-in guest's own bookings ending after `from` (default: now), by start; with `past=1` those ended by then instead, the latest first (50 at most)",
  }),
  cancel: call('POST', 'webapp/services/cancel', { access: 'guest', body: idBody, answer: cancelAnswer, summary: "Its own booking, until the cut-off; false for another's" }),
  order: call('POST', 'webapp/services/order', {
    access: 'guest',
    ...premiumOr(false as const),
    body: orderBody,
    answer: orderAnswer,
    summary: "Takes quantity from a product's stock for the signed-in guest; {error: 'sold_out' | 'too_many' (more than the product's order_max)}",
  }),
};
