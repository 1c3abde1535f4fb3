import { Link } from 'react-router';
import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { BackToList, ReadView } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { day, dayTime, orNone } from '../../lib/format';
import { useSession } from '../../shell/session';
import { useStay } from './api/people-queries';
import { Field } from './ClientCard';
import { stayCrumbs } from './crumbs';
import { clientCivility, fullName } from './labels';

/** A stay: its dates and place, its client, the app users who joined it and its participants. */
export function StayDetail({ stayNumber }: { stayNumber: string }) {
  const { timeZone } = useSession();
  const stay = useStay(stayNumber);
  return (
    <>
      <PageHeader
        title={`Séjour ${stayNumber}`}
        crumbs={[...stayCrumbs, { label: `N° ${stayNumber}` }]}
        actions={<BackToList to="/users/sejours" />}
      />
      <ReadView read={stay} failed="Impossible de récupérer le séjour" empty={`Aucun séjour ne porte le numéro ${stayNumber}.`} isEmpty={(d) => d === false}>
        {(s) => s && (
        <Stack>
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
              <Field label="N° séjour">{s.stay_number}</Field>
              <Field label="Client">
                <Anchor component={Link} to={`/users/clients/${encodeURIComponent(s.client_number)}`}>
                  {fullName(s.client)} (n° {s.client_number})
                </Anchor>
              </Field>
              <Field label="Civilité">{clientCivility(s.client.civility)}</Field>
              <Field label="Emplacement">{orNone(s.location)}</Field>
              <Field label="Hébergement">{orNone(s.location_category)}</Field>
              <Field label="Arrivée">
                {day(s.arrival, timeZone)}
                {s.arrival_time ? ` à ${s.arrival_time}` : ''}
              </Field>
              <Field label="Départ">
                {day(s.departure, timeZone)}
                {s.departure_time ? ` à ${s.departure_time}` : ''}
              </Field>
              <Field label="Création">{dayTime(s.created_time, timeZone)}</Field>
              <Field label="Édition">{dayTime(s.edited_time, timeZone)}</Field>
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h5" mb="xs">
              Utilisateurs de l'application
            </Title>
            {s.users.length === 0 ? (
              <Text size="sm" c="dimmed">
                Personne n'a encore rejoint ce séjour sur l'application.
              </Text>
            ) : (
              <Stack gap={4}>
                {s.users.map((u) => (
                  <Anchor key={u._id} component={Link} to={`/users/webapp/${u._id}`}>
                    {fullName(u)} — {u.email}
                  </Anchor>
                ))}
              </Stack>
            )}
          </Paper>
          {s.participants.length > 0 && (
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h5" mb="xs">
                Participants ({s.participants.length})
              </Title>
              <Table fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Nom</Table.Th>
                    <Table.Th>Prénom</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.participants.map((p, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{orNone(p.lastname)}</Table.Td>
                      <Table.Td>{orNone(p.firstname)}</Table.Td>
                      <Table.Td>{orNone(p.email)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
        </Stack>
        )}
      </ReadView>
    </>
  );
}
