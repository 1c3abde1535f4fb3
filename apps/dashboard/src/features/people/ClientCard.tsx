import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Checkbox, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ClientCard as Card } from '@campsite/shared';
import { PEOPLE } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { clientCivility, clientType, langName, roleOf, userCivility, yesNo } from './labels';
import { day, dayTime, orNone } from '../../lib/format';
import { Email } from './Email';

/** E-mail addresses one under the other, each wrapping only after its '@' (never mid-word). */
export function Emails({ values }: { values: (string | null)[] }) {
  const list = values.filter((v): v is string => !!v);
  if (!list.length) return <>{PEOPLE.notProvided}</>;
  return (
    <>
      {list.map((e, i) => (
        <span key={i} style={{ display: 'block' }}>
          <Email value={e} />
        </span>
      ))}
    </>
  );
}

/** Phone numbers, each kept on one line ('06 12 34 56 78' never splits). */
export function Phones({ values }: { values: (string | null)[] }) {
  const list = values.filter((v): v is string => !!v);
  if (!list.length) return <>{PEOPLE.notProvided}</>;
  return (
    <>
      {list.map((p, i) => (
        <span key={i} style={{ display: 'block', whiteSpace: 'nowrap' }}>
          {p}
        </span>
      ))}
    </>
  );
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'break-word' }} component="div">
        {children}
      </Text>
    </div>
  );
}

/** A client file as the list shows it (002 §2): its fields, its stays and its app users. */
export function ClientCard({ card, selected, onSelect, headingLevel = 3 }: { card: Card; selected?: boolean; onSelect?(on: boolean): void; headingLevel?: 2 | 3 }) {
  const { timeZone } = useSession();
  const name = `${card.firstname} ${card.lastname.toUpperCase()}`.trim() || PEOPLE.notProvided;
  return (
    <Paper withBorder p="md" radius="md" aria-label={`Fiche client ${card.client_number}`} component="article">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            {onSelect && <Checkbox checked={!!selected} onChange={(e) => onSelect(e.currentTarget.checked)} aria-label={`Sélectionner la fiche ${card.client_number}`} />}
            <Title order={headingLevel} size="h5">
              {headingLevel === 3 ? (
                <Anchor component={Link} to={`/users/clients/${encodeURIComponent(card.client_number)}`}>
                  {name}
                </Anchor>
              ) : (
                name
              )}
            </Title>
          </Group>
          <Group gap={6}>
            <Badge variant="light" color={card.client_type === 'resident' ? 'grape' : 'blue'}>
              {clientType(card.client_type)}
            </Badge>
            <Badge variant="outline" color="gray">
              N° {card.client_number}
            </Badge>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" verticalSpacing="xs">
          <Field label="Code d'activation">
            <Text span ff="monospace" size="sm">
              {card.activation_code}
            </Text>
          </Field>
          <Field label="N° client">{card.client_number}</Field>
          <Field label="Nom">{orNone(card.lastname)}</Field>
          <Field label="Prénom">{orNone(card.firstname)}</Field>
          <Field label="Civilité">{clientCivility(card.civility)}</Field>
          <Field label="Date de naissance">{day(card.birthday, timeZone)}</Field>
          <Field label="Langue">{langName(card.langage)}</Field>
          <Field label="E-mails">
            <Emails values={[card.email1, card.email2]} />
          </Field>
          <Field label="Téléphones">
            <Phones values={[card.phone1, card.phone2, card.phone3]} />
          </Field>
          <Field label="Type">{clientType(card.client_type)}</Field>
          <Field label="Création">{dayTime(card.created_time, timeZone)}</Field>
          <Field label="Édition">{dayTime(card.edited_time, timeZone)}</Field>
        </SimpleGrid>
        <StaysTable card={card} />
        <UsersTable card={card} />
      </Stack>
    </Paper>
  );
}

function StaysTable({ card }: { card: Card }) {
  const { timeZone } = useSession();
  if (!card.stays.length)
    return (
      <Text size="sm" c="dimmed">
        Aucun séjour
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing={6} aria-label={`Séjours du client ${card.client_number}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>N° séjour</Table.Th>
            <Table.Th>Arrivée</Table.Th>
            <Table.Th>Départ</Table.Th>
            <Table.Th>Emplacement</Table.Th>
            <Table.Th>Hébergement</Table.Th>
            <Table.Th>Création</Table.Th>
            <Table.Th>Édition</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {card.stays.map((s) => (
            <Table.Tr key={s.stay_number}>
              <Table.Td>
                <Anchor component={Link} to={`/users/sejours/${encodeURIComponent(s.stay_number)}`} size="sm">
                  {s.stay_number}
                </Anchor>
              </Table.Td>
              <Table.Td>{day(s.arrival, timeZone)}</Table.Td>
              <Table.Td>{day(s.departure, timeZone)}</Table.Td>
              <Table.Td>{orNone(s.location)}</Table.Td>
              <Table.Td>{orNone(s.location_category)}</Table.Td>
              <Table.Td>{day(s.created_time, timeZone)}</Table.Td>
              <Table.Td>{day(s.edited_time, timeZone)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UsersTable({ card }: { card: Card }) {
  const { timeZone } = useSession();
  if (!card.users.length)
    return (
      <Text size="sm" c="dimmed">
        Aucun utilisateur de l'application
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing={6} aria-label={`Utilisateurs du client ${card.client_number}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Notifications</Table.Th>
            <Table.Th>Nom</Table.Th>
            <Table.Th>Prénom</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Civilité</Table.Th>
            <Table.Th>Date de naissance</Table.Th>
            <Table.Th>Rôle</Table.Th>
            <Table.Th>Création</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {card.users.map((u) => (
            <Table.Tr key={u._id}>
              <Table.Td>{yesNo(u.notification)}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/users/webapp/${u._id}`} size="sm">
                  {orNone(u.lastname)}
                </Anchor>
              </Table.Td>
              <Table.Td>{orNone(u.firstname)}</Table.Td>
              <Table.Td>
                <Email value={u.email} />
              </Table.Td>
              <Table.Td>{userCivility(u.civility)}</Table.Td>
              <Table.Td>{day(u.birthday, timeZone)}</Table.Td>
              <Table.Td>{roleOf(u)}</Table.Td>
              <Table.Td>{day(u.created_time, timeZone)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

