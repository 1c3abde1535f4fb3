import { z } from 'zod';
import { INVENTORY_STATUSES, INVENTORY_TYPES } from '../domain/inventory-status';
import { INVENTORIES } from '../messages/inventories';
import { call, orFalse, staff } from './call';
import { id, missing, queryFlag } from './common';
import { pageFields, pageOf, textFilter } from './listing';

// Inventories of stays (002 §2 'Client inventories', §3, §4, §5; issue 23), their settings
// (config/inventory) and the guest app's side. Statuses and the priced difference are the server's.

const inventoriesFlag = { ...staff('inventories'), plan: 'premium' as const };

export const inventoryType = z.enum(INVENTORY_TYPES, { error: INVENTORIES.typeRequired });
export const inventoryStatusSchema = z.enum(INVENTORY_STATUSES);

// The inventory document ---------------------------------------------------------------------------------

/** Who did something: a staff member or the guest; null is the establishment (002 §2 'Réalisé par'). */
export const inventoryActor = z.object({ _id: z.string(), name: z.string(), kind: z.enum(['staff', 'guest']) }).nullable();

/** A count: a number, 'NC' (not counted) or null (empty). */
export const countValue = z.union([z.number(), z.literal('NC'), z.null()]);
const names = z.array(z.object({ lang: z.string(), name: z.string() }));

export const inventoryObject = z.object({
  _id: z.string(),
  /** in the reader's language (guest) or the default one (staff) */
  name: z.string(),
  translations: names,
  quantity: z.number(),
  /** euros, null when none */
  price: z.number().nullable(),
  count: countValue,
  /** the count equals the quantity */
  checked: z.boolean(),
  /** departure only: the arrival inventory's count of this object (null elsewhere) */
  client_count: countValue,
});
export const inventoryReview = z.object({
  _id: z.string(),
  name: z.string(),
  translations: names,
  /** État Général, 0 to 5, null when not rated */
  condition: z.number().nullable(),
  /** Propreté, 0 to 5, null when not rated */
  cleanliness: z.number().nullable(),
});
export const inventoryCategory = z.object({
  _id: z.string(),
  name: z.string(),
  translations: names,
  objects: z.array(inventoryObject),
  reviews: z.array(inventoryReview),
});
export const inventoryPicture = z.object({
  _id: z.string(),
  name: z.string(),
  cover: z.boolean(),
  user: inventoryActor,
  created_time: z.number(),
  /** where to show it (a staff address, or the guest app's own for a guest) */
  url: z.string(),
  thumb: z.string(),
});
export const inventoryComment = z.object({ _id: z.string(), user: inventoryActor, comment: z.string(), timestamp: z.number() });
export const differenceLine = z.object({
  _id: z.string(),
  name: z.string(),
  reference: z.number(),
  count: z.number(),
  missing: z.number(),
  /** euros */
  price: z.number(),
  /** euros: missing × price */
  amount: z.number(),
});
export const inventoryDifference = z.object({
  lines: z.array(differenceLine),
  /** euros */
  total: z.number(),
  /** '1 234,50 €' */
  total_text: z.string(),
});

export const inventoryDoc = z.object({
  /** null: not saved yet (a new one built from the setup, or a departure derived from the arrival) */
  _id: z.string().nullable(),
  type: inventoryType,
  stay_number: z.string(),
  client_number: z.string(),
  client: z.object({
    firstname: z.string(),
    lastname: z.string(),
    email1: z.string().nullable(),
    email2: z.string().nullable(),
    client_number: z.string(),
  }),
  stay: z.object({ arrival: z.number(), departure: z.number(), location: z.string().nullable(), location_category: z.string().nullable() }),
  accommodation: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** latest update or creation time */
  deposit_date: z.number().nullable(),
  status: inventoryStatusSchema,
  create_user: inventoryActor,
  update_user: inventoryActor,
  create_time: z.number().nullable(),
  update_time: z.number().nullable(),
  inventory: z.array(inventoryCategory),
  pictures: z.array(inventoryPicture),
  comment: z.array(inventoryComment),
  /** the supplies counted other than expected (the '{n} éléments remontés' box) */
  reported: z.array(z.object({ _id: z.string(), name: z.string(), count: z.number(), quantity: z.number() })),
  /** departure only: missing supplies priced against the arrival counts */
  difference: inventoryDifference.nullable(),
  /** the guest confirmed it as theirs (arrival), who and when */
  confirmed: z.object({ user: inventoryActor, time: z.number() }).nullable(),
});
export type InventoryDoc = z.infer<typeof inventoryDoc>;

