import type { clients, stays } from '../../db/schema';
import type { Column } from './header.parse';
import type { ClientInput, StayInput } from './imports.parse';

/**
 * Every column of the clients and stays tables, with the import's field that fills it, or null when the
 * import does not (written by the import itself, or kept by another part). `satisfies` over every key of
 * the table's insert type: a column added to the table is a type error here until it is mapped (then
 * ClientInput/StayInput, the parser's COLUMNS and COLUMN_LABEL follow by the checks below), so the import
 * cannot drop a new field silently.
 */
const CLIENT_SOURCE = {
  clientNumber: 'client_number',
  civility: 'civility',
  firstname: 'firstname',
  lastname: 'lastname',
  birthday: 'birthday',
  langage: 'langage',
  email1: 'email1',
  email2: 'email2',
  phone1: 'phone1',
  phone2: 'phone2',
  phone3: 'phone3',
  clientType: 'client_type',
  // the import's own bookkeeping
  activationCode: null,
  createdBy: null,
  createdTime: null,
  editedBy: null,
  editedTime: null,
  // of the latest stay, kept by the stays repository
  arrival: null,
  departure: null,
  location: null,
  // its guest accounts, counted by triggers (drizzle/0111)
  appUsers: null,
} as const satisfies Record<keyof typeof clients.$inferInsert, keyof ClientInput | null>;

const STAY_SOURCE = {
  stayNumber: 'stay_number',
  clientNumber: 'client_number',
  arrival: 'arrival',
  departure: 'departure',
  location: 'location',
  locationCategory: 'location_category',
  arrivalTime: 'arrival_time',
  departureTime: 'departure_time',
  // no column of a file: participants come from the PMS connection
  participants: 'participants',
  createdBy: null,
  createdTime: null,
  editedBy: null,
  editedTime: null,
} as const satisfies Record<keyof typeof stays.$inferInsert, keyof StayInput | null>;

type Sourced<M> = { [K in keyof M]: M[K] extends string ? M[K] : never }[keyof M];
type Inverse<M> = { [F in Sourced<M>]: { [K in keyof M]: M[K] extends F ? K : never }[keyof M] };
const inverse = <M extends Record<string, string | null>>(m: M) =>
  Object.fromEntries(Object.entries(m).flatMap(([k, f]) => (f ? [[f, k]] : []))) as Inverse<M>;

/** The table property each import field is written to ('client_type' -> clientType). */
export const CLIENT_COLUMN = inverse(CLIENT_SOURCE);
export const STAY_COLUMN = inverse(STAY_SOURCE);

/** The fields an import may leave out (the key and the stay's dates are always there). */
export const CLIENT_FIELDS = (Object.keys(CLIENT_COLUMN) as (keyof typeof CLIENT_COLUMN)[]).filter((f) => f !== 'client_number');
export const STAY_FIELDS = (Object.keys(STAY_COLUMN) as (keyof typeof STAY_COLUMN)[]).filter(
  (f): f is Exclude<typeof f, 'stay_number' | 'client_number' | 'arrival' | 'departure'> => !['stay_number', 'client_number', 'arrival', 'departure'].includes(f),
);

// Every field of ClientInput/StayInput is written to a column (above), and is a file column the parser
// knows and labels (COLUMNS and COLUMN_LABEL in header.parse.ts), participants excepted. Either check
// fails to compile, naming the field, when it does not hold.
type Unwritten = Exclude<keyof ClientInput, Sourced<typeof CLIENT_SOURCE>> | Exclude<keyof StayInput, Sourced<typeof STAY_SOURCE>>;
type Unread = Exclude<keyof ClientInput | Exclude<keyof StayInput, 'participants'>, Column>;
export const everyFieldIsWritten: [Unwritten] extends [never] ? true : Unwritten = true;
export const everyFieldIsAColumn: [Unread] extends [never] ? true : Unread = true;
