import { Fragment, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Grid, Group, Paper, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { PPL } from '@campsite/shared';
import { EmptyList } from '../../components/ListScreen';
import { ScreenLoader } from '../../components/ListStates';
import { errorSentence } from '../../lib/errors';
import { figure } from './labels';

/** The buttons of a search panel: reset and search. */
export function SearchActions({ onReset }: { onReset(): void }) {
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onReset}>
        Réinitialiser
      </Button>
      <Button type="submit" leftSection={<IconSearch size={16} />}>
        Rechercher
      </Button>
    </Group>
  );
}

/** 'Retour à la liste' of a detail screen. */
export function BackToList({ to, onBack }: { to: string; onBack?(): void }) {
  const navigate = useNavigate();
  return (
    <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => (onBack?.(), navigate(to))}>
      {PPL.backToList}
    </Button>
  );
}

/** A titled card of a detail screen, one column of three on a wide screen. */
export function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Grid.Col span={{ base: 12, md: 4 }}>
      <Paper withBorder p="md" radius="md" h="100%">
        <Title order={3} size="h5" mb="sm">
          {title}
        </Title>
        {children}
      </Paper>
    </Grid.Col>
  );
}

/** A read's states: its error sentence, the loader, the empty state (false or no rows), or what it holds. */
export function ReadView<T>({ read, failed, empty, isEmpty, children }: { read: { data: T | undefined; error: unknown }; failed: string; empty: string; isEmpty(data: T): boolean; children(data: T): ReactNode }) {
  if (read.error)
    return (
      <Alert color="red" role="alert">
        {errorSentence(failed, read.error)}
      </Alert>
    );
  if (read.data === undefined) return <ScreenLoader />;
  if (isEmpty(read.data)) return <EmptyList message={empty} />;
  return <>{children(read.data)}</>;
}

/**
 * An e-mail address that wraps after its '@' (not in the middle of a name) in a narrow column. `narrow`: a
 * list that must fit 1024 px, whose column may hold no longer name than 8 rem: a longer address also
 * wraps after a dot there, rather than widening the list.
 */
export function Email({ value, narrow = false }: { value: string | null | undefined; narrow?: boolean }) {
  if (!value) return <>{PPL.notProvided}</>;
  const at = value.indexOf('@');
  if (at < 0) return <>{value}</>;
  // 'giulia.' 'martinez@' 'exemple.' 'fr'
  const parts = narrow ? (value.match(/[^@.]*[@.]|[^@.]+$/g) ?? [value]) : [value.slice(0, at + 1), value.slice(at + 1)];
  return (
    // break-word, not anywhere: a table column keeps the width of the longest part
    <span style={{ overflowWrap: 'break-word', ...(narrow ? { display: 'inline-block', minWidth: '8rem' } : {}) }}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/**
 * 'Nombre de lignes : 150 000' above a paged list. A page counts its matches up to 1 000 (`more` beyond):
 * then the figure is the list's count call (`exact`), and 'plus de 1 000' until it answers.
 */
export function RowCount({ total, more, exact }: { total: number; more?: boolean; exact?: number }) {
  return (
    <Text size="sm" mb="xs">
      {PPL.rowCount} : {!more ? figure(total) : exact !== undefined ? figure(exact) : `plus de ${figure(total)}`}
    </Text>
  );
}

/**
 * The header of a column holding two values one above the other (a list that must fit 1024 px): each
 * label on its line, in the order of the cell, a sortable one as SortTh's button.
 */
export function StackTh({ parts, sort, dir, onSort }: { parts: { label: string; field?: string }[]; sort: string; dir: 'asc' | 'desc'; onSort(field: string): void }) {
  const active = parts.some((p) => p.field === sort);
  const sortable = parts.some((p) => p.field);
  return (
    <Table.Th aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : sortable ? 'none' : undefined}>
      <Stack gap={2} align="flex-start">
        {parts.map(({ label, field }) => {
          if (!field) return <Text key={label} fw={700} fz="sm">{label}</Text>;
          const Icon = sort === field ? (dir === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
          return (
            <UnstyledButton key={label} onClick={() => onSort(field)} fw={700} fz="sm">
              <Group gap={4} wrap="nowrap">
                {label}
                <Icon size={14} aria-hidden />
              </Group>
            </UnstyledButton>
          );
        })}
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
