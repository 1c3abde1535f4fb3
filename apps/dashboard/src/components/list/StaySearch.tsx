import type { ReactNode } from 'react';
import { Group, Paper, Select, TextInput } from '@mantine/core';
import { useTextFields } from './fields';
import { SearchActions } from './parts';
import type { Patch } from './useAddress';

/** What the filter select searches by (002 §4, deposits and inventories alike). */
const STAY_FILTERS = [
  { value: 'stay_number', label: 'N. séjour' },
  { value: 'location', label: 'N. emplacement' },
  { value: 'client_number', label: 'N. client' },
];

/** The part of a list's query the panel reads and changes (useListQuery of a list with `q` and `filter`). */
interface StaySearchQuery {
  filters: { q?: string; filter?: string };
  search(fields: Patch): boolean;
  set(patch: Patch): void;
  clearSearch(fields: readonly string[]): void;
}

/**
 * The search panel of the stay-based lists (deposits, client inventories): one text field applied by its
 * button, the filter select applied at once, and the list's own boxes (`children`) beneath. Give it
 * `key={lq.filters.q}` so that a search changed elsewhere (back, reset) starts the field afresh.
 */
export function StaySearch({ lq, label, children }: { lq: StaySearchQuery; label: string; children: ReactNode }) {
  const text = useTextFields(['q'] as const, lq.filters);
  return (
    <Paper withBorder p="md" radius="md" mb="md">
      <form
        aria-label={label}
        onSubmit={(e) => {
          e.preventDefault();
          lq.search(text.patch());
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput label="Rechercher" placeholder="Numéro, nom…" style={{ flex: 1, minWidth: 200 }} {...text.input('q')} />
          <Select
            label="Filtre"
            placeholder="Sélectionnez un filtre"
            data={STAY_FILTERS}
            clearable
            w={220}
            value={lq.filters.filter ?? null}
            onChange={(v) => lq.set({ filter: v, page: 1 })}
          />
        </Group>
        <Group justify="space-between" mt="sm">
          <Group gap="lg">{children}</Group>
          <SearchActions
            onReset={() => {
              text.clear();
              lq.clearSearch(['q', 'filter']);
            }}
          />
        </Group>
      </form>
    </Paper>
  );
}
