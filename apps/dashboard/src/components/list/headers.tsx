import type { ReactNode } from 'react';
import { Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { SortDir } from './useListQuery';

const ariaSort = (active: boolean, dir: SortDir) => (active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none');

/** The button of a sortable header: its label and an arrow saying the order. */
function SortButton({ field, label, sort, dir, onSort }: { field: string; label: string; sort: string; dir: SortDir; onSort(field: string): void }) {
  const Icon = sort === field ? (dir === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
      <Group gap={4} wrap="nowrap">
        {label}
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/** A sortable column header: the button says the order, aria-sort tells screen readers. */
export function SortTh({ field, label, sort, dir, onSort, w }: { field: string; label: string; sort: string; dir: SortDir; onSort(field: string): void; w?: number }) {
  return (
    <Table.Th w={w} aria-sort={ariaSort(sort === field, dir)}>
      <SortButton field={field} label={label} sort={sort} dir={dir} onSort={onSort} />
    </Table.Th>
  );
}

/**
 * The header of a column holding two values one above the other (a list that must fit 1024 px): each
 * label on its line, in the order of the cell, a sortable one as SortTh's button.
 */
export function StackTh({ parts, sort, dir, onSort }: { parts: { label: string; field?: string }[]; sort: string; dir: SortDir; onSort(field: string): void }) {
  const sortable = parts.some((p) => p.field);
  return (
    <Table.Th aria-sort={sortable ? ariaSort(parts.some((p) => p.field === sort), dir) : undefined}>
      <Stack gap={2} align="flex-start">
        {parts.map(({ label, field }) =>
          field ? (
            <SortButton key={label} field={field} label={label} sort={sort} dir={dir} onSort={onSort} />
          ) : (
            <Text key={label} fw={700} fz="sm">
              {label}
            </Text>
          ),
        )}
      </Stack>
    </Table.Th>
  );
}

/** A cell's values one above the other, under a StackTh. */
export function Stacked({ children }: { children: ReactNode }) {
  return (
    <Stack gap={2} align="flex-start">
      {children}
    </Stack>
  );
}
