/**
 * The status of an inventory and the priced difference between departure and arrival (002 §3, issue 23).
 * Pure: the server computes them from the counts it holds, the browser only shows them.
 */

export const INVENTORY_TYPES = ['arrival', 'departure'] as const;
export type InventoryType = (typeof INVENTORY_TYPES)[number];

export const INVENTORY_STATUSES = ['uncompleted', 'completed', 'warning', 'infos', 'error'] as const;
export type InventoryStatus = (typeof INVENTORY_STATUSES)[number];

/** A count as the spec has it: a number, 'NC' (not counted) or empty. */
export type Count = number | 'NC' | null;

export interface CountedObject {
  _id: string;
  name: string;
  quantity: number;
  /** unit price in cents, 0 when none */
  price: number;
  count: Count;
  /** departure only: the arrival inventory's count of the same object */
  client_count?: Count;
}
export interface RatedItem {
  condition: number | null;
  cleanliness: number | null;
}
export interface CountedCategory {
  objects: readonly CountedObject[];
  reviews: readonly RatedItem[];
}

export const isCounted = (c: Count | undefined): c is number => typeof c === 'number';

/** A rating at or under this is a poor state worth reading (5-step scale, 0 = not rated). */
export const POOR_RATING = 2;

/**
 * - uncompleted: a supply is not counted yet;
 * - error: departure only, a supply counts fewer than at arrival (or than expected without an arrival
 *   count): something is missing since the guest came, the priced difference is not zero;
 * - warning: a supply counts other than expected (the '{n} éléments remontés' box lists them);
 * - infos: every supply as expected, but a room-state rating is poor (1 or 2);
 * - completed: everything as expected.
 */
export function inventoryStatus(type: InventoryType, categories: readonly CountedCategory[]): InventoryStatus {
  const objects = categories.flatMap((c) => c.objects);
  if (objects.some((o) => !isCounted(o.count))) return 'uncompleted';
  if (type === 'departure' && missingLines(categories).length) return 'error';
  if (reportedObjects(categories).length) return 'warning';
  const ratings = categories.flatMap((c) => c.reviews.flatMap((r) => [r.condition, r.cleanliness]));
  if (ratings.some((r) => r !== null && r > 0 && r <= POOR_RATING)) return 'infos';
  return 'completed';
}

/** Every counted supply whose count differs from the quantity (002 §4: the warning list). */
export function reportedObjects(categories: readonly CountedCategory[]) {
  return categories
    .flatMap((c) => c.objects)
    .filter((o) => isCounted(o.count) && o.count !== o.quantity)
    .map((o) => ({ _id: o._id, name: o.name, count: o.count as number, quantity: o.quantity }));
}

/** What the guest is answerable for at departure: the arrival count, else the expected quantity. */
const referenceOf = (o: CountedObject) => (isCounted(o.client_count) ? o.client_count : o.quantity);

export interface DifferenceLine {
  _id: string;
  name: string;
  /** the arrival count (or the quantity without one) */
  reference: number;
  count: number;
  missing: number;
  /** cents */
  price: number;
  /** cents: missing × price */
  amount: number;
}

function missingLines(categories: readonly CountedCategory[]): DifferenceLine[] {
  const lines: DifferenceLine[] = [];
  for (const o of categories.flatMap((c) => c.objects)) {
    if (!isCounted(o.count)) continue;
    const reference = referenceOf(o);
    if (o.count >= reference) continue;
    const missing = reference - o.count;
    lines.push({ _id: o._id, name: o.name, reference, count: o.count, missing, price: o.price, amount: missing * o.price });
  }
  return lines;
}

/** The departure inventory against the arrival one: each missing supply × its unit price, and the total (cents). */
export function pricedDifference(departure: readonly CountedCategory[]): { lines: DifferenceLine[]; total: number } {
  const lines = missingLines(departure);
  return { lines, total: lines.reduce((sum, l) => sum + l.amount, 0) };
}

/** Euros from cents; prices travel in euros with two decimals. */
export const centsToEuros = (cents: number) => Math.round(cents) / 100;
export const eurosToCents = (euros: number) => Math.round(euros * 100);

const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
/** '1 234,50 €' (with the narrow no-break space French formatting uses between thousands). */
export const formatEuros = (cents: number) => EUROS.format(cents / 100);
