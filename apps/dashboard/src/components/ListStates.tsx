import type { ReactNode } from 'react';
import { Center, Loader, Paper, Text } from '@mantine/core';

/** The loader a screen shows while its data is missing. */
export function ScreenLoader() {
  return (
    <Center h={200}>
      <Loader aria-label="Chargement" />
    </Center>
  );
}

/** The empty state of a list, with the spec's sentence ('Pas de rubrique', …). */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Paper>
  );
}
