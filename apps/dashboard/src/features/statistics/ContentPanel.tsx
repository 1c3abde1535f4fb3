import { SimpleGrid, Table, Text } from '@mantine/core';
import { SCREEN_LABELS, STATISTICS as S, type StatsOverview, type StatsTopRow } from '@campsite/shared';
import { fr } from './format';
import { Bars, Section } from './parts';

/** The screens of the guest app viewed, against the period compared with, and the most read pages, rubrics and activities. */
export function ContentPanel({ o }: { o: StatsOverview }) {
  const screens = o.screens.map((s) => ({ label: SCREEN_LABELS[s.component] ?? s.component, visits: s.visits, previous: s.previous_visits }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Section id="stats-screens" title={S.screens}>
        {screens.length === 0 ? (
          <Text c="dimmed">{S.noVisits}</Text>
        ) : (
          <Bars
            data={screens}
            text={`${S.screens} : ${screens.map((s) => `${s.label} : ${fr(s.visits)} (${S.previous.toLowerCase()} : ${fr(s.previous)})`).join(', ')}`}
            rowHeight={34}
            labelWidth={150}
            series={[
              { name: 'visits', label: 'Période', color: 'blue.8' },
              { name: 'previous', label: S.previous, color: 'gray.4' },
            ]}
          />
        )}
      </Section>
      <TopTable id="stats-pages" title={S.topPages} rows={o.pages} />
      <TopTable id="stats-rubrics" title={S.topRubrics} rows={o.rubrics} />
      <TopTable id="stats-activities" title={S.topActivities} rows={o.activities} />
    </SimpleGrid>
  );
}

function TopTable({ id, title, rows }: { id: string; title: string; rows: StatsTopRow[] }) {
  return (
    <Section id={id} title={title}>
      {rows.length === 0 ? (
        <Text c="dimmed">{S.noVisits}</Text>
      ) : (
        <Table striped highlightOnHover verticalSpacing={6} aria-labelledby={id}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{S.name}</Table.Th>
              <Table.Th ta="right">{S.visits}</Table.Th>
              <Table.Th ta="right">{S.visitors}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={`${r.component}-${r._id}`}>
                <Table.Td>{r.name ?? <Text span c="dimmed" size="sm">{S.deleted}</Text>}</Table.Td>
                <Table.Td ta="right">{fr(r.visits)}</Table.Td>
                <Table.Td ta="right">{fr(r.visitors)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
