import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Grid, Group, Paper, Title } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { PEOPLE } from '@campsite/shared';

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
      {PEOPLE.backToList}
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
