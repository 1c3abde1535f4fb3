import { Box, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TODAY, today } from '@campsite/shared';
import type { Flash } from '../../components/flash';
import { useCall } from '../../lib/query';
import { useSession } from '../../shell/session';
import { useTodayReads } from '../../shell/TodayBadge';
import { useTodoActions } from '../../components/desk/actions';
import { StaysCard } from './StaysCard';
import { BookingsPart, FailuresPart, MessagesPart } from './TodoParts';

/**
 * The reception's to-do list (issue 33, docs/today.md): today's and tomorrow's arrivals and departures
 * with each area's state and its one-click action, the messages waiting, today's bookings per service, the
 * failures to look at. Each part is there only with its area's flag (bookings: and the plan); the list is
 * live (another member's action shows within seconds) and says when it is not.
 */
export function TodoList({ flash }: { flash: Flash }) {
  const { has, plan } = useSession();
  const reads = useTodayReads();
  const bookingsOn = has('services') && plan === 'premium';
  const bookings = useCall(today.bookings, undefined, { enabled: bookingsOn, refetchInterval: reads.live ? false : 60_000 });
  const actions = useTodoActions(flash);
  const people = has('users');
  const side = [has('emails'), bookingsOn, has('emails') || has('notifications')].filter(Boolean).length;
  if (!people && side === 0) return null;
  return (
    <Stack gap="sm" mb="xl" component="section" aria-labelledby="todo-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="todo-title">
          {TODAY.title}
        </Title>
        <Group gap={6} wrap="nowrap">
          <Box w={8} h={8} bg={reads.live ? 'green.8' : 'gray.6'} style={{ borderRadius: '50%' }} aria-hidden />
          <Text size="xs" c="dimmed" role="status">
            {reads.live ? TODAY.live : TODAY.offline}
          </Text>
        </Group>
      </Group>
      {people && (
        <>
          <StaysCard field="arrival" read={reads.arrivals} actions={actions} />
          <StaysCard field="departure" read={reads.departures} actions={actions} />
        </>
      )}
      {side > 0 && (
        <SimpleGrid cols={{ base: 1, lg: Math.min(side, 3) }} spacing="sm">
          {has('emails') && <MessagesPart read={reads.messages} />}
          {bookingsOn && <BookingsPart read={bookings} />}
          {(has('emails') || has('notifications')) && <FailuresPart read={reads.failures} actions={actions} />}
        </SimpleGrid>
      )}
    </Stack>
  );
}
