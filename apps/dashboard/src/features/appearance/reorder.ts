/** The list with the item at `index` swapped with its neighbour above (-1) or below (+1) (000 §4). */
export function moved<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const other = index + step;
  if (other < 0 || other >= list.length) return [...list];
  const next = [...list];
  [next[index], next[other]] = [next[other], next[index]];
  return next;
}
