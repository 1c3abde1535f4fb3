import { z } from 'zod';
import { WEEKDAYS } from '../domain/schedule';
import { isUrl } from '../domain/section-fields';
import { titleRequired } from '../messages/core';
import { SERVICES } from '../messages/services';
import { id, lang, missing, revision, sentRevision } from './common';
import { translationsSchema, type TextRule } from './translations';

// The documents and bodies of services, benefits, workers and products (001 §3, §5, §9). The calls are
// services-calls.ts; the reservations services-bookings.ts.

export const SERVICE_TYPES = ['prestation', 'vente', 'location'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** 001 §9 */
export const SERVICE_LIMITS = { name: 50, title: 50, subtitle: 50, location: 30, questions: 5, price: 1_000_000, limitEnd: 300, durationHours: 12, guestDayPlaces: 1000, daysBeforeArrival: 60, orderMax: 100 } as const;
/** The per-guest ceilings of a new service or product (issue 29; docs/services.md). */
export const GUEST_CEILINGS = { guestDayPlaces: 6, daysBeforeArrival: 1, orderMax: 10 } as const;

// ---------------------------------------------------------------- open dates and hours

/** A yearly period, day and month of its start and of its end, both included (001 §3). */
export const openDate = z.object({ start_day: z.number(), start_month: z.number(), end_day: z.number(), end_month: z.number() });
export type OpenDate = z.infer<typeof openDate>;
/** Hours on the ticked weekdays, start included, end excluded (001 §3). */
export const openHours = z.object({
  monday: z.boolean(),
  tuesday: z.boolean(),
  wednesday: z.boolean(),
  thursday: z.boolean(),
  friday: z.boolean(),
  saturday: z.boolean(),
  sunday: z.boolean(),
  start_hour: z.number(),
  start_minute: z.number(),
  end_hour: z.number(),
  end_minute: z.number(),
});
export type OpenHours = z.infer<typeof openHours>;

const part = (max: number, min = 0) => z.number().int().min(min).max(max).nullable().optional();
/** As typed: a missing field is the period's sentence, not zod's. */
export const openDateInput = z
  .object({ start_day: part(31, 1), start_month: part(12, 1), end_day: part(31, 1), end_month: part(12, 1) })
  .superRefine((v, ctx) => {
    if (v.start_day == null || v.start_month == null || v.end_day == null || v.end_month == null) {
      ctx.addIssue({ code: 'custom', path: [], message: SERVICES.periodIncomplete });
      return;
    }
    // 29 February exists in leap years: the period keeps it, a common year skips it
    const exists = (d: number, m: number) => d <= new Date(Date.UTC(2024, m, 0)).getUTCDate();
    if (!exists(v.start_day, v.start_month)) ctx.addIssue({ code: 'custom', path: ['start_day'], message: SERVICES.periodInvalid });
    else if (!exists(v.end_day, v.end_month)) ctx.addIssue({ code: 'custom', path: ['end_day'], message: SERVICES.periodInvalid });
    else if (v.start_month * 100 + v.start_day > v.end_month * 100 + v.end_day) ctx.addIssue({ code: 'custom', path: ['end_day'], message: SERVICES.periodOrder });
  })
  .transform((v) => v as OpenDate);

export const openHoursInput = z
  .object({
    monday: z.boolean().default(false),
    tuesday: z.boolean().default(false),
    wednesday: z.boolean().default(false),
    thursday: z.boolean().default(false),
    friday: z.boolean().default(false),
    saturday: z.boolean().default(false),
    sunday: z.boolean().default(false),
    start_hour: part(23),
    start_minute: part(59),
    end_hour: part(23),
    end_minute: part(59),
  })
  .superRefine((v, ctx) => {
    if (v.start_hour == null || v.start_minute == null || v.end_hour == null || v.end_minute == null) {
      ctx.addIssue({ code: 'custom', path: [], message: SERVICES.hoursIncomplete });
    } else if (v.start_hour * 60 + v.start_minute >= v.end_hour * 60 + v.end_minute) {
      ctx.addIssue({ code: 'custom', path: ['end_hour'], message: SERVICES.hoursOrder });
    }
    if (!WEEKDAYS.some((d) => v[d])) ctx.addIssue({ code: 'custom', path: ['monday'], message: SERVICES.weekdayRequired });
  })
  .transform((v) => v as OpenHours);

const periods = (atLeastOne: string) => z.array(openDateInput, missing(atLeastOne)).min(1, atLeastOne).max(20);
const hoursList = (atLeastOne: string) => z.array(openHoursInput, missing(atLeastOne)).min(1, atLeastOne).max(20);

// ---------------------------------------------------------------- numbers as typed

/** Hours 0 to 12, minutes 0 to 55 by steps of 5 (001 §9). */
export const durationHour = z.number(missing(SERVICES.durationSteps)).int(SERVICES.durationSteps).min(0, SERVICES.durationSteps).max(12, SERVICES.durationSteps);
export const durationMinute = z.number(missing(SERVICES.durationSteps)).int(SERVICES.durationSteps).min(0, SERVICES.durationSteps).max(55, SERVICES.durationSteps).multipleOf(5, SERVICES.durationSteps);

/**
 * A price as typed: '12,50', '12.5', 12.5, '+3' (001 §5: optional sign, 1 or 2 decimals with a dot or a
 * comma, not negative, at most 1 000 000). Answers euros as a number with at most 2 decimals.
 */
export const priceInput = z
  .union([z.string().trim().max(20), z.number()], missing(SERVICES.priceRequired))
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v;
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: SERVICES.priceRequired });
      return z.NEVER;
    }
    const m = /^\+?(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text);
    const cents = m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : NaN;
    if (!m || !Number.isFinite(cents) || cents > SERVICE_LIMITS.price * 100) {
      ctx.addIssue({ code: 'custom', message: SERVICES.priceInvalid });
      return z.NEVER;
    }
    return cents / 100;
  });

