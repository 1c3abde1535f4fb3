import { z } from 'zod';
import { IMPORTS, PEOPLE } from '../messages';
import { ROOM_PHONE } from '../domain/people';
import { call, orFalse, staff } from './call';
import { csvExport, numberList, pageFields, pageOf, textFilter, timeFilter } from './listing';
import { deleteAnswer, lang, personNumber, queryFlag } from './common';
import { stayDoc } from './stays';

const nullableText = z.string().nullable();

export const clientDoc = z.object({
  client_number: z.string(),
  activation_code: z.string(),
  civility: z.enum(['male', 'female']).nullable(),
  firstname: z.string(),
  lastname: z.string(),
  birthday: z.number().nullable(),
  langage: nullableText,
  email1: nullableText,
  email2: nullableText,
  phone1: nullableText,
  phone2: nullableText,
  phone3: nullableText,
  client_type: z.enum(['tourist', 'resident']),
  created_by: nullableText,
  created_time: z.number(),
  edited_by: nullableText,
  edited_time: z.number(),
});
export type Client = z.infer<typeof clientDoc>;

/** A guest app user as the client card's table shows them (002 §2). */
export const clientUserDoc = z.object({
  _id: z.string(),
  /** has a push subscription */
  notification: z.boolean(),
  lastname: z.string(),
  firstname: z.string(),
  email: z.string(),
  civility: z.enum(['homme', 'femme', 'other']).nullable(),
  birthday: z.number().nullable(),
  user_type: z.enum(['primary', 'participant']).nullable(),
  participant_type: z.enum(['mother', 'father', 'other']).nullable(),
  stay_number: nullableText,
  activate: z.boolean(),
  created_time: z.number(),
});
export type ClientUser = z.infer<typeof clientUserDoc>;

/** A client card of the list and the client detail: the file with its stays and its app users. */
export const clientCardDoc = clientDoc.extend({ stays: z.array(stayDoc), users: z.array(clientUserDoc) });
export type ClientCard = z.infer<typeof clientCardDoc>;

export const CLIENT_SORTS = ['client_number', 'edited_time', 'arrival', 'departure', 'location'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

/**
 * The filters of the client list (002 §2 'Client files'). Date bounds are epoch seconds: `after_*` is
 * inclusive, `before_*` exclusive (the screen sends the midnight after the chosen day). Arrival and
 * departure filters match a client having any stay in the range.
 */
export const clientFilters = {
  client_number: textFilter,
  lastname: textFilter,
  firstname: textFilter,
  email: textFilter,
  phone: textFilter,
  location: textFilter,
  code: textFilter,
  client_type: z.enum(['tourist', 'resident']).optional().or(z.literal('').transform(() => undefined)),
  /** the selected client numbers (the spec's client_ids), comma-joined in a query */
  clients: numberList,
  /** with / without stays; absent: both */
  stays: z.enum(['with', 'without']).optional().or(z.literal('').transform(() => undefined)),
  /** with / without app users; absent: both */
  users: z.enum(['with', 'without']).optional().or(z.literal('').transform(() => undefined)),
  /** only clients with a stay on site now (arrival day passed, departure day not yet over) */
  on_site: queryFlag,
  after_arrival: timeFilter,
  before_arrival: timeFilter,
  after_departure: timeFilter,
  before_departure: timeFilter,
  after_update: timeFilter,
  before_update: timeFilter,
};
export const clientListQuery = z.object({ ...pageFields(CLIENT_SORTS, 'client_number'), ...clientFilters });
export type ClientListQuery = z.input<typeof clientListQuery>;
export const clientFilterQuery = z.object(clientFilters);

export const clientCountsDoc = z.object({
  clients: z.number(),
  stays: z.number(),
  users: z.number(),
  /** app users of these clients who receive notifications */
  notifications: z.number(),
});

/** The selected client numbers a search takes (as many as a selection across pages may hold). */
export const MAX_CLIENT_IDS = 100_000;

// A client's contact details, corrected from the card (issue 20): the rules of the room-list form's fields
// (002 §5); '' or null clears one, an absent one stays as it is.
const cleared = (v: string) => (v === '' ? null : v);
const contactEmail = z
  .string()
  .trim()
  .max(100, PEOPLE.contactEmailLong)
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), PEOPLE.roomEmailInvalid)
  .transform(cleared)
  .nullable()
  .optional();
const contactPhone = z
  .string()
  .trim()
  .max(50, PEOPLE.roomPhoneInvalid)
  .refine((v) => v === '' || (ROOM_PHONE.test(v) && v.length >= 9), PEOPLE.roomPhoneInvalid)
  .transform(cleared)
  .nullable()
  .optional();
export const clientContactUpdate = z.object({
  client_number: personNumber,
  email1: contactEmail,
  email2: contactEmail,
  phone1: contactPhone,
  phone2: contactPhone,
  phone3: contactPhone,
  /** the language of the guest's mails; absent: unchanged */
  langage: lang.nullable().optional(),
});

