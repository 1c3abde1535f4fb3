import type { ReactNode } from 'react';
import { Button, Group, Paper, Table, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { FlashBanner, type Flash } from './flash';
import { ReadView, type ListRead, type PrimaryAction } from './list/ReadView';
import { PageHeader, type Crumb } from './PageHeader';
import { listContainer } from './RowActions';

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
  isEmpty,
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
      {form ?? (
        <ReadView read={read} failed={failed} empty={empty} action={action} isEmpty={isEmpty}>
          {children}
        </ReadView>
      )}
    </>
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
