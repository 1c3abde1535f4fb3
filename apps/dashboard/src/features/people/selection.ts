import { useSyncExternalStore } from 'react';

/**
 * The client numbers selected on the client list, across its pages. Kept outside the screen: changing
 * page (a new address) remounts the screen, and the selection must survive it.
 */
let selected = new Set<string>();
const listeners = new Set<() => void>();
const emit = () => {
  selected = new Set(selected);
  for (const l of listeners) l();
};

export const selection = {
  has: (n: string) => selected.has(n),
  set(numbers: string[], on: boolean) {
    for (const n of numbers) {
      if (on) selected.add(n);
      else selected.delete(n);
    }
    emit();
  },
  clear() {
    selected.clear();
    emit();
  },
  numbers: () => [...selected],
};

export function useSelection(): Set<string> {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => selected,
  );
}
