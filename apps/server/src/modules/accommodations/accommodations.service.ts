import type { AccommodationSetup, ParsedBody } from '@campsite/shared';
import { accommodations as calls, centsToEuros, eurosToCents, fold, INVENTORIES, type Accommodation } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Names, StoredObject, StoredReview } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { checkRevision } from '../../http/revision';
import { newId } from '../../lib/ids';
import { depositTypeSwitched } from '../../platform/hooks';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import * as repo from './accommodations.repository';
import type { AccommodationRow, CategoryRow } from './accommodations.repository';

const toDoc = (row: AccommodationRow, n: number): Accommodation => ({
  _id: row.id,
  name: row.name,
  deposit: row.deposit,
  categories: row.categories,
  inventory_count: n,
  created_time: row.createdTime,
  edited_time: row.editedTime,
  revision: row.revision,
});

const setupDoc = (row: AccommodationRow, cats: CategoryRow[]): AccommodationSetup => ({
  ...toDoc(row, cats.length),
  inventory: cats.map((c) => ({
    _id: c.id,
    translations: c.translations,
    objects: c.objects.map((o) => ({ _id: o._id, translations: o.translations, quantity: o.quantity, price: o.price ? centsToEuros(o.price) : null })),
    reviews: c.reviews,
    revision: c.revision,
  })),
});

export async function listAccommodations(db: Tx) {
  return (await repo.listAccommodations(db)).map((r) => toDoc(r.row, r.n));
}

export async function readSetup(db: Tx, id: string): Promise<AccommodationSetup | false> {
  const row = await repo.findAccommodation(db, id);
  return row ? setupDoc(row, await repo.categoriesOf(db, [id])) : false;
}

/** The type a stay's accommodation category names: by the type's name or one of its PMS categories. */
export async function accommodationOfCategory(db: Tx, category: string | null): Promise<AccommodationRow | undefined> {
  if (!category?.trim()) return undefined;
  const key = fold(category.trim());
  const all = (await repo.listAccommodations(db)).map((r) => r.row);
  return all.find((a) => [a.name, ...a.categories].some((n) => fold(n.trim()) === key));
}

/** A type as a stay's row on the to-do list shows it (issue 33). */
export interface StayType {
  name: string;
  deposit: boolean;
  /** it has categories to count (an inventory can be made) */
  setup: boolean;
}

/**
 * Every type read once (one query), as a look-up from a stay's category to its type: the same match as
 * accommodationOfCategory, for a list of stays.
 */
export async function typesByCategory(db: Tx): Promise<(category: string | null) => StayType | undefined> {
  const byKey = new Map<string, StayType>();
  for (const { row, n } of await repo.listAccommodations(db)) {
    const type = { name: row.name, deposit: row.deposit, setup: n > 0 };
    for (const name of [row.name, ...row.categories]) if (!byKey.has(fold(name.trim()))) byKey.set(fold(name.trim()), type);
  }
  return (category) => (category?.trim() ? byKey.get(fold(category.trim())) : undefined);
}

/** A PMS category belongs to one type: refused when another type (or its name) already covers it. */
async function assertCategoriesFree(db: Tx, categories: string[], except: string | null) {
  const all = (await repo.listAccommodations(db)).map((r) => r.row).filter((a) => a.id !== except);
  for (const [i, c] of categories.entries()) {
    const owner = all.find((a) => [a.name, ...a.categories].some((n) => fold(n.trim()) === fold(c)));
    if (owner) throw badRequest(INVENTORIES.accommodationCategoryTaken(owner.name), { [`categories.${i}`]: INVENTORIES.accommodationCategoryTaken(owner.name) });
  }
}

type Insert = ParsedBody<typeof calls.insert>;
export async function insertAccommodation(deps: Deps, body: Insert) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await assertCategoriesFree(tx, body.categories ?? [], null);
    const row = await repo.insertAccommodation(tx, { id: newId(), name: body.name, categories: body.categories ?? [], createdTime: now, editedTime: now });
    return toDoc(row, 0);
  });
}

/** A new type with a copy of every category and item of the source, in one transaction. */
export async function duplicateAccommodation(deps: Deps, body: ParsedBody<typeof calls.duplicate>) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const source = await repo.findAccommodation(tx, body.duplicate);
    if (!source) return false as const;
    const row = await repo.insertAccommodation(tx, { id: newId(), name: body.name, createdTime: now, editedTime: now });
    const cats = await repo.categoriesOf(tx, [source.id]);
    // items get new ids: an inventory names its items by id, and the copy is another setup
    await repo.insertCategories(
      tx,
      cats.map((c, i) => ({
        id: newId(),
        accommodationId: row.id,
        position: i,
        translations: c.translations,
        objects: c.objects.map((o) => ({ ...o, _id: newId() })),
        reviews: c.reviews.map((r) => ({ ...r, _id: newId() })),
      })),
    );
    return toDoc(row, cats.length);
  });
}

export async function updateAccommodation(deps: Deps, body: ParsedBody<typeof calls.update>) {
  return deps.db.transaction(async (tx) => {
    const current = await repo.findAccommodation(tx, body.id, true);
    if (!current) return false as const;
    checkRevision(body.revision, current.revision);
    const categories = body.categories ?? current.categories;
    await assertCategoriesFree(tx, categories, current.id);
    const row = await repo.updateAccommodation(tx, body.id, { name: body.name, categories, editedTime: deps.now(), revision: current.revision + 1 });
    return toDoc(row, (await repo.categoriesOf(tx, [row.id])).length);
  });
}

