import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Checkbox, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { ClientCard as Card } from '@campsite/shared';
import { PEOPLE } from '@campsite/shared';
import { ListTable } from '../../components/ListScreen';
import { day } from '../../lib/format';
import { useSession } from '../../shell/session';
import { ClientCard, Phones } from './ClientCard';
import { Email } from './Email';
import { fullName } from './labels';

/**
 * The client list as a compact table (issue 20): one line per client, so that a search's results are on
 * screen at once (50 cards of 350 px made a 19 000 px page); a line's card opens beneath it on demand.
 * The name links to the client's detail (its actions); it is the first stop of the keyboard in a line.
 */
export function ClientTable({ rows, picked, onSelect }: { rows: Card[]; picked: Set<string>; onSelect(number: string, on: boolean): void }) {
  const { timeZone } = useSession();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (n: string) => setOpen((o) => (o.has(n) ? new Set([...o].filter((x) => x !== n)) : new Set([...o, n])));
  return (
    <ListTable
      minWidth={0}
      head={
        <>
          <Table.Th>Client</Table.Th>
          <Table.Th>N° client</Table.Th>
          <Table.Th>Code</Table.Th>
          <Table.Th>E-mail</Table.Th>
          <Table.Th>Téléphone</Table.Th>
          <Table.Th>Dernier séjour</Table.Th>
          <Table.Th>App</Table.Th>
        </>
      }
    >
      {rows.map((c) => {
        const latest = c.stays[0];
        const name = fullName({ firstname: c.firstname, lastname: c.lastname.toUpperCase() });
        const expanded = open.has(c.client_number);
        return (
          <Fragment key={c.client_number}>
            <Table.Tr aria-label={`Fiche client ${c.client_number}`}>
              <Table.Td>
                <Checkbox
                  display="inline-block"
                  mr={8}
                  style={{ verticalAlign: 'middle' }}
                  checked={picked.has(c.client_number)}
                  onChange={(e) => onSelect(c.client_number, e.currentTarget.checked)}
                  aria-label={`Sélectionner la fiche ${c.client_number}`}
                />
                {/* in the first cell, so that the list fits 1024 px */}
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  mr={4}
                  onClick={() => toggle(c.client_number)}
                  aria-expanded={expanded}
                  aria-label={`${expanded ? 'Fermer' : 'Ouvrir'} la carte de ${name}`}
                >
                  {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                </ActionIcon>
                <Anchor component={Link} to={`/users/clients/${encodeURIComponent(c.client_number)}`} fw={600}>
                  {name}
                </Anchor>
              </Table.Td>
              <Table.Td>{c.client_number}</Table.Td>
              <Table.Td ff="monospace">{c.activation_code}</Table.Td>
              <Table.Td>
                <Email value={c.email1 || c.email2} narrow />
              </Table.Td>
              <Table.Td>
                <Phones values={[c.phone1 || c.phone2 || c.phone3]} />
              </Table.Td>
              <Table.Td>
                {latest ? (
                  <>
                    {/* one day a line: the column stays narrow enough for 1024 px */}
                    <span style={{ whiteSpace: 'nowrap' }}>{day(latest.arrival, timeZone)} →</span> <span style={{ whiteSpace: 'nowrap' }}>{day(latest.departure, timeZone)}</span>
                    {latest.location && (
                      <Text span size="xs" c="dimmed" display="block">
                        {latest.location}
                      </Text>
                    )}
                  </>
                ) : (
                  <Text span size="sm" c="dimmed">
                    Aucun séjour
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{c.users.length ? `${c.users.length} compte${c.users.length > 1 ? 's' : ''}` : PEOPLE.no}</Table.Td>

            </Table.Tr>
            {expanded && (
              <Table.Tr>
                <Table.Td colSpan={7} p="sm">
                  {/* no width of its own: the card's tables scroll inside it rather than widen the list past 1024 px */}
                  <div style={{ width: 0, minWidth: '100%' }}>
                    <ClientCard card={c} />
                  </div>
                </Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        );
      })}
    </ListTable>
  );
}
