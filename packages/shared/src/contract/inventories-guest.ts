import { z } from 'zod';
import { CORE } from '../messages/core';
import { INVENTORIES } from '../messages/inventories';
import { call, orFalse } from './call';
import { id, lang } from './common';
import { commentKey, inventoryAnswers, inventoryCommentText, inventoryDoc, inventoryType } from './inventories';

// The guest app ------------------------------------------------------------------------------------------

const guestDirection = z.object({
  /** the config lets guests fill this direction */
  enabled: z.boolean(),
  /** within the window (from, until): the guest may write */
  open: z.boolean(),
  from: z.number(),
  until: z.number(),
  /** the saved inventory, or within the window a new one from the setup; null otherwise */
  inventory: inventoryDoc.nullable(),
});
export const guestInventories = z.object({
  /** the establishment's intro text in the guest's language (empty when none) */
  intro: z.string(),
  stay_number: z.string(),
  arrival: guestDirection,
  departure: guestDirection,
});
export type GuestInventories = z.infer<typeof guestInventories>;

/**
 * The language the app shows (issue 32): a write answers the names in it, as `mine` does; without it, the
 * account's language. An English guest whose account says French read French names after each save.
 */
const appLang = lang.optional();

/** The area is premium: without the plan a guest has nothing to read, and may not write. */
const premium = { plan: 'premium' as const };
const refused = { ...premium, withoutPlan: { status: 403 as const, message: INVENTORIES.guestMayNotFill } };

export const guestInventoryCalls = {
  mine: call('GET', 'webapp/inventories/mine', {
    access: 'guest',
    ...premium,
    withoutPlan: { answer: false },
    query: z.object({ lang: lang.optional() }),
    answer: orFalse(guestInventories),
    summary: "The signed-in guest's stay inventories the config lets them fill (false: no stay, no setup or not premium)",
  }),
  save: call('POST', 'webapp/inventories/save', {
    access: 'guest',
    ...refused,
    body: z.object({ type: inventoryType, ...inventoryAnswers, lang: appLang }),
    answer: inventoryDoc,
    summary: 'Writes counts and ratings of my stay, within the window',
  }),
  comment: call('POST', 'webapp/inventories/comment', {
    access: 'guest',
    ...refused,
    body: z.object({ type: inventoryType, comment: inventoryCommentText, key: commentKey, lang: appLang }),
    answer: inventoryDoc,
    summary: "Adds the guest's comment to their stay's inventory (sent again: kept once)",
  }),
  addPicture: call('POST', 'webapp/inventories/add-picture', {
    access: 'guest',
    ...refused,
    multipart: true,
    answer: inventoryDoc,
    summary: "Multipart: type, lang (the app's language, optional), file (JPEG or PNG; the app sends JPEG)",
  }),
  deletePicture: call('POST', 'webapp/inventories/delete-picture', {
    access: 'guest',
    ...premium,
    withoutPlan: { answer: false },
    body: z.object({ picture: id, lang: appLang }),
    answer: orFalse(inventoryDoc),
    summary: 'Deletes a photo the guest added, while the inventory is not confirmed',
  }),
  confirm: call('POST', 'webapp/inventories/confirm', {
    access: 'guest',
    ...refused,
    body: z.object({ type: z.literal('arrival', { error: INVENTORIES.typeRequired }), lang: appLang }),
    answer: inventoryDoc,
    summary: 'The guest confirms the arrival inventory as theirs (who and when kept); it is then read-only for them',
  }),
  picture: call('GET', 'webapp/inventories/picture', {
    access: 'guest',
    ...premium,
    withoutPlan: { status: 404, message: CORE.notFound },
    raw: true,
    query: z.object({ id, width: z.coerce.number().int().optional() }),
    answer: z.any(),
    summary: "A photo of the guest's own stay inventories",
  }),
};