// Writes -------------------------------------------------------------------------------------------------

const count = z
  .union([z.literal('NC'), z.null(), z.number()], { error: INVENTORIES.countInvalid })
  .refine((v) => typeof v !== 'number' || (Number.isInteger(v) && v >= 0 && v <= 100_000), INVENTORIES.countInvalid);
const rating = z.number({ error: INVENTORIES.ratingInvalid }).int(INVENTORIES.ratingInvalid).min(0, INVENTORIES.ratingInvalid).max(5, INVENTORIES.ratingInvalid).nullable();
/** When the device recorded the value (epoch seconds): a replayed older save never overwrites a newer one. */
const at = z.number().int().min(0).max(99_999_999_999).optional();

/**
 * A save sends the values that changed (or all of them), item by item: each is written on its own, so two
 * tablets, or a save replayed after the network came back, lose nothing and double nothing.
 */
export const inventoryAnswers = {
  answers: z.array(z.object({ _id: id, count, at })).max(2000).default([]),
  reviews: z.array(z.object({ _id: id, condition: rating, cleanliness: rating, at })).max(1000).default([]),
};
const stayNumber = z.string(missing(INVENTORIES.stayNumberRequired)).trim().min(1, INVENTORIES.stayNumberRequired).max(64);
export const inventoryCommentText = z.string(missing(INVENTORIES.commentRequired)).trim().min(1, INVENTORIES.commentRequired).max(2000, INVENTORIES.commentMax);
/** A comment written offline carries a key made by the device: sent twice, it is kept once. */
export const commentKey = z.string().min(8).max(64).optional();

export const inventorySave = z.object({
  stay_number: stayNumber,
  type: inventoryType,
  ...inventoryAnswers,
  /** the spec's body has it; the server takes the signed-in staff member */
  user: z.unknown().optional(),
});

export const inventoryRowDoc = z.object({
  stay_number: z.string(),
  client_number: z.string(),
  location: z.string().nullable(),
  accommodation: z.string().nullable(),
  lastname: z.string(),
  firstname: z.string(),
  arrival_status: inventoryStatusSchema.nullable(),
  departure_status: inventoryStatusSchema.nullable(),
  arrival: z.number(),
  departure: z.number(),
  deposit_date: z.number(),
  pictures: z.number(),
  comments: z.number(),
});
export type InventoryRow = z.infer<typeof inventoryRowDoc>;

/** A stay arriving today whose arrival inventory is still to do (issue 32): none yet, or not finished. */
export const arrivalToDo = z.object({
  stay_number: z.string(),
  client_number: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  location: z.string().nullable(),
  accommodation: z.string(),
  arrival: z.number(),
  /** null: not started */
  status: z.enum(INVENTORY_STATUSES).nullable(),
});
export type ArrivalToDo = z.infer<typeof arrivalToDo>;

export const INVENTORY_SORTS = [
  'client_number', 'stay_number', 'location', 'accommodation', 'lastname',
  'arrival_status', 'departure_status', 'arrival', 'departure', 'deposit_date',
] as const;
/** The filter select of the list: N. séjour, N. emplacement, N. client (none: the text is looked for in all and in the name). */
export const INVENTORY_FILTERS = ['stay_number', 'location', 'client_number'] as const;
export const inventoryListQuery = z.object({
  ...pageFields(INVENTORY_SORTS, 'deposit_date'),
  q: textFilter,
  filter: z.enum(INVENTORY_FILTERS).optional().catch(undefined),
  /** 'Inventaires d'entrée' / 'Inventaires de sortie': one on keeps the stays with that one; both or none, all */
  arrival: queryFlag,
  departure: queryFlag,
  /** only stays whose inventories are all counted */
  complete: queryFlag,
  /** only stays with photos */
  pictures: queryFlag,
});
export type InventoryListQuery = z.input<typeof inventoryListQuery>;

