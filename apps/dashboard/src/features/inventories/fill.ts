/**
 * The rules of filling an inventory (002 §4 'Client inventory detail'), as plain functions of the
 * categories the screen holds. A count is a number, null (empty: an error on save) or 'NC' (not
 * counted), as the contract carries it. The status is the server's: these only drive what the form shows and sends.
 */
export type Count = number | 'NC' | null;

export interface FillObject {
  _id: string;
  name: string;
  quantity: number;
  count: Count;
  checked: boolean;
  client_count?: Count | null;
}
export interface FillReview {
  _id: string;
  name: string;
  condition: number | null;
  cleanliness: number | null;
}
export interface FillCategory {
  name: string;
  objects: FillObject[];
  reviews: FillReview[];
}

export const EMPTY_COUNT = "Indiquez le nombre d'objets présents";

/** A line is checked when its count equals the expected quantity. */
export const isChecked = (o: Pick<FillObject, 'count' | 'quantity'>) => typeof o.count === 'number' && o.count === o.quantity;

/** What was typed in a count field: nothing is empty, 'NC' (any case) is not counted, else an integer ≥ 0 (anything else: empty). */
export function parseCount(typed: string): Count {
  const t = typed.trim();
  if (t.toUpperCase() === 'NC') return 'NC';
  if (!/^\d{1,6}$/.test(t)) return null;
  return Number(t);
}

/** A count as its field shows it. */
export const countText = (c: Count) => (c === null ? '' : String(c));

const mapObjects = <C extends FillCategory>(cats: C[], f: (o: C['objects'][number]) => C['objects'][number]): C[] =>
  cats.map((c) => ({ ...c, objects: c.objects.map(f) }));

export function setCount<C extends FillCategory>(cats: C[], ci: number, oi: number, count: Count): C[] {
  return cats.map((c, i) => (i !== ci ? c : { ...c, objects: c.objects.map((o, j) => (j !== oi ? o : { ...o, count, checked: isChecked({ count, quantity: o.quantity }) })) }));
}

/** The line's box: checking sets the count to the quantity; unchecking clears it. */
export function toggleLine<C extends FillCategory>(cats: C[], ci: number, oi: number, on: boolean): C[] {
  const o = cats[ci]?.objects[oi];
  return o ? setCount(cats, ci, oi, on ? o.quantity : null) : cats;
}

/** 'Tout cocher': every count at its quantity and checked; unchecking it clears every count. */
export function checkAll<C extends FillCategory>(cats: C[], on: boolean): C[] {
  return mapObjects(cats, (o) => ({ ...o, count: on ? o.quantity : null, checked: on }));
}

export const allChecked = (cats: FillCategory[]) => cats.every((c) => c.objects.every((o) => isChecked(o)));

export function setRating<C extends FillCategory>(cats: C[], ci: number, ri: number, field: 'condition' | 'cleanliness', value: number): C[] {
  return cats.map((c, i) => (i !== ci ? c : { ...c, reviews: c.reviews.map((r, j) => (j !== ri ? r : { ...r, [field]: value })) }));
}

/** The form paths of the counts left empty ('0.2' = category 0, object 2): a save shows the error on each. */
export function emptyCounts(cats: FillCategory[]): string[] {
  return cats.flatMap((c, ci) => c.objects.flatMap((o, oi) => (o.count === null ? [`${ci}.${oi}`] : [])));
}

/** The items whose count differs from the quantity (the warning box, the badges): 'NC' included. */
export function differences(cats: FillCategory[]): { name: string; count: Count; quantity: number }[] {
  return cats.flatMap((c) => c.objects.filter((o) => o.count !== o.quantity).map((o) => ({ name: o.name, count: o.count, quantity: o.quantity })));
}

/**
 * A missing departure inventory: a blank copy of the arrival one, the arrival counts kept as
 * client_count (what the guest had), every count at 'NC' until counted.
 */
export function departureFrom<C extends FillCategory>(arrival: C[]): C[] {
  return arrival.map((c) => ({
    ...c,
    objects: c.objects.map((o) => ({ ...o, client_count: o.count, count: 'NC' as Count, checked: false })),
    reviews: c.reviews.map((r) => ({ ...r, condition: null, cleanliness: null })),
  }));
}

/**
 * What a save sends: every count and rating, item by item, with the time the device recorded them (a
 * save replayed after the network came back never overwrites a newer one on the server).
 */
export function answersOf(cats: FillCategory[], at: number) {
  return {
    answers: cats.flatMap((c) => c.objects.map((o) => ({ _id: o._id, count: o.count, at }))),
    reviews: cats.flatMap((c) => c.reviews.map((r) => ({ _id: r._id, condition: r.condition, cleanliness: r.cleanliness, at }))),
  };
}
