import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Grid, Group, Paper, Title } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { PPL } from '@campsite/shared';
import { EmptyList } from '../../components/ListScreen';
import { ScreenLoader } from '../../components/ListStates';
import { errorSentence } from '../../lib/errors';

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

/** An e-mail address that wraps after its '@' (not in the middle of a name) in a narrow column. */
export function Email({ value }: { value: string | null | undefined }) {
  if (!value) return <>{PPL.notProvided}</>;
  const at = value.indexOf('@');
  if (at < 0) return <>{value}</>;
  return (
    // break-word, not anywhere: a table column keeps the width of the longer half
    <span style={{ overflowWrap: 'break-word' }}>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </span>
  );
}
