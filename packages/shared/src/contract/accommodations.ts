import { z } from 'zod';
import { INVENTORIES } from '../messages/inventories';
import { call, orFalse, staff, type Permission } from './call';
import { deleteAnswer, id, idBody, lang, missing, revision, sentRevision } from './common';

// Accommodation types and their inventory setup (002 §2 'Accommodation inventories', 'Accommodation
// inventory setup', §3, §5; issue 23). Prices travel in euros (two decimals), the server keeps cents.

const inventoriesFlag = { ...staff('inventories'), plan: 'premium' as const };
/** the deposits area reads the types and sets their deposit switch (002 §2 'Deposit settings') */
const inventoriesOrDeposits = { access: 'dashboard' as const, anyPermission: ['inventories', 'deposits'] as Permission[], plan: 'premium' as const };

/** A name in one language: at most 50 characters (002 §9); the default language's is checked by the server. */
export const setupName = z.object({
  lang,
  name: z
    .string()
    .max(200)
    .transform((s) => s.trim()),
});
/** One entry per language, no language twice, each at most 50 characters ('Le nom ne doit pas dépasser…'). */
export const setupNames = z
  .array(setupName)
  .max(7)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((t, i) => {
      if (seen.has(t.lang)) ctx.addIssue({ code: 'custom', path: [i, 'lang'], message: 'Langue en double' });
      seen.add(t.lang);
      if (t.name.length > 50) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: INVENTORIES.nameMax(t.lang) });
    });
  });

/** Names as stored: every language valid, the default one filled. */
const storedNames = z.array(z.object({ lang, name: z.string() }));

/** A supply of the setup: its name per language, the expected quantity and the unit price (€, optional). */
export const setupObject = z.object({
  _id: z.string(),
  translations: storedNames,
  quantity: z.number(),
  /** euros, null when none */
  price: z.number().nullable(),
});
/** A room-state item (rated 0 to 5 for cleanliness and condition when filled). */
export const setupReview = z.object({ _id: z.string(), translations: storedNames });
export const setupCategoryDoc = z.object({
  /** ours (issue 29): raised by each save of the category (names, items); an update sent with an older one answers 409 */
  revision: revision.optional(),
  _id: z.string(),
  translations: storedNames,
  objects: z.array(setupObject),
  reviews: z.array(setupReview),
});
export type SetupCategory = z.infer<typeof setupCategoryDoc>;

export const accommodationDoc = z.object({
  _id: z.string(),
  name: z.string(),
  deposit: z.boolean(),
  /**
   * ours: the stays' accommodation categories from the PMS (stay.location_category) this type covers,
   * besides its own name: a stay is matched to the type whose name or one of these equals its category
   * (case, accents and spaces ignored)
   */
  categories: z.array(z.string()),
  /** how many inventory categories its setup has (the list shows it) */
  inventory_count: z.number(),
  created_time: z.number(),
  edited_time: z.number(),
  /** ours (issue 29): raised by each save of the type's name or setup (not by its deposit switch); an update sent with an older one answers 409 */
  revision: revision.optional(),
});
export type Accommodation = z.infer<typeof accommodationDoc>;
/** The find answer: the type with its setup, categories in their order. */
export const accommodationSetupDoc = accommodationDoc.extend({ inventory: z.array(setupCategoryDoc) });
export type AccommodationSetup = z.infer<typeof accommodationSetupDoc>;

const accommodationName = z
  .string(missing(INVENTORIES.accommodationNameRequired))
  .trim()
  .min(1, INVENTORIES.accommodationNameRequired)
  .max(50, INVENTORIES.accommodationNameMax);
const pmsCategories = z.array(z.string().trim().min(1).max(100)).max(20).optional();

export const accommodationInsert = z.object({ name: accommodationName, categories: pmsCategories });
export const accommodationUpdate = z.object({ id, name: accommodationName, categories: pmsCategories, ...sentRevision });

const quantity = z
  .number(missing(INVENTORIES.quantityRequired))
  .int(INVENTORIES.quantityPositive)
  .min(1, INVENTORIES.quantityPositive)
  .max(10_000, INVENTORIES.quantityPositive);
