import { Group, SimpleGrid, Table, Text } from '@mantine/core';
import { STATISTICS as S, type StatsOverview } from '@campsite/shared';
import { fr, pct, percent } from './format';
import { Bars, Change, Section, Tile } from './parts';

/** Push notifications (subscribers now; sends, deliveries and openings of the period), bookings per service, reviews. */
export function EngagementPanel({ o }: { o: StatsOverview }) {
  const n = o.notifications;
  const bookings = o.bookings.map((b) => ({ label: b.name, bookings: b.bookings, webapp: b.webapp, previous: b.previous }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Section id="stats-notifications" title={S.notifications}>
        <SimpleGrid cols={2} spacing="sm">
          <Tile label={S.subscribers} value={fr(n.subscribers)} hint={S.devicesCount(n.devices)} />
          <Tile label={S.newSubscriptions} value={fr(n.new_subscriptions)} change={<Change current={n.new_subscriptions} previous={n.previous.new_subscriptions} />} />
          <Tile label={S.sends} value={fr(n.sends)} change={<Change current={n.sends} previous={n.previous.sends} />} />
          <Tile
            label={S.openRate}
            value={pct(percent(n.opened, n.delivered))}
            hint={S.openedOfDelivered(n.opened, n.delivered)}
          />
        </SimpleGrid>
      </Section>
      <Section id="stats-bookings" title={S.bookings} hint={S.bookingsHint}>
        {bookings.length === 0 ? (
          <Text c="dimmed">{S.noBookings}</Text>
        ) : (
          <Bars
            data={bookings}
            text={`${S.bookings} : ${bookings.map((b) => `${b.label} : ${fr(b.bookings)} dont ${fr(b.webapp)} ${S.fromApp.toLowerCase()} (${S.previous.toLowerCase()} : ${fr(b.previous)})`).join(', ')}`}
            rowHeight={44}
            labelWidth={130}
            series={[
              { name: 'bookings', label: 'Période', color: 'blue.8' },
              { name: 'webapp', label: S.fromApp, color: 'teal.7' },
              { name: 'previous', label: S.previous, color: 'gray.4' },
            ]}
          />
        )}
      </Section>
      <ReviewsSection o={o} />
    </SimpleGrid>
  );
}

const score = (v: number | null) => (v === null ? '—' : `${v.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} / 5`);

/** '+0,2' in green, '−0,3' in red, '=' in grey: the average's change in points, when both periods have one. */
function ScoreChange({ now, before }: { now: number | null; before: number | null }) {
  if (now === null || before === null) return null;
  const d = Math.round((now - before) * 10) / 10;
  const text = d === 0 ? '=' : `${d > 0 ? '+' : '−'}${Math.abs(d).toLocaleString('fr-FR', { minimumFractionDigits: 1 })}`;
  return (
    <Text span size="sm" fw={600} c={d === 0 ? 'gray.7' : d > 0 ? 'teal.9' : 'red.9'} title={`${S.previous} : ${score(before)}`}>
      {text}
    </Text>
  );
}

function ReviewsSection({ o }: { o: StatsOverview }) {
  return (
    <Section id="stats-reviews" title={S.reviews} hint={S.reviewsHint}>
      {o.reviews.length === 0 ? (
        <Text c="dimmed">{S.noReviews}</Text>
      ) : (
        <Table striped verticalSpacing={6} aria-labelledby="stats-reviews">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{S.questionnaire}</Table.Th>
              <Table.Th ta="right">{S.reviewCount}</Table.Th>
              <Table.Th ta="right">{S.averageScore}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.reviews.map((r) => (
              <Table.Tr key={r._id}>
                <Table.Td>{r.name ?? S.deleted}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {fr(r.count)}
                    <Change current={r.count} previous={r.previous_count} compact />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {score(r.score)}
                    <ScoreChange now={r.score} before={r.previous_score} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
