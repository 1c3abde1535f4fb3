import { z } from 'zod';
import { IMP, M, PPL } from '../messages';
import { ROOM_DATE, ROOM_NAME_FORBIDDEN, ROOM_PHONE } from '../domain/people';
import { call, orFalse } from './call';
import { listCount, numberList, pageFields, pageOf, textFilter, timeFilter } from './listing';
import { lang, missing } from './common';

/** A client or stay number as the PMS writes it. */
export const personNumber = z.string(missing('Numéro manquant')).trim().min(1, 'Numéro manquant').max(64);

const nullableText = z.string().nullable();

export const client = z.object({
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
export type Client = z.infer<typeof client>;

export const participant = z.object({ lastname: z.string(), firstname: z.string(), email: z.string() });

export const stay = z.object({
  stay_number: z.string(),
  client_number: z.string(),
  location: nullableText,
  location_category: nullableText,
  /** the day, epoch seconds of its midnight in the establishment's time zone */
  arrival: z.number(),
  departure: z.number(),
  /** 'HH:MM' when the PMS gives it */
  arrival_time: nullableText,
  departure_time: nullableText,
  participants: z.array(participant),
  created_time: z.number(),
  created_by: nullableText,
  edited_time: z.number(),
  edited_by: nullableText,
});
export type Stay = z.infer<typeof stay>;

/** A guest app user as the client card's table shows them (002 §2). */
export const clientUser = z.object({
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
export type ClientUser = z.infer<typeof clientUser>;

/** A client card of the list and the client detail: the file with its stays and its app users. */
export const clientCard = client.extend({ stays: z.array(stay), users: z.array(clientUser) });
export type ClientCard = z.infer<typeof clientCard>;

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
  on_site: z
    .union([z.string(), z.boolean()])
    .optional()
    .transform((v) => v === true || v === '1' || v === 'true'),
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

export const clientCounts = z.object({
  clients: z.number(),
  stays: z.number(),
  users: z.number(),
  /** app users of these clients who receive notifications */
  notifications: z.number(),
});

export const STAY_SORTS = ['stay_number', 'client_number', 'arrival', 'departure', 'location', 'edited_time'] as const;
export const stayFilters = {
  stay_number: textFilter,
  client_number: textFilter,
  location: textFilter,
  on_site: clientFilters.on_site,
  after_arrival: timeFilter,
  before_arrival: timeFilter,
  after_departure: timeFilter,
  before_departure: timeFilter,
};
export const stayListQuery = z.object({ ...pageFields(STAY_SORTS, 'stay_number'), ...stayFilters });
export type StayListQuery = z.input<typeof stayListQuery>;
export const stayFilterQuery = z.object(stayFilters);

/** A stay of the list and the stay detail: with its client's name and the app users who joined it. */
export const stayRow = stay.extend({
  client: z.object({ lastname: z.string(), firstname: z.string(), civility: z.enum(['male', 'female']).nullable() }),
  users: z.array(z.object({ _id: z.string(), lastname: z.string(), firstname: z.string(), email: z.string() })),
});
export type StayRow = z.infer<typeof stayRow>;

// Imports (002 §2 'Imports', §5) ---------------------------------------------------------------------------

/** A CSV file as the browser read it: a data URL (base64 of the bytes, any encoding) or plain text. */
export const csvFile = z.string().max(20_000_000);

const roomName = (required: string, short?: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(short ? 2 : 1, short ?? required)
    .max(50, PPL.roomNameLong)
    .refine((v) => !ROOM_NAME_FORBIDDEN.test(v), PPL.roomNameInvalid);
const roomDate = (message: string, required: string) =>
  z.string(missing(required)).trim().min(1, required).regex(ROOM_DATE, message);

/** Room-list insert (koban, 002 §5): the group's contact, its dates and the CSV of participants. */
export const roomlistInsert = z.object({
  lastname: roomName(PPL.roomLastnameRequired),
  firstname: roomName(PPL.roomFirstnameRequired, PPL.roomFirstnameShort),
  email: z
    .string({ error: PPL.roomEmailRequired })
    .trim()
    .min(1, PPL.roomEmailRequired)
    .max(50, PPL.roomEmailLong)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, PPL.roomEmailInvalid),
  phone: z
    .string({ error: PPL.roomPhoneRequired })
    .trim()
    .min(1, PPL.roomPhoneRequired)
    .regex(ROOM_PHONE, PPL.roomPhoneInvalid)
    .min(9, PPL.roomPhoneInvalid)
    .max(50, PPL.roomPhoneInvalid),
  arrival: roomDate(PPL.arrivalFormat, PPL.arrivalFormat),
  departure: roomDate(PPL.departureFormat, PPL.departureFormat),
  file: z.string(missing(PPL.csvRequired)).min(1, PPL.csvRequired).max(20_000_000),
});

/** Room-list update: an existing client and both dates only (002 §5); a new CSV replaces the participants. */
export const roomlistUpdate = z.object({
  client: z.string(missing(PPL.clientRequired)).trim().min(1, PPL.clientRequired).max(64),
  arrival: roomDate(PPL.arrivalFormat, PPL.arrivalFormat),
  departure: roomDate(PPL.departureFormat, PPL.departureFormat),
  file: z.string().max(20_000_000).optional(),
});

/** Reservations (amenitiz): two CSV files, at least one. */
export const reservationsImport = z
  .object({ clients: csvFile.nullable().optional(), reservations: csvFile.nullable().optional() })
  .refine((v) => !!v.clients || !!v.reservations, { message: PPL.uploadAtLeastOne, path: ['clients'] });

/**
 * POST dashboard/clients/import: the spec's two bodies on one path. With `clients` or `reservations` it is
 * the reservations import; with a `client` key (even empty) a room-list update; otherwise a room-list insert.
 */
export const clientsImportBody = z
  .looseObject({
    clients: z.unknown().optional(),
    reservations: z.unknown().optional(),
    client: z.unknown().optional(),
  })
  .transform((v, ctx) => {
    const schema =
      'clients' in v || 'reservations' in v ? reservationsImport : 'client' in v ? roomlistUpdate : roomlistInsert;
    const parsed = (schema as z.ZodType).safeParse(v);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' } as never);
      return z.NEVER;
    }
    const kind = schema === reservationsImport ? 'reservations' : schema === roomlistUpdate ? 'roomlist-update' : 'roomlist-insert';
    return { kind, ...(parsed.data as object) } as
      | ({ kind: 'reservations' } & z.output<typeof reservationsImport>)
      | ({ kind: 'roomlist-update' } & z.output<typeof roomlistUpdate>)
      | ({ kind: 'roomlist-insert' } & z.output<typeof roomlistInsert>);
  });

export const importFailure = z.object({
  /** line of the file (1 is the header) */
  line: z.number(),
  /** the client or stay number of the row, when it has one */
  number: z.string(),
  reason: z.string(),
  /** the column (its French label) and the value the refusal is about, when it is about one */
  column: z.string().optional(),
  value: z.string().optional(),
  /** the file of the row ('clients', 'réservations', an FTP file's name) */
  file: z.string().optional(),
});
export type ImportFailureDoc = z.infer<typeof importFailure>;

/** An import and its progress; the dashboard polls it while it runs and shows its result after. */
export const importDoc = z.object({
  _id: z.string(),
  kind: z.enum(['reservations', 'roomlist', 'extraction', 'pms']),
  status: z.enum(['pending', 'running', 'done', 'failed']),
  source: z.enum(['dashboard', 'ftp']),
  total: z.number(),
  done: z.number(),
  created: z.number(),
  updated: z.number(),
  /** the refused rows listed one by one (the first MAX_LISTED_FAILURES of them) */
  failures: z.array(importFailure),
  /** every refused row, listed or not */
  refused: z.number(),
  /** why the whole file was refused (parse error), when status is failed */
  message: z.string().nullable(),
  created_time: z.number(),
  finished_time: z.number().nullable(),
});
export type ImportDoc = z.infer<typeof importDoc>;

/** Refused rows an import lists one by one (and gives back as a CSV); past it they are counted. */
export const MAX_LISTED_FAILURES = 1000;

/** What an import will read in a file, before importing: the columns recognised and the first rows. */
export const importPreview = z.object({
  /** each header cell of the file and the column it is read as (French label), null when ignored */
  columns: z.array(z.object({ header: z.string(), column: z.string().nullable() })),
  /** the first rows as they will be read, by column label (dates as jj/mm/aaaa) */
  rows: z.array(z.object({ line: z.number(), values: z.record(z.string(), z.string()) })),
  /** rows that will be imported and rows that will be refused */
  readable: z.number(),
  refused: z.number(),
  /** the first refused rows and why */
  failures: z.array(importFailure),
  /** why the whole file cannot be imported (a column missing, a quote never closed) */
  message: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof importPreview>;

/** The selected client numbers a search takes (as many as a selection across pages may hold). */
export const MAX_CLIENT_IDS = 100_000;

const usersFlag = { access: 'dashboard', permission: 'users' } as const;

// A client's contact details, corrected from the card (issue 20): the rules of the room-list form's fields
// (002 §5); '' or null clears one, an absent one stays as it is.
const cleared = (v: string) => (v === '' ? null : v);
const contactEmail = z
  .string()
  .trim()
  .max(100, PPL.contactEmailLong)
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), PPL.roomEmailInvalid)
  .transform(cleared)
  .nullable()
  .optional();
const contactPhone = z
  .string()
  .trim()
  .max(50, PPL.roomPhoneInvalid)
  .refine((v) => v === '' || (ROOM_PHONE.test(v) && v.length >= 9), PPL.roomPhoneInvalid)
  .transform(cleared)
  .nullable()
  .optional();
export const clientContact = z.object({
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
export const clientPrintCard = z.object({
  client_number: z.string(),
  civility: z.enum(['male', 'female']).nullable(),
  firstname: z.string(),
  lastname: z.string(),
  activation_code: z.string(),
  /** the guest app's sign-up page with the code filled in, in the client's language */
  link: z.string(),
  establishment: z.string(),
});
export type ClientPrintCard = z.infer<typeof clientPrintCard>;

/** A list exported as CSV (UTF-8 with BOM, ';', dd/mm/yyyy): the list's filters, every matching row. */
const csvExport = <Q extends z.ZodType>(path: string, query: Q, what: string) =>
  call('GET', path, {
    ...usersFlag,
    query,
    raw: true,
    answer: z.any(),
    summary: `${what} matching the list's filters as a CSV to open in a spreadsheet (streamed; not in the spec table)`,
  });

export const clients = {
  list: call('GET', 'dashboard/clients/list', {
    ...usersFlag,
    query: clientListQuery,
    answer: pageOf(clientCard),
    summary: 'A page of client cards, sorted and filtered by the server (paging parameters: docs/api.md)',
  }),
  counts: call('GET', 'dashboard/clients/counts', {
    ...usersFlag,
    query: clientFilterQuery,
    answer: clientCounts,
    summary: 'The counters of the client list for the same filters (not in the spec table)',
  }),
  numbers: call('GET', 'dashboard/clients/numbers', {
    ...usersFlag,
    query: clientFilterQuery,
    answer: z.array(z.string()),
    summary: 'Every client number matching the filters: select across pages (not in the spec table)',
  }),
  find: call('POST', 'dashboard/clients/find', {
    ...usersFlag,
    body: z.object({ client_number: personNumber }),
    answer: orFalse(clientCard),
  }),
  findMany: call('POST', 'dashboard/clients/find-many', {
    access: 'dashboard',
    anyPermission: ['users', 'emails', 'notifications'],
    body: z.object({ clients: z.array(personNumber).max(100_000) }),
    answer: z.array(client),
    summary: 'The client files of these numbers (the selection passed to the e-mail and notification screens)',
  }),
  search: call('POST', 'dashboard/clients/search', {
    ...usersFlag,
    body: z.object({
      ...pageFields(CLIENT_SORTS, 'client_number'),
      client_number: textFilter,
      client_ids: numberList.refine((v) => !v || v.length <= MAX_CLIENT_IDS, IMP.tooManyClients(MAX_CLIENT_IDS)),
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
    answer: pageOf(clientCard),
  }),
  import: call('POST', 'dashboard/clients/import', {
    ...usersFlag,
    body: clientsImportBody,
    answer: orFalse(importDoc),
    summary: 'Reservations (amenitiz: clients and reservations files) or room list (koban); runs in the background',
  }),
  uploadFile: call('POST', 'dashboard/upload/file', {
    access: 'dashboard',
    anyPermission: ['users', 'super'],
    body: z.object({ file: z.string(missing(M.fileMissing)).min(1, M.fileMissing).max(20_000_000) }),
    answer: orFalse(importDoc),
    summary: 'Imports a client extraction file (CSV) from the hub; runs in the background',
  }),
  importFind: call('GET', 'dashboard/imports/find', {
    access: 'dashboard',
    anyPermission: ['users', 'super'],
    query: z.object({ id: z.string().min(1).max(64) }),
    answer: orFalse(importDoc),
    summary: 'An import and its progress (not in the spec table)',
  }),
  importLatest: call('GET', 'dashboard/imports/latest', {
    access: 'dashboard',
    anyPermission: ['users', 'super'],
    query: z.object({ kind: z.enum(['reservations', 'roomlist', 'extraction', 'pms']) }),
    answer: orFalse(importDoc),
    summary: 'The latest import of a kind, running or done, so that its progress survives leaving the page',
  }),
  importPreview: call('POST', 'dashboard/imports/preview', {
    access: 'dashboard',
    anyPermission: ['users', 'super'],
    body: z.object({ file: z.string(missing(M.fileMissing)).min(1, M.fileMissing).max(20_000_000) }),
    answer: importPreview,
    summary: 'What an import will read in a CSV file: columns recognised, first rows, rows refused; writes nothing (not in the spec table)',
  }),
  importRefused: call('GET', 'dashboard/imports/refused', {
    access: 'dashboard',
    anyPermission: ['users', 'super'],
    query: z.object({ id: z.string().min(1).max(64), file: z.string().max(300).optional() }),
    raw: true,
    answer: z.any(),
    summary: "An import's refused rows as a CSV (UTF-8 with BOM, ';'), with a column saying why, to fix and import again (not in the spec table)",
  }),
  sendCode: call('POST', 'dashboard/clients/send-code', {
    ...usersFlag,
    body: z.object({ client_number: personNumber }),
    answer: orFalse(z.object({ email: z.string() })),
    summary: "Mails the client their activation code and the app's link (the pre-stay template), now; 429 when sent too often (not in the spec table)",
  }),
  updateContact: call('POST', 'dashboard/clients/update-contact', {
    ...usersFlag,
    body: clientContact,
    answer: orFalse(clientCard),
    summary: "Corrects a client's e-mails, phones and language (not in the spec table)",
  }),
  erase: call('POST', 'dashboard/clients/delete', {
    ...usersFlag,
    body: z.object({ client_number: personNumber }),
    answer: z.union([z.literal(true), z.literal(false)]),
    summary: 'Erases a client with their stays and guest accounts (GDPR), in one transaction, written to the audit log (not in the spec table)',
  }),
  printCard: call('GET', 'dashboard/clients/print-card', {
    ...usersFlag,
    query: z.object({ client_number: personNumber }),
    answer: orFalse(clientPrintCard),
    summary: "What the reception desk's printed card shows: the app's link and the activation code (not in the spec table)",
  }),
  export: csvExport('dashboard/clients/export', clientFilterQuery, 'Client files'),
  roomlist: call('GET', 'dashboard/clients/roomlist', {
    ...usersFlag,
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

export { csvExport };

export const stays = {
  list: call('GET', 'dashboard/stays/list', {
    ...usersFlag,
    query: stayListQuery,
    answer: pageOf(stayRow),
    summary: 'A page of stays, sorted and filtered by the server (paging parameters: docs/api.md)',
  }),
  count: call('GET', 'dashboard/stays/count', {
    ...usersFlag,
    query: stayFilterQuery,
    answer: listCount,
    summary: 'The exact number of stays matching the filters, when the list says more than 1 000 (not in the spec table)',
  }),
  export: csvExport('dashboard/stays/export', stayFilterQuery, 'Stays'),
  find: call('POST', 'dashboard/stays/find', { ...usersFlag, body: z.object({ stay_number: personNumber }), answer: orFalse(stayRow) }),
  findByClient: call('POST', 'dashboard/stays/find-by-client', {
    ...usersFlag,
    body: z.object({ client_number: personNumber }),
    answer: z.array(stay),
  }),
  search: call('POST', 'dashboard/stays/search', {
    ...usersFlag,
    body: z.object({
      ...pageFields(STAY_SORTS, 'stay_number'),
      ...stayFilters,
      after_arrival: timeFilter.nullable().transform((v) => v ?? undefined),
      before_arrival: timeFilter.nullable().transform((v) => v ?? undefined),
      after_departure: timeFilter.nullable().transform((v) => v ?? undefined),
      before_departure: timeFilter.nullable().transform((v) => v ?? undefined),
    }),
    answer: pageOf(stayRow),
  }),
};