/** What the reception prints for a client: the app's address (drawn as a QR code) and the activation code. */
export const clientPrintCardDoc = z.object({
  client_number: z.string(),
  civility: z.enum(['male', 'female']).nullable(),
  firstname: z.string(),
  lastname: z.string(),
  activation_code: z.string(),
  /** the guest app's sign-up page with the code filled in, in the client's language */
  link: z.string(),
  establishment: z.string(),
});
export type ClientPrintCard = z.infer<typeof clientPrintCardDoc>;

export const clients = {
  list: call('GET', 'dashboard/clients/list', {
    ...staff('users'),
    query: clientListQuery,
    answer: pageOf(clientCardDoc),
    summary: 'A page of client cards, sorted and filtered by the server (paging parameters: docs/api.md)',
  }),
  counts: call('GET', 'dashboard/clients/counts', {
    ...staff('users'),
    query: clientFilterQuery,
    answer: clientCountsDoc,
    summary: 'The counters of the client list for the same filters (not in the spec table)',
  }),
  numbers: call('GET', 'dashboard/clients/numbers', {
    ...staff('users'),
    query: clientFilterQuery,
    answer: z.array(z.string()),
    summary: 'Every client number matching the filters: select across pages (not in the spec table)',
  }),
  find: call('POST', 'dashboard/clients/find', {
    ...staff('users'),
    body: z.object({ client_number: personNumber }),
    answer: orFalse(clientCardDoc),
    summary: 'Reads one client file by its client number (false: unknown)',
  }),
  findMany: call('POST', 'dashboard/clients/find-many', {
    access: 'dashboard',
    anyPermission: ['users', 'emails', 'notifications'],
    body: z.object({ clients: z.array(personNumber).max(100_000) }),
    answer: z.array(clientDoc),
    summary: 'The client files of these numbers (the selection passed to the e-mail and notification screens)',
  }),
  search: call('POST', 'dashboard/clients/search', {
    ...staff('users'),
    body: z.object({
      ...pageFields(CLIENT_SORTS, 'client_number'),
      client_number: textFilter,
      client_ids: numberList.refine((v) => !v || v.length <= MAX_CLIENT_IDS, IMPORTS.tooManyClients(MAX_CLIENT_IDS)),
      lastname: textFilter,
      firstname: textFilter,
      email: textFilter,
      phone: textFilter,
      code: textFilter,
      client_type: clientFilters.client_type,
      /** arrival of any stay, epoch seconds, inclusive */
      after: timeFilter.nullable().transform((v) => v ?? undefined),
      /** arrival of any stay, epoch seconds, exclusive */
      before: timeFilter.nullable().transform((v) => v ?? undefined),
    }),
    answer: pageOf(clientCardDoc),
    summary: 'Lists client files, one page, filtered and sorted',
  }),
  sendCode: call('POST', 'dashboard/clients/send-code', {
    ...staff('users'),
    body: z.object({ client_number: personNumber }),
    answer: orFalse(z.object({ email: z.string() })),
    summary: "Mails the client their activation code and the app's link (the pre-stay template), now; 429 when sent too often (not in the spec table)",
  }),
  updateContact: call('POST', 'dashboard/clients/update-contact', {
    ...staff('users'),
    body: clientContactUpdate,
    answer: orFalse(clientCardDoc),
    summary: "Corrects a client's e-mails, phones and language (not in the spec table)",
  }),
  erase: call('POST', 'dashboard/clients/delete', {
    ...staff('users'),
    body: z.object({ client_number: personNumber }),
    answer: deleteAnswer,
    summary: 'Erases a client with their stays and guest accounts (GDPR), in one transaction, written to the audit log (not in the spec table)',
  }),
  printCard: call('GET', 'dashboard/clients/print-card', {
    ...staff('users'),
    query: z.object({ client_number: personNumber }),
    answer: orFalse(clientPrintCardDoc),
    summary: "What the reception desk's printed card shows: the app's link and the activation code (not in the spec table)",
  }),
  export: csvExport('dashboard/clients/export', clientFilterQuery, 'Client files'),
  roomlist: call('GET', 'dashboard/clients/roomlist', {
    ...staff('users'),
    query: z.object({
      sort: z.enum(['lastname', 'firstname', 'email', 'stay_number', 'location', 'downloaded', 'download_time']).default('lastname'),
      order: z.enum(['asc', 'desc']).default('asc'),
    }),
    answer: z.object({
      rows: z.array(
        z.object({
          lastname: z.string(),
          firstname: z.string(),
          email: z.string(),
          stay_number: z.string(),
          location: nullableText,
          /** has an app account */
          downloaded: z.boolean(),
          download_time: z.number().nullable(),
        }),
      ),
      total: z.number(),
    }),
    summary: 'The participants of the room lists (koban) with whether they have the app (not in the spec table)',
  }),
};
