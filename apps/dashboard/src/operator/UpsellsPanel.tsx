import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import { OPERATOR, operatorCalls } from '@campsite/shared';
import { errorSentence } from '../lib/errors';
import { dayTime } from '../lib/format';
import { useCall } from '../lib/query';

const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The campsites' 'Oui, ça m'intéresse !', newest first. */
export function UpsellsPanel() {
  const upsells = useCall(operatorCalls.upsells);
  return (
    <Stack>
      <Text fw={600} component="h2" size="lg" m={0}>
        Demandes de formule Premium
      </Text>
      {upsells.isPending && <Loader role="status" aria-label="Chargement" />}
      {upsells.isError && <Alert color="red">{errorSentence('Impossible de récupérer les demandes', upsells.error)}</Alert>}
      {upsells.data && upsells.data.length === 0 && <Text c="dimmed">{OPERATOR.noUpsell}</Text>}
      {upsells.data && upsells.data.length > 0 && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Camping</Table.Th>
              <Table.Th>Demandé par</Table.Th>
              <Table.Th>Écran</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {upsells.data.map((u) => (
              <Table.Tr key={u._id}>
                <Table.Td>{dayTime(u.created_at, TZ)}</Table.Td>
                <Table.Td>{u.dashboard_host}</Table.Td>
                <Table.Td>{u.who}</Table.Td>
                <Table.Td>{u.what}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
