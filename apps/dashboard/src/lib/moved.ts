/** The list with the item at `index` swapped with its neighbour above (-1) or below (+1) (000 §4, 001 §4); null at either end. */
export function moved<T>(items: readonly T[], index: number, delta: -1 | 1): T[] | null {
  const to = index + delta;
  if (to < 0 || to >= items.length) return null;
  const next = [...items];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