export async function updateDeposit(deps: Deps, body: ParsedBody<typeof calls.updateDeposit>) {
  return deps.db.transaction(async (tx) => {
    const row = await repo.updateAccommodation(tx, body.id, { deposit: body.deposit, editedTime: deps.now() });
    if (!row) return false as const;
    // the deposits area leaves out the stays due now when staff chose 'from now on only' (issue 32)
    await depositTypeSwitched.run(deps, tx, { deposit: body.deposit, fromNow: body.from_now });
    return toDoc(row, (await repo.categoriesOf(tx, [row.id])).length);
  });
}

export const deleteAccommodation = (db: Tx, id: string) => repo.deleteAccommodation(db, id);

/** 002 §5: a name is required in the default language; errors keyed `<prefix>name.<lang>`. */
function namesErrors(names: Names[], lang: string, required: (lang: string) => string, prefix = ''): Record<string, string> {
  const def = names.find((t) => t.lang === lang);
  return def?.name.trim() ? {} : { [`${prefix}name.${lang}`]: required(lang) };
}
const clean = (names: Names[]) => names.filter((t) => t.name.trim()).map((t) => ({ lang: t.lang, name: t.name.trim() }));

function assertNoErrors(errors: Record<string, string>) {
  const first = Object.values(errors)[0];
  if (first) throw badRequest(INVENTORIES.formError, errors);
}

/** Runs a change of a type's setup under the type's row lock; answers the whole setup, false for an unknown type. */
async function changeSetup(deps: Deps, accommodation: string, change: (tx: Tx, lang: string) => Promise<boolean>) {
  return deps.db.transaction(async (tx) => {
    const row = await repo.findAccommodation(tx, accommodation, true);
    if (!row) return false as const;
    const { lang_default } = await getGlobalSettings(tx);
    if (!(await change(tx, lang_default))) return false as const;
    const updated = await repo.updateAccommodation(tx, row.id, { editedTime: deps.now() });
    return setupDoc(updated, await repo.categoriesOf(tx, [row.id]));
  });
}

export function insertCategory(deps: Deps, body: ParsedBody<typeof calls.insertCategory>) {
  return changeSetup(deps, body.accommodation, async (tx, lang) => {
    assertNoErrors(namesErrors(body.translations, lang, INVENTORIES.categoryRequired));
    const position = (await repo.categoriesOf(tx, [body.accommodation])).length;
    await repo.insertCategories(tx, [{ id: newId(), accommodationId: body.accommodation, position, translations: clean(body.translations) }]);
    return true;
  });
}

export function updateCategory(deps: Deps, body: ParsedBody<typeof calls.updateCategory>) {
  return changeSetup(deps, body.accommodation, async (tx, lang) => {
    assertNoErrors(namesErrors(body.translations, lang, INVENTORIES.categoryRequired));
    // a category is one record of the setup: its revision, read under the type's lock (changeSetup)
    const cat = (await repo.categoriesOf(tx, [body.accommodation])).find((c) => c.id === body.id);
    if (!cat) return false;
    checkRevision(body.revision, cat.revision);
    return repo.updateCategory(tx, body.accommodation, body.id, { translations: clean(body.translations), revision: cat.revision + 1 });
  });
}

export function deleteCategory(deps: Deps, body: ParsedBody<typeof calls.deleteCategory>) {
  return changeSetup(deps, body.accommodation, (tx) => repo.deleteCategory(tx, body.accommodation, body.id));
}

/** The editor's save: the category's supplies and room-state items, whole, in order; known ids kept. */
export function insertObjects(deps: Deps, body: ParsedBody<typeof calls.insertObjects>) {
  return changeSetup(deps, body.accommodation, async (tx, lang) => {
    const errors: Record<string, string> = {};
    body.objects.forEach((o, i) => Object.assign(errors, namesErrors(o.translations, lang, INVENTORIES.objectNameRequired, `objects.${i}.`)));
    body.reviews.forEach((r, i) => Object.assign(errors, namesErrors(r.translations, lang, INVENTORIES.objectNameRequired, `reviews.${i}.`)));
    if (body.translations) Object.assign(errors, namesErrors(body.translations, lang, INVENTORIES.categoryRequired));
    assertNoErrors(errors);
    const cat = (await repo.categoriesOf(tx, [body.accommodation])).find((c) => c.id === body.category);
    if (!cat) return false;
    checkRevision(body.revision, cat.revision);
    const known = new Set([...cat.objects.map((o) => o._id), ...cat.reviews.map((r) => r._id)]);
    const seen = new Set<string>();
    // an id the category does not hold (or sent twice) is a new item: ids are the server's
    const idOf = (id?: string) => {
      const keep = id && known.has(id) && !seen.has(id) ? id : newId();
      seen.add(keep);
      return keep;
    };
    const objects: StoredObject[] = body.objects.map((o) => ({
      _id: idOf(o._id),
      translations: clean(o.translations),
      quantity: o.quantity,
      price: o.price ? eurosToCents(o.price) : 0,
    }));
    const reviews: StoredReview[] = body.reviews.map((r) => ({ _id: idOf(r._id), translations: clean(r.translations) }));
    return repo.updateCategory(tx, body.accommodation, body.category, {
      objects,
      reviews,
      revision: cat.revision + 1,
      ...(body.translations ? { translations: clean(body.translations) } : {}),
    });
  });
}