const price = z
  .number(missing(INVENTORIES.pricePositive))
  .positive(INVENTORIES.pricePositive)
  .max(100_000, INVENTORIES.pricePositive)
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/**
 * The editor's save (insert-objects): the category's whole list of supplies and room-state items in their
 * order. An item keeps its `_id` when it has one (inventories already made name their items by it); one
 * without is new. Names are required in the default language (checked by the server, keyed
 * `objects.<i>.name.<lang>`).
 */
export const setupObjectsBody = z.object({
  accommodation: id,
  ...sentRevision,
  /** ours: the category the items belong to (the spec's body names it by its translations) */
  category: id,
  translations: setupNames.optional(),
  lang: lang.optional(),
  objects: z
    .array(z.object({ _id: z.string().max(64).optional(), translations: setupNames, quantity, price }))
    .max(200),
  reviews: z.array(z.object({ _id: z.string().max(64).optional(), translations: setupNames })).max(100),
});

export const accommodations = {
  list: call('GET', 'dashboard/accommodations/list', {
    ...inventoriesOrDeposits,
    answer: z.array(accommodationDoc),
    summary: 'The accommodation types by name (inventories and deposits screens)',
  }),
  find: call('GET', 'dashboard/accommodations/find', {
    ...inventoriesFlag,
    query: z.object({ id }),
    answer: orFalse(accommodationSetupDoc),
    summary: 'One accommodation type with its inventory setup',
  }),
  insert: call('POST', 'dashboard/accommodations/insert', { ...inventoriesFlag, body: accommodationInsert, answer: accommodationDoc, summary: 'Creates an accommodation type' }),
  duplicate: call('POST', 'dashboard/accommodations/duplicate', {
    ...inventoriesFlag,
    body: z.object({ name: accommodationName, duplicate: id }),
    answer: orFalse(accommodationDoc),
    summary: 'A new type named `name` with a copy of every category and item of `duplicate` (false: unknown source)',
  }),
  update: call('POST', 'dashboard/accommodations/update', { ...inventoriesFlag, body: accommodationUpdate, answer: orFalse(accommodationDoc), summary: 'Updates an accommodation type (false: unknown id)' }),
  updateDeposit: call('POST', 'dashboard/accommodations/update-deposit', {
    ...inventoriesOrDeposits,
    /** from_now (ours, issue 32): switched on, the stays of the type due now are never asked automatically */
    body: z.object({ id, deposit: z.boolean(), from_now: z.boolean().default(false) }),
    answer: orFalse(accommodationDoc),
    summary: "Turns the deposit on or off for an accommodation type ('from now on only' leaves out its stays due now)",
  }),
  delete: call('POST', 'dashboard/accommodations/delete', {
    ...inventoriesFlag,
    body: idBody,
    answer: deleteAnswer,
    summary: 'Deletes the type and its setup; inventories already made keep their copy',
  }),
  insertCategory: call('POST', 'dashboard/accommodations/insert-category', {
    ...inventoriesFlag,
    body: z.object({ accommodation: id, translations: setupNames }),
    answer: orFalse(accommodationSetupDoc),
    summary: 'Adds a category at the end; answers the whole setup',
  }),
  updateCategory: call('POST', 'dashboard/accommodations/update-category', {
    ...inventoriesFlag,
    body: z.object({ accommodation: id, id, translations: setupNames, ...sentRevision }),
    answer: orFalse(accommodationSetupDoc),
    summary: "Renames a category; answers the whole setup",
  }),
  deleteCategory: call('POST', 'dashboard/accommodations/delete-category', {
    ...inventoriesFlag,
    body: z.object({ accommodation: id, id }),
    answer: orFalse(accommodationSetupDoc),
    summary: 'Deletes a category with its items; answers the whole setup',
  }),
  insertObjects: call('POST', 'dashboard/accommodations/insert-objects', {
    ...inventoriesFlag,
    body: setupObjectsBody,
    answer: orFalse(accommodationSetupDoc),
    summary: "Replaces a category's supplies and room-state items (the editor's save); answers the whole setup",
  }),
};