// ---------------------------------------------------------------- translations

// Translated texts: the booklet's rules and schema (translations.ts), with the area's own sentences past a length.
export const SERVICE_NAME_TITLE: TextRule = { field: 'title', max: 50, required: titleRequired };
export const SERVICE_LOCATION: TextRule = { field: 'location', max: 30, required: SERVICES.locationRequired, tooLong: SERVICES.locationMax };
export const SUBTITLE: TextRule = { field: 'subtitle', max: 50, required: SERVICES.subtitleRequired, tooLong: SERVICES.subtitleMax };
export const DESCRIPTION: TextRule = { field: 'description', required: SERVICES.descriptionRequired };
export const QUESTION_TITLE: TextRule = { field: 'title', max: 50, required: SERVICES.questionTitleRequired, tooLong: SERVICES.questionTitleMax };

const text = (max: number) => z.string().max(max).transform((s) => s.trim());
const html = z.string().max(50_000);

export const serviceTranslation = z.object({ lang, title: z.string(), location: z.string() });
export const benefitTranslation = z.object({ lang, subtitle: z.string(), description: z.string(), comment: z.string(), location: z.string() });
export const productTranslation = z.object({ lang, subtitle: z.string(), description: z.string() });
export const questionDoc = z.object({ type: z.enum(['text', 'number']), mandatory: z.boolean(), translations: z.array(z.object({ lang, title: z.string() })) });
export type BenefitQuestion = z.infer<typeof questionDoc>;

// ---------------------------------------------------------------- documents

const timing = {
  duration_hour: z.number(),
  duration_minute: z.number(),
  interval_hour: z.number(),
  interval_minute: z.number(),
};

export const serviceDoc = z.object({
  _id: z.string(),
  name: z.string(),
  /** image file id (files/add-image) */
  cover: z.string().nullable(),
  type: z.enum(SERVICE_TYPES),
  payment_link: z.string().nullable(),
  translations: z.array(serviceTranslation),
  /** sanitized HTML, shown above the planning */
  comment: z.string().nullable(),
  list_mode: z.boolean(),
  user: z.string().nullable(),
  ...timing,
  /** hours before a slot's start when bookings close (0 to 300) */
  limit_end: z.number(),
  /** ours (issue 29): places one guest may hold per day of this service; staff bookings are not counted */
  guest_day_places: z.number(),
  /** ours (issue 29): a guest books from this many days before their stay's arrival day, for slots during the stay */
  days_before_arrival: z.number(),
  open_dates: z.array(openDate),
  open_hours: z.array(openHours),
  /** ours (issue 29): raised by each save of the service's form (update); sent back by it, a changed service answers 409 */
  revision: revision.optional(),
  /** ours (issue 29): the same for the slot settings' form (update-duration, whose `revision` is this one) */
  slots_revision: revision.optional(),
});
export type Service = z.infer<typeof serviceDoc>;

