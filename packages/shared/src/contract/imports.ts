import { z } from 'zod';
import { CORE, PEOPLE } from '../messages';
import { ROOM_DATE, ROOM_NAME_FORBIDDEN, ROOM_PHONE } from '../domain/people';
import { call, orFalse, staff } from './call';
import { missing } from './common';

// Imports of clients and stays (002 §2 'Imports', §5): reservations, room lists, extractions, the PMS.

/** A CSV file as the browser read it: a data URL (base64 of the bytes, any encoding) or plain text. */
export const csvFile = z.string().max(20_000_000);

const roomName = (required: string, short?: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(short ? 2 : 1, short ?? required)
    .max(50, PEOPLE.roomNameLong)
    .refine((v) => !ROOM_NAME_FORBIDDEN.test(v), PEOPLE.roomNameInvalid);
const roomDate = (message: string, required: string) =>
  z.string(missing(required)).trim().min(1, required).regex(ROOM_DATE, message);

/** Room-list insert (koban, 002 §5): the group's contact, its dates and the CSV of participants. */
export const roomlistInsert = z.object({
  lastname: roomName(PEOPLE.roomLastnameRequired),
  firstname: roomName(PEOPLE.roomFirstnameRequired, PEOPLE.roomFirstnameShort),
  email: z
    .string({ error: PEOPLE.roomEmailRequired })
    .trim()
    .min(1, PEOPLE.roomEmailRequired)
    .max(50, PEOPLE.roomEmailLong)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, PEOPLE.roomEmailInvalid),
  phone: z
    .string({ error: PEOPLE.roomPhoneRequired })
    .trim()
    .min(1, PEOPLE.roomPhoneRequired)
    .regex(ROOM_PHONE, PEOPLE.roomPhoneInvalid)
    .min(9, PEOPLE.roomPhoneInvalid)
    .max(50, PEOPLE.roomPhoneInvalid),
  arrival: roomDate(PEOPLE.arrivalFormat, PEOPLE.arrivalFormat),
  departure: roomDate(PEOPLE.departureFormat, PEOPLE.departureFormat),
  file: z.string(missing(PEOPLE.csvRequired)).min(1, PEOPLE.csvRequired).max(20_000_000),
});

/** Room-list update: an existing client and both dates only (002 §5); a new CSV replaces the participants. */
export const roomlistUpdate = z.object({
  client: z.string(missing(PEOPLE.clientRequired)).trim().min(1, PEOPLE.clientRequired).max(64),
  arrival: roomDate(PEOPLE.arrivalFormat, PEOPLE.arrivalFormat),
  departure: roomDate(PEOPLE.departureFormat, PEOPLE.departureFormat),
  file: z.string().max(20_000_000).optional(),
});

/** Reservations (amenitiz): two CSV files, at least one. */
export const reservationsInsert = z
  .object({ clients: csvFile.nullable().optional(), reservations: csvFile.nullable().optional() })
  .refine((v) => !!v.clients || !!v.reservations, { message: PEOPLE.uploadAtLeastOne, path: ['clients'] });

/**
 * POST dashboard/clients/import: the spec's two bodies on one path. With `clients` or `reservations` it is
 * the reservations import; with a `client` key (even empty) a room-list update; otherwise a room-list insert.
 */
export const importInsert = z
  .looseObject({
    clients: z.unknown().optional(),
    reservations: z.unknown().optional(),
    client: z.unknown().optional(),
  })
  .transform((v, ctx) => {
    const schema =
      'clients' in v || 'reservations' in v ? reservationsInsert : 'client' in v ? roomlistUpdate : roomlistInsert;
    const parsed = (schema as z.ZodType).safeParse(v);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' } as never);
      return z.NEVER;
    }
    const kind = schema === reservationsInsert ? 'reservations' : schema === roomlistUpdate ? 'roomlist-update' : 'roomlist-insert';
    return { kind, ...(parsed.data as object) } as
      | ({ kind: 'reservations' } & z.output<typeof reservationsInsert>)
      | ({ kind: 'roomlist-update' } & z.output<typeof roomlistUpdate>)
      | ({ kind: 'roomlist-insert' } & z.output<typeof roomlistInsert>);
  });

export const importFailureDoc = z.object({
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
export type ImportFailureDoc = z.infer<typeof importFailureDoc>;

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
  failures: z.array(importFailureDoc),
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
export const importPreviewDoc = z.object({
  /** each header cell of the file and the column it is read as (French label), null when ignored */
  columns: z.array(z.object({ header: z.string(), column: z.string().nullable() })),
  /** the first rows as they will be read, by column label (dates as jj/mm/aaaa) */
  rows: z.array(z.object({ line: z.number(), values: z.record(z.string(), z.string()) })),
  /** rows that will be imported and rows that will be refused */
  readable: z.number(),
  refused: z.number(),
  /** the first refused rows and why */
  failures: z.array(importFailureDoc),
  /** why the whole file cannot be imported (a column missing, a quote never closed) */
  message: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewDoc>;

export const imports = {
  import: call('POST', 'dashboard/clients/import', {
    ...staff('users'),
    body: importInsert,
    answer: orFalse(importDoc),
    summary: 'Reservations (amenitiz: clients and reservations files) or room list (koban); runs in the background',
  }),
  uploadFile: call('POST', 'dashboard/upload/file', {
    access: 'dashboard',
    anyPermission: ['users', 'super'],
    body: z.object({ file: z.string(missing(CORE.fileMissing)).min(1, CORE.fileMissing).max(20_000_000) }),
    answer: orFalse(importDoc),
    summary: 'Imports a client extraction file (CSV) from the hub; runs in the background',
  }),
  find: call('GET', 'dashboard/imports/find', {
    access: 'dashboard',
    anyPermission: ['users', 'super'],
    query: z.object({ id: z.string().min(1).max(64) }),
    answer: orFalse(importDoc),
    summary: 'An import and its progress (not in the spec table)',
  }),
  latest: call('GET', 'dashboard/imports/latest', {
    access: 'dashboard',
    anyPermission: ['users', 'super'],
    query: z.object({ kind: z.enum(['reservations', 'roomlist', 'extraction', 'pms']) }),
    answer: orFalse(importDoc),
    summary: 'The latest import of a kind, running or done, so that its progress survives leaving the page',
  }),
  preview: call('POST', 'dashboard/imports/preview', {
    access: 'dashboard',
    anyPermission: ['users', 'super'],
    body: z.object({ file: z.string(missing(CORE.fileMissing)).min(1, CORE.fileMissing).max(20_000_000) }),
    answer: importPreviewDoc,
    summary: 'What an import will read in a CSV file: columns recognised, first rows, rows refused; writes nothing (not in the spec table)',
  }),
  refused: call('GET', 'dashboard/imports/refused', {
    access: 'dashboard',
    anyPermission: ['users', 'super'],
    query: z.object({ id: z.string().min(1).max(64), file: z.string().max(300).optional() }),
    raw: true,
    answer: z.any(),
    summary: "An import's refused rows as a CSV (UTF-8 with BOM, ';'), with a column saying why, to fix and import again (not in the spec table)",
  }),
};
