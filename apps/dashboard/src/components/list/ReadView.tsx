import type { ReactNode } from 'react';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { errorSentence } from '../../lib/errors';
import { ScreenLoader } from '../ListStates';

export interface PrimaryAction {
  label: string;
  onClick(): void;
}

/** What a screen shows of its read: React Query's result, or several merged. */
export interface ListRead<T> {
  data: T | undefined;
  error: unknown;
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

/**
 * A read's states: its error sentence, the loader, the empty state (an empty array by default; false or
 * no rows where `isEmpty` says so, with the action that fills it), or what it holds.
 */
export function ReadView<T>({
  read,
  failed,
  empty,
  action,
  isEmpty = (d) => Array.isArray(d) && d.length === 0,
  children,
}: {
  read: ListRead<T>;
  /** the sentence of a failed read ('Impossible de récupérer les rubriques') */
  failed: string;
  /** the empty state's sentence ('Pas de rubrique') */
  empty: string;
  action?: PrimaryAction;
  isEmpty?(data: T): boolean;
  children(data: T): ReactNode;
}) {
  if (read.error)
    return (
      <Alert color="red" role="alert">
        {errorSentence(failed, read.error)}
      </Alert>
    );
  if (read.data === undefined) return <ScreenLoader />;
  if (isEmpty(read.data)) return <EmptyList message={empty} action={action} />;
  return <>{children(read.data)}</>;
}
