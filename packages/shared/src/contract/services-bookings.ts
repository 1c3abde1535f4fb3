import { z } from 'zod';
import { SERVICES } from '../messages/services';
import { epoch, id, missing } from './common';
import { benefitDoc, benefitTranslation, productDoc, serviceDoc } from './services';

// Reservations (001 §3, §4, §5) and what the guest app reads and sends (ours: docs/api.md, 'Services').

export const reservationDoc = z.object({
  _id: z.string(),
  service: z.string(),
  service_worker: z.string(),
  service_benefit: z.string(),
  /** epoch seconds; end = start + the benefit's duration */
  start: z.number(),
  end: z.number(),
  /** one per question of the benefit, in its order ('' when not answered) */
  answers: z.array(z.string()),
  /** the guest account that booked, or the one staff chose */
  user: z.string().nullable(),
  client_number: z.string().nullable(),
  identity: z.string().nullable(),
  age: z.number().nullable(),
  phone: z.string().nullable(),
  /** green on the planning: 'dashboard'; blue: 'webapp' */
  from: z.enum(['dashboard', 'webapp']),
  created_time: z.number(),
});
export type ServiceReservation = z.infer<typeof reservationDoc>;

/** What a guest may be asked (001 §5 step 2), checked against the benefit by the server. */
const guestData = {
  client_number: z.string().trim().max(40).nullable().optional(),
  identity: z.string().trim().max(120).nullable().optional(),
  /** digits as typed, or a number */
  age: z.union([z.string().trim().max(20, SERVICES.ageDigits), z.number().int(SERVICES.ageDigits).min(0, SERVICES.ageDigits).max(150, SERVICES.ageDigits)]).nullable().optional(),
  phone: z.string().trim().max(40).nullable().optional(),
  /** one per question of the benefit, in its order */
  answers: z.array(z.union([z.string().max(1000), z.number()]).nullable()).max(5).optional(),
};

/** Staff's booking from the planning (001 §4 steps 1-2). `end` is computed from the benefit; `self` is not used. */
export const reservationSubmit = z.object({
  from: z.literal('dashboard').optional(),
  service: id,
  service_worker: z.string(missing(SERVICES.workerRequired)).min(1, SERVICES.workerRequired).max(64),
  service_benefit: z.string(missing(SERVICES.benefitRequired)).min(1, SERVICES.benefitRequired).max(64),
  start: epoch,
  end: epoch.optional(),
  user: z.string().max(64).nullable().optional(),
  self: z.boolean().optional(),
  ...guestData,
});

/** A guest account of a client, as the desk picks it for a booking. */
export const deskAccountDoc = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  civility: z.string().nullable(),
  birthday: z.number().nullable(),
  stay_number: z.string().nullable(),
});
export type DeskAccount = z.infer<typeof deskAccountDoc>;

/**
 * A guest found at the desk (ours, issue 32): a stay with its client and the client's activated guest
 * accounts; `user` is the account a booking for this stay reaches by itself (null: none), `phone` the
 * client file's first phone.
 */
export const deskGuestDoc = z.object({
  stay_number: z.string(),
  client_number: z.string(),
  location: z.string().nullable(),
  arrival: z.number(),
  departure: z.number(),
  civility: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  birthday: z.number().nullable(),
  phone: z.string().nullable(),
  users: z.array(deskAccountDoc),
  user: z.string().nullable(),
});
export type DeskGuest = z.infer<typeof deskGuestDoc>;

export const deskGuestsQuery = z.object({
  /** a name (start of the last or first name, the client's or an account's), a pitch, a stay or client number */
  q: z.string().trim().min(1).max(80),
});

// ---------------------------------------------------------------- the guest app

export const guestServiceDoc = serviceDoc.pick({
  _id: true,
  name: true,
  cover: true,
  type: true,
  payment_link: true,
  translations: true,
  comment: true,
});
export type GuestService = z.infer<typeof guestServiceDoc>;

export const guestBenefitDoc = benefitDoc.pick({
  _id: true,
  service: true,
  icon: true,
  show_price: true,
  price: true,
  duration_hour: true,
  duration_minute: true,
  simultaneous: true,
  client_number: true,
  identity: true,
  age: true,
  phone: true,
  questions: true,
  translations: true,
});
export type GuestBenefit = z.infer<typeof guestBenefitDoc>;

export const guestServiceDetail = z.object({
  service: guestServiceDoc,
  benefits: z.array(guestBenefitDoc),
  products: z.array(productDoc.omit({ user: true })),
});

/** A free slot of a benefit: places left over all its workers (null = no limit). */
export const freeSlotDoc = z.object({ start: z.number(), end: z.number(), places: z.number().nullable() });
export type FreeSlot = z.infer<typeof freeSlotDoc>;

export const slotsQuery = z.object({
  benefit: id,
  /** epoch seconds: the slots of the days from this instant's day (establishment's time zone) */
  from: z.coerce.number().int().min(0).max(5_000_000_000),
  /** 1 to 31 days */
  days: z.coerce.number().int().min(1).max(31).optional().transform((v) => v ?? 7),
});

export const bookBody = z.object({
  benefit: id,
  start: epoch,
  /** a worker of the guest's choice; else the server gives the first with a place */
  worker: id.nullable().optional(),
  ...guestData,
});

/** Why a booking or a cancellation was refused; the guest app words each in the guest's language. */
export const BOOKING_ERRORS = ['full', 'unavailable', 'cutoff', 'sold_out', 'not_staying', 'limit', 'too_many'] as const;
export type BookingError = (typeof BOOKING_ERRORS)[number];
const refusal = <E extends BookingError>(...codes: [E, ...E[]]) => z.object({ error: z.enum(codes) });

/** A booking as its guest sees it, with the words of its benefit and service. */
export const guestBookingDoc = reservationDoc
  .pick({ _id: true, service: true, service_benefit: true, start: true, end: true, answers: true, client_number: true, identity: true, age: true, phone: true, created_time: true })
  .extend({
    service_name: z.string(),
    benefit: z.array(benefitTranslation),
    /** epoch seconds: cancellable until then (the service's cut-off before the start) */
    cancel_until: z.number(),
  });
export type GuestBooking = z.infer<typeof guestBookingDoc>;

export const bookAnswer = z.union([guestBookingDoc, refusal('full', 'unavailable', 'cutoff', 'not_staying', 'limit'), z.literal(false)]);
export const cancelAnswer = z.union([z.literal(true), refusal('cutoff'), z.literal(false)]);

export const orderBody = z.object({ product: id, quantity: z.number().int().min(1, SERVICES.stockInvalid).max(100, SERVICES.stockInvalid) });
export const orderDoc = z.object({ _id: z.string(), product: z.string(), quantity: z.number(), created_time: z.number(), stock: z.number().nullable() });
export const orderAnswer = z.union([orderDoc, refusal('sold_out', 'too_many'), z.literal(false)]);

/** An order as staff see it (ours): who took how many of which product, newest first. */
export const staffOrderDoc = orderDoc.omit({ stock: true }).extend({
  guest: z.object({ _id: z.string(), firstname: z.string(), lastname: z.string(), email: z.string() }).nullable(),
});
export type ServiceOrder = z.infer<typeof staffOrderDoc>;
