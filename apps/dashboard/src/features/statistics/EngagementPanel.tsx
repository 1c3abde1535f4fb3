import { BarChart } from '@mantine/charts';
import { Box, SimpleGrid, Text } from '@mantine/core';
import { STATISTICS as S, type StatsOverview } from '@campsite/shared';
import { fr, percent } from './format';
import { Change, Section, Tile } from './parts';

/** Push notifications (subscribers now; sends, deliveries and openings of the period) and bookings per service. */
export function EngagementPanel({ o }: { o: StatsOverview }) {
  const n = o.notifications;
  const bookings = o.bookings.map((b) => ({ label: b.name, bookings: b.bookings, webapp: b.webapp, previous: b.previous }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Section id="stats-notifications" title={S.notifications}>
        <SimpleGrid cols={2} spacing="sm">
          <Tile label={S.subscribers} value={fr(n.subscribers)} hint={`${fr(n.devices)} ${S.devices.toLowerCase()}`} />
          <Tile label={S.newSubscriptions} value={fr(n.new_subscriptions)} change={<Change current={n.new_subscriptions} previous={n.previous.new_subscriptions} />} />
          <Tile label={S.sends} value={fr(n.sends)} change={<Change current={n.sends} previous={n.previous.sends} />} />
          <Tile
            label={S.openRate}
            value={`${percent(n.opened, n.delivered)} %`}
            hint={`${fr(n.opened)} ${S.opened.toLowerCase()} / ${fr(n.delivered)} ${S.delivered.toLowerCase()}`}
          />
        </SimpleGrid>
      </Section>
      <Section id="stats-bookings" title={S.bookings} hint={S.bookingsHint}>
        {bookings.length === 0 ? (
          <Text c="dimmed">{S.noBookings}</Text>
        ) : (
          <Box
            role="img"
            aria-label={`${S.bookings} : ${bookings.map((b) => `${b.label} : ${fr(b.bookings)} dont ${fr(b.webapp)} ${S.fromApp.toLowerCase()} (${S.previous.toLowerCase()} : ${fr(b.previous)})`).join(', ')}`}
          >
            <BarChart
              h={Math.max(180, bookings.length * 44 + 50)}
              data={bookings}
              dataKey="label"
              orientation="vertical"
              yAxisProps={{ width: 130 }}
              series={[
                { name: 'bookings', label: 'Période', color: 'blue.8' },
                { name: 'webapp', label: S.fromApp, color: 'teal.7' },
                { name: 'previous', label: S.previous, color: 'gray.4' },
              ]}
              withLegend
              legendProps={{ verticalAlign: 'top', height: 36 }}
              gridAxis="x"
              tickLine="none"
              tooltipAnimationDuration={0}
              valueFormatter={fr}
            />
          </Box>
        )}
      </Section>
    </SimpleGrid>
  );
}
