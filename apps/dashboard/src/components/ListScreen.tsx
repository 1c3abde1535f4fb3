import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Alert, Button, Group, Pagination, Paper, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconPlus, IconSelector } from '@tabler/icons-react';
import { errorSentence } from '../lib/errors';
import { FlashBanner, type Flash } from './flash';
import { ScreenLoader } from './ListStates';
import { PageHeader, type Crumb } from './PageHeader';
import { listContainer } from './RowActions';

export interface PrimaryAction {
  label: string;
  onClick(): void;
}

/** What a list screen shows of its read: React Query's result, or several merged. */
export interface ListRead<T> {
  data: T | undefined;
  error: unknown;
}

/**
 * The scaffold of a list screen (docs/conventions.md): title, breadcrumb, the primary action, the
 * flash banner, then the form when one is open (list view / edit view, 001 §2), else the loader, the
 * error, the empty state with the action that fills it, or the list itself.
 */
export function ListScreen<T>({
  title,
  crumbs,
  action,
  actions,
  description,
  flash,
  read,
  failed,
  empty,
  isEmpty = (d) => Array.isArray(d) && d.length === 0,
  form,
  children,
}: {
  title: string;
  crumbs?: Crumb[];
  /** the screen's main action ('Ajouter une rubrique'); also offered by the empty state */
  action?: PrimaryAction;
  /** other buttons of the header, before the primary action */
  actions?: ReactNode;
  description?: ReactNode;
  flash?: Flash;
  read: ListRead<T>;
  /** the sentence of a failed read ('Impossible de récupérer les rubriques') */
  failed: string;
  /** the empty state's sentence ('Pas de rubrique') */
  empty: string;
  isEmpty?(data: T): boolean;
  /** the open form, shown instead of the list */
  form?: ReactNode;
  children(data: T): ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={title}
        crumbs={crumbs}
        description={description}
        actions={
          (actions || (action && !form)) && (
            <Group gap="xs">
              {actions}
              {action && !form && (
                <Button leftSection={<IconPlus size={16} />} onClick={action.onClick}>
                  {action.label}
                </Button>
              )}
            </Group>
          )
        }
      />
      {flash && <FlashBanner flash={flash} />}
      {form ??
        (read.error ? (
          <Alert color="red" role="alert">
            {errorSentence(failed, read.error)}
          </Alert>
        ) : read.data === undefined ? (
          <ScreenLoader />
        ) : isEmpty(read.data) ? (
          <EmptyList message={empty} action={action} />
        ) : (
          children(read.data)
        ))}
    </>
  );
}

/** The empty state: the spec's sentence and the action that fills the list. */
export function EmptyList({ message, action }: { message: string; action?: PrimaryAction }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm">
        <Text c="dimmed" ta="center">
          {message}
        </Text>
        {action && (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={action.onClick}>
            {action.label}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** A list's table in its frame, scrolling sideways on a phone rather than squeezing. */
export function ListTable({ head, children, minWidth = 320 }: { head: ReactNode; children: ReactNode; minWidth?: number }) {
  return (
    <Paper withBorder radius="md" className={listContainer}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The header of the actions column: named for screen readers, blank on screen. */
export function ActionsTh() {
  return (
    <Table.Th>
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}

export type SortDir = 'asc' | 'desc';

/**
 * Page, sort and search of a paged list, kept in the address (?page=2&sort=name&dir=desc&q=…), so that
 * the back button, a reload and a shared link show the same page.
 */
/**
 * The address's parameters as they are now. React Router commits a navigation in a transition, which a
 * heavy page (50 client cards) can hold back for a while on a slow machine: meanwhile the parameters a
 * render saw are stale, and a second change made from them (a checkbox after another) would drop the
 * first. The browser's address is ahead of the render; a memory router (tests) has no such lag.
 */
export function liveParams(rendered: URLSearchParams, pathname: string): URLSearchParams {
  if (typeof window !== 'undefined' && window.location.pathname === pathname) return new URLSearchParams(window.location.search);
  return rendered;
}

export function useListParams(defaults: { sort: string; dir?: SortDir; pageSize?: number }) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sort = params.get('sort') ?? defaults.sort;
  const dir: SortDir = params.get('dir') === 'desc' || (!params.get('dir') && defaults.dir === 'desc') ? 'desc' : 'asc';
  const q = params.get('q') ?? '';
  const set = (patch: Record<string, string | number | null>) =>
    setParams(
      (p) => {
        // from the live address, so that a change made before the last one was rendered is kept
        const next = new URLSearchParams(liveParams(p, pathname));
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '' || (k === 'page' && v === 1)) next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      },
      { replace: true },
    );
  return {
    /** the address's other parameters (a screen's own filters) */
    params,
    page,
    sort,
    dir,
    q,
    pageSize: defaults.pageSize ?? 25,
    setPage: (n: number) => set({ page: n }),
    /** a new search starts at page 1 */
    setQ: (v: string) => set({ q: v, page: 1 }),
    /** a header clicked twice sorts the other way */
    toggleSort: (field: string) => set({ sort: field, dir: sort === field && dir === 'asc' ? 'desc' : 'asc', page: 1 }),
    set,
  };
}

/** A sortable column header: the button says the order, aria-sort tells screen readers. */
export function SortTh({ field, label, sort, dir, onSort, w }: { field: string; label: string; sort: string; dir: SortDir; onSort(field: string): void; w?: number }) {
  const active = sort === field;
  const Icon = active ? (dir === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th w={w} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** A count as French writes it: '150 000'. */
const n = (x: number) => x.toLocaleString('fr-FR');

/** The pages of a paged list under it, with the count ('26 à 50 sur 112'). */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage(n: number): void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed">
        {n(from)} à {n(to)} sur {n(total)}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Page précédente' : control === 'next' ? 'Page suivante' : control === 'first' ? 'Première page' : 'Dernière page' })}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
        />
      )}
    </Group>
  );
}
