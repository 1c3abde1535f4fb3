import { Box, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TodayStays } from '@campsite/shared';
import { TODAY, TODAY_DAYS } from '@campsite/shared';
import type { TodoActions } from '../../components/desk/actions';
import { StayRow } from './StayRow';

const WORDS = {
  arrival: { title: TODAY.arrivals, one: 'arrivée', many: 'arrivées', zero: 'aucune arrivée', none: TODAY.noArrival },
  departure: { title: TODAY.departures, one: 'départ', many: 'départs', zero: 'aucun départ', none: TODAY.noDeparture },
};

/** 'Aujourd'hui : 2 à faire sur 5 arrivées', 'Demain : tout est prêt (3 arrivées)', 'Demain : aucune arrivée'. */
export function dayLine(day: string, f: { total: number; left: number }, w: { one: string; many: string; zero: string }) {
  const stays = `${f.total} ${f.total > 1 ? w.many : w.one}`;
  if (f.total === 0) return `${day} : ${w.zero}`;
  if (f.left === 0) return `${day} : tout est prêt (${stays})`;
  return `${day} : ${f.left} à faire sur ${stays}`;
}

/**
 * Today's and tomorrow's arrivals (or departures) left to do, under a line per day that says how many are
 * left of how many (the server's figures, which count what its rows say); what is done is not listed.
 */
export function StaysCard({ field, read, actions }: { field: 'arrival' | 'departure'; read: { data?: TodayStays; isError: boolean }; actions: TodoActions }) {
  const w = WORDS[field];
  const id = `todo-${field}`;
  const data = read.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb="xs">
        {w.title}
      </Title>
      {read.isError ? (
        <Text c="red.8" size="sm">
          {TODAY.readFailed}
        </Text>
      ) : !data ? (
        <Skeleton h={80} />
      ) : (
        <Stack gap="md">
          {TODAY_DAYS.map((day) => {
            const rows = data.rows.filter((r) => r.day === day);
            const heading = `${id}-${day}`;
            return (
              <Box key={day} component="section" aria-labelledby={heading}>
                <Text id={heading} fw={600} size="sm" mb={6} data-testid={heading}>
                  {dayLine(day === 'today' ? TODAY.today : TODAY.tomorrow, data.figures[day], w)}
                </Text>
                {rows.length > 0 && (
                  <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                    {rows.map((row) => (
                      <StayRow key={row.stay_number} row={row} field={field} actions={actions} />
                    ))}
                  </Stack>
                )}
              </Box>
            );
          })}
          {data.rows.length === 0 && (
            <Text size="sm" c="dimmed">
              {w.none}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
