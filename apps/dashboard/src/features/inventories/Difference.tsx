import { Paper, Table, Text, Title } from '@mantine/core';
import type { InventoryDoc } from '@campsite/shared';

type Diff = NonNullable<InventoryDoc['difference']>;

const euros = (n: number) => n.toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' });

/**
 * While the departure inventory is typed: each supply counted below what the guest had at arrival (their
 * arrival count, else the expected quantity) times its unit price. The server's figure replaces it once saved.
 */
export function liveDifference(cats: InventoryDoc['inventory']): Diff {
  const lines = cats.flatMap((c) =>
    c.objects.flatMap((o) => {
      const reference = typeof o.client_count === 'number' ? o.client_count : o.quantity;
      if (typeof o.count !== 'number' || o.count >= reference) return [];
      const missing = reference - o.count;
      const price = o.price ?? 0;
      return [{ _id: o._id, name: o.name, reference, count: o.count, missing, price, amount: Math.round(missing * price * 100) / 100 }];
    }),
  );
  const total = Math.round(lines.reduce((s, l) => s + l.amount, 0) * 100) / 100;
  return { lines, total, total_text: euros(total) };
}

/** The priced difference between the departure inventory and the arrival one (issue 23). */
export function Difference({ difference, estimated = false }: { difference: Diff; estimated?: boolean }) {
  if (difference.lines.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="difference">
      <Title order={3} size="h5" id="difference" mb="xs">
        {estimated ? 'Différence chiffrée (estimation avant enregistrement)' : 'Différence chiffrée'}
      </Title>
      <Table verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Objet</Table.Th>
            <Table.Th ta="right">Manquants</Table.Th>
            <Table.Th ta="right">Prix unitaire</Table.Th>
            <Table.Th ta="right">Montant</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {difference.lines.map((l) => (
            <Table.Tr key={l._id}>
              <Table.Td>{l.name}</Table.Td>
              <Table.Td ta="right">{l.missing}</Table.Td>
              <Table.Td ta="right">{euros(l.price)}</Table.Td>
              <Table.Td ta="right">{euros(l.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text fw={700} ta="right" mt="xs">
        Total : {difference.total_text}
      </Text>
    </Paper>
  );
}