export const benefitDoc = z.object({
  _id: z.string(),
  service: z.string(),
  icon: z.string(),
  show_price: z.boolean(),
  /** euros; 0 is shown 'Gratuit' */
  price: z.number(),
  ...timing,
  confirmation: z.boolean(),
  /** places per worker and slot; null = no limit */
  simultaneous: z.number().nullable(),
  client_number: z.boolean(),
  identity: z.boolean(),
  age: z.boolean(),
  phone: z.boolean(),
  open_dates: z.array(openDate),
  open_hours: z.array(openHours),
  questions: z.array(questionDoc),
  translations: z.array(benefitTranslation),
  user: z.string().nullable(),
  /** ours (issue 29): raised by each save; sent back by an update, a changed record answers 409 */
  revision: revision.optional(),
});
export type ServiceBenefit = z.infer<typeof benefitDoc>;

export const workerDoc = z.object({
  _id: z.string(),
  service: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  working_dates: z.array(openDate),
  working_hours: z.array(openHours),
  /** the benefits (ids) this worker offers */
  services: z.array(z.string()),
  user: z.string().nullable(),
  /** ours (issue 29): raised by each save; sent back by an update, a changed record answers 409 */
  revision: revision.optional(),
});
export type ServiceWorker = z.infer<typeof workerDoc>;

export const productDoc = z.object({
  _id: z.string(),
  service: z.string(),
  icon: z.string(),
  price: z.number(),
  /** null = unlimited */
  stock: z.number().nullable(),
  /** ours (issue 29): the most one order may take */
  order_max: z.number(),
  translations: z.array(productTranslation),
  user: z.string().nullable(),
  /** ours (issue 29): raised by each save; sent back by an update, a changed record answers 409 */
  revision: revision.optional(),
});
export type ServiceProduct = z.infer<typeof productDoc>;

// ---------------------------------------------------------------- bodies

const serviceFields = {
  name: z.string(missing(SERVICES.nameRequired)).trim().min(1, SERVICES.nameRequired).max(SERVICE_LIMITS.name, SERVICES.nameMax),
  cover: z.string(missing(SERVICES.coverRequired)).min(1, SERVICES.coverRequired).max(64),
  type: z.enum(SERVICE_TYPES, { error: SERVICES.typeInvalid }),
  payment_link: z
    .string()
    .trim()
    .max(500, SERVICES.paymentLinkInvalid)
    .nullable()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || isUrl(v), SERVICES.paymentLinkInvalid),
  translations: translationsSchema({ title: text(200), location: text(200).optional() }, [SERVICE_NAME_TITLE, SERVICE_LOCATION]),
  comment: html.nullable().optional().transform((v) => v ?? null),
  list_mode: z.boolean().optional().transform((v) => v ?? false),
  /** the spec sends the creator's id; the server takes the session's */
  user: z.string().max(64).nullable().optional(),
};
export const serviceInsert = z.object(serviceFields);
export const serviceUpdate = z.object({ id, ...serviceFields, ...sentRevision });

/** 'Paramètres des créneaux': the service's grid, cut-off, pickup location (translations) and open times. */
export const serviceDuration = z.object({
  id,
  /** ours (issue 29): the service's `slots_revision` the form was filled from */
  ...sentRevision,
  open_dates: periods(SERVICES.oneOpenPeriod),
  open_hours: hoursList(SERVICES.oneOpenHours),
  duration_hour: durationHour,
  duration_minute: durationMinute,
  interval_hour: durationHour,
  interval_minute: durationMinute,
  limit_end: z.number(missing(SERVICES.limitEndRange)).int(SERVICES.limitEndRange).min(0, SERVICES.limitEndRange).max(SERVICE_LIMITS.limitEnd, SERVICES.limitEndRange),
  translations: translationsSchema({ location: text(200) }, [SERVICE_LOCATION]),
  /** ours (issue 29); left out, the stored value stays */
  guest_day_places: z.number(missing(SERVICES.guestDayPlacesRange)).int(SERVICES.guestDayPlacesRange).min(1, SERVICES.guestDayPlacesRange).max(SERVICE_LIMITS.guestDayPlaces, SERVICES.guestDayPlacesRange).optional(),
  days_before_arrival: z.number(missing(SERVICES.daysBeforeArrivalRange)).int(SERVICES.daysBeforeArrivalRange).min(0, SERVICES.daysBeforeArrivalRange).max(SERVICE_LIMITS.daysBeforeArrival, SERVICES.daysBeforeArrivalRange).optional(),
});

