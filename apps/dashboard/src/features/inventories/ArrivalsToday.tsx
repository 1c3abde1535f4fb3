import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { INVENTORIES } from '@campsite/shared';
import { useArrivalsToday } from './api/inventories-queries';
import { StayLink } from '../../components/PeopleLinks';
import { StatusBadge } from './StatusBadge';

/**
 * Today's arrivals whose arrival inventory is still to do (issue 32), above the list: the reception's
 * morning work, each a click from its inventory. Nothing shows when none is due (or the call fails: the
 * list below stays the screen's).
 */
export function ArrivalsToday({ onOpen }: { onOpen(stay: string): void }) {
  const read = useArrivalsToday();
  const due = read.data ?? [];
  if (!due.length) return null;
  return (
    <Paper withBorder p="md" radius="md" mb="md" component="section" aria-labelledby="arrivals-today">
      <Title order={2} size="h5" id="arrivals-today" mb="xs">
        {INVENTORIES.arrivalsToday(due.length)}
      </Title>
      <Stack gap={6}>
        {due.map((a) => (
          <Group key={a.stay_number} justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm">
              {`Séjour n° ${a.stay_number} · `}
              <StayLink stay={a.stay_number}>
                {a.firstname} {a.lastname}
              </StayLink>
              {` · ${a.location ? `Emplacement ${a.location}` : 'Emplacement non renseigné'} · ${a.accommodation}`}
            </Text>
            <Group gap="xs">
              {a.status && <StatusBadge status={a.status} />}
              <Button size="compact-sm" variant="light" leftSection={<IconClipboardCheck size={14} />} onClick={() => onOpen(a.stay_number)} aria-label={`Faire l'inventaire d'entrée du séjour n° ${a.stay_number}`}>
                {a.status ? "Reprendre l'inventaire" : "Faire l'inventaire"}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
