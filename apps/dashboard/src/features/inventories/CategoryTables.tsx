import { Checkbox, Rating, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconCircleX } from '@tabler/icons-react';
import { INVENTORIES, type InventoryDoc } from '@campsite/shared';
import { countText, isChecked, parseCount, setCount, setRating, toggleLine } from './fill';

type Categories = InventoryDoc['inventory'];

/**
 * The supplies ('Fournitures': Désignation, Entrée or Sortie, Attendu, Conforme) and the room state
 * ('État des lieux': Propreté and État Général, 5 steps) of each category, read or filled.
 */
export function CategoryTables({ cats, editing, countLabel, empty, onChange }: { cats: Categories; editing: boolean; countLabel: string; empty: Set<string>; onChange(next: Categories): void }) {
  return (
    <Stack gap="lg">
      {cats.map((c, ci) => (
        <section key={c._id} aria-label={c.name}>
          <Title order={3} size="h5" mb={4}>
            {c.name}
          </Title>
          {c.objects.length > 0 && (
            <>
              <Text size="sm" fw={600} c="dimmed">
                Fournitures
              </Text>
              <Table verticalSpacing={4} layout="fixed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Désignation</Table.Th>
                    <Table.Th w={editing ? 130 : 90}>{countLabel}</Table.Th>
                    <Table.Th w={80}>Attendu</Table.Th>
                    <Table.Th w={90}>Conforme</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {c.objects.map((o, oi) => {
                    const error = empty.has(`${ci}.${oi}`);
                    const ok = isChecked(o);
                    return (
                      <Table.Tr key={o._id}>
                        <Table.Td>
                          {o.name}
                          {o.client_count !== null && (
                            <Text span size="xs" c="dimmed" display="block">
                              à l'entrée : {countText(o.client_count)}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {editing ? (
                            <TextInput
                              size="xs"
                              aria-label={`${countLabel} ${o.name}`}
                              inputMode="numeric"
                              value={countText(o.count)}
                              error={error ? INVENTORIES.countRequired : undefined}
                              onChange={(e) => onChange(setCount(cats, ci, oi, parseCount(e.currentTarget.value)))}
                            />
                          ) : (
                            countText(o.count) || '—'
                          )}
                        </Table.Td>
                        <Table.Td>{o.quantity}</Table.Td>
                        <Table.Td>
                          {editing ? (
                            <Checkbox aria-label={`Conforme ${o.name}`} checked={ok} onChange={(e) => onChange(toggleLine(cats, ci, oi, e.currentTarget.checked))} />
                          ) : (
                            <LineIcon count={o.count} ok={ok} />
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </>
          )}
          {c.reviews.length > 0 && (
            <>
              <Text size="sm" fw={600} c="dimmed" mt="sm">
                État des lieux
              </Text>
              <Table verticalSpacing={4} layout="fixed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Désignation</Table.Th>
                    <Table.Th w={140}>Propreté</Table.Th>
                    <Table.Th w={140}>État Général</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {c.reviews.map((r, ri) => (
                    <Table.Tr key={r._id}>
                      <Table.Td>{r.name}</Table.Td>
                      {(['cleanliness', 'condition'] as const).map((field) => (
                        <Table.Td key={field}>
                          <Rating
                            count={5}
                            value={r[field] ?? 0}
                            readOnly={!editing}
                            // read-only it is a picture of the rating: a named div needs a role (axe, aria-prohibited-attr)
                            role={editing ? undefined : 'img'}
                            aria-label={`${field === 'cleanliness' ? 'Propreté' : 'État Général'} ${r.name} : ${r[field] ?? 0} sur 5`}
                            getSymbolLabel={(i) => `${field === 'cleanliness' ? 'Propreté' : 'État Général'} ${r.name} : ${i} sur 5`}
                            onChange={(v) => onChange(setRating(cats, ci, ri, field, v))}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </section>
      ))}
    </Stack>
  );
}

/** Read mode: green when the count equals the quantity, red when it differs, grey when empty or not counted. */
function LineIcon({ count, ok }: { count: number | 'NC' | null; ok: boolean }) {
  if (ok) return <IconCircleCheck size={20} color="var(--mantine-color-green-8)" aria-label="Conforme" />;
  if (typeof count === 'number') return <IconCircleX size={20} color="var(--mantine-color-red-8)" aria-label="Non conforme" />;
  return (
    <>
      <IconCircleDashed size={20} color="var(--mantine-color-gray-6)" aria-hidden />
      <VisuallyHidden>{count === 'NC' ? 'Non compté' : 'Non renseigné'}</VisuallyHidden>
    </>
  );
}