const byStay = z.object({ stay_number: stayNumber, complete: queryFlag });

export const inventories = {
  list: call('GET', 'dashboard/inventories/list', {
    ...inventoriesFlag,
    query: inventoryListQuery,
    answer: pageOf(inventoryRowDoc),
    summary: 'Stays with an inventory, one row each, paged, searched and sorted by the server (docs/api.md)',
  }),
  arrivalsToday: call('GET', 'dashboard/inventories/arrivals-today', {
    ...inventoriesFlag,
    answer: z.array(arrivalToDo),
    summary: "Ours (issue 32): today's arrivals (establishment's day) of a type with a setup whose arrival inventory is not made or not finished",
  }),
  search: call('GET', 'dashboard/inventories/search', {
    ...inventoriesFlag,
    query: byStay,
    answer: z.array(inventoryDoc),
    summary: "The stay's saved inventories (none: [])",
  }),
  findByStayNumber: call('GET', 'dashboard/inventories/find-by-stay-number', {
    ...inventoriesFlag,
    query: byStay,
    answer: z.union([z.literal(1), z.literal(2), z.array(inventoryDoc), inventoryDoc]),
    summary:
      "1: no such stay; 2: no setup for its accommodation type; an array: [arrival, departure], saved ones with their _id, a missing one built (_id null; a departure from the arrival, its counts as client_count); an object: a new arrival inventory from the setup, every count 'NC'",
  }),
  insert: call('POST', 'dashboard/inventories/insert', {
    ...inventoriesFlag,
    body: inventorySave,
    answer: inventoryDoc,
    summary: 'Creates the inventory of the stay and direction if needed and writes the given counts and ratings, item by item',
  }),
  updateComments: call('POST', 'dashboard/inventories/update-comments', {
    ...inventoriesFlag,
    body: z.object({ inventory: z.string().max(64).nullable().optional(), stay_number: stayNumber, type: inventoryType, comment: inventoryCommentText, key: commentKey }),
    answer: inventoryDoc,
    summary: 'Adds a comment (visible to the guest); a key already used adds nothing',
  }),
  updatePictures: call('POST', 'dashboard/inventories/update-pictures', {
    ...inventoriesFlag,
    body: z.object({
      inventory: z.string().max(64).nullable().optional(),
      stay_number: stayNumber,
      type: inventoryType,
      /** the name files/add-image answered */
      name: z.string().min(1).max(200),
      cover: z.boolean().optional(),
    }),
    answer: orFalse(inventoryDoc),
    summary: 'Attaches an uploaded image (JPEG or PNG) to the inventory; it becomes private to the inventories area',
  }),
  addPicture: call('POST', 'dashboard/inventories/add-picture', {
    ...inventoriesFlag,
    multipart: true,
    answer: inventoryDoc,
    summary: 'Multipart: stay_number, type, file (JPEG or PNG): stores and attaches a photo in one call',
  }),
  deletePicture: call('POST', 'dashboard/inventories/delete-picture', {
    ...inventoriesFlag,
    body: z.object({ picture: id, inventory: id }),
    answer: orFalse(inventoryDoc),
    summary: 'Removes a photo from an inventory',
  }),
  report: call('GET', 'dashboard/inventories/report', {
    ...inventoriesFlag,
    raw: true,
    query: z.object({ stay_number: stayNumber }),
    answer: z.any(),
    summary: 'The PDF report of the stay: both inventories, photos, comments and the priced difference',
  }),
  sendReport: call('POST', 'dashboard/inventories/send-report', {
    ...inventoriesFlag,
    body: z.object({ stay_number: stayNumber }),
    answer: orFalse(z.object({ email: z.string() })),
    summary: "E-mails the PDF report to the stay's client in their language (false: no such stay)",
  }),
};