const question = z.object({
  type: z.enum(['text', 'number'], { error: SERVICES.questionTypeRequired }),
  mandatory: z.boolean().optional().transform((v) => v ?? false),
  translations: translationsSchema({ title: text(200) }, [QUESTION_TITLE]),
});

const benefitFields = {
  service: id,
  icon: z.string(missing(SERVICES.iconRequired)).min(1, SERVICES.iconRequired).max(64),
  show_price: z.boolean().optional().transform((v) => v ?? true),
  price: priceInput,
  duration_hour: durationHour,
  duration_minute: durationMinute,
  interval_hour: durationHour.optional().transform((v) => v ?? 0),
  interval_minute: durationMinute.optional().transform((v) => v ?? 0),
  confirmation: z.boolean().optional().transform((v) => v ?? true),
  simultaneous: z.number().int(SERVICES.simultaneousPositive).min(1, SERVICES.simultaneousPositive).max(10_000).nullable(),
  client_number: z.boolean().optional().transform((v) => v ?? false),
  identity: z.boolean().optional().transform((v) => v ?? true),
  age: z.boolean().optional().transform((v) => v ?? false),
  phone: z.boolean().optional().transform((v) => v ?? false),
  open_dates: periods(SERVICES.oneOpenPeriod),
  open_hours: hoursList(SERVICES.oneOpenHours),
  questions: z.array(question).max(SERVICE_LIMITS.questions, SERVICES.tooManyQuestions).default([]),
  translations: translationsSchema({ subtitle: text(200), description: html, comment: html.optional(), location: text(200) }, [SUBTITLE, SERVICE_LOCATION]),
  user: z.string().max(64).nullable().optional(),
};
const positiveDuration = (v: { duration_hour: number; duration_minute: number }, ctx: z.RefinementCtx) => {
  if (v.duration_hour === 0 && v.duration_minute === 0) ctx.addIssue({ code: 'custom', path: ['duration_minute'], message: SERVICES.durationPositive });
};
export const benefitInsert = z.object(benefitFields).superRefine(positiveDuration);
export const benefitUpdate = z.object({ _id: id, ...benefitFields, ...sentRevision }).superRefine(positiveDuration);

const name = (required: string, max: string) => z.string(missing(required)).trim().min(1, required).max(50, max);
const workerFields = {
  service: id,
  firstname: name(SERVICES.firstnameRequired, SERVICES.firstnameMax),
  lastname: name(SERVICES.lastnameRequired, SERVICES.lastnameMax),
  working_dates: periods(SERVICES.onePeriod),
  working_hours: hoursList(SERVICES.oneWorkSlot),
  /** benefit ids; an empty entry is a selection left blank */
  services: z.array(z.string(missing(SERVICES.serviceRequired)).min(1, SERVICES.serviceRequired).max(64), missing(SERVICES.oneBenefit)).min(1, SERVICES.oneBenefit).max(100),
  user: z.string().max(64).nullable().optional(),
};
export const workerInsert = z.object(workerFields);
export const workerUpdate = z.object({ _id: id, ...workerFields, ...sentRevision });

const productFields = {
  service: id,
  icon: z.string(missing(SERVICES.iconRequired)).min(1, SERVICES.iconRequired).max(64),
  price: priceInput,
  stock: z.number().int(SERVICES.stockInvalid).min(0, SERVICES.stockInvalid).max(1_000_000, SERVICES.stockInvalid).nullable(),
  /** ours (issue 29); left out, the stored value stays (10 for a new product) */
  order_max: z.number(missing(SERVICES.orderMaxRange)).int(SERVICES.orderMaxRange).min(1, SERVICES.orderMaxRange).max(SERVICE_LIMITS.orderMax, SERVICES.orderMaxRange).optional(),
  translations: translationsSchema({ subtitle: text(200), description: html }, [SUBTITLE]),
  user: z.string().max(64).nullable().optional(),
};
export const productInsert = z.object(productFields);
export const productUpdate = z.object({ _id: id, ...productFields, ...sentRevision });
