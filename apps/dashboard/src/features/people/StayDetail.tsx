import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData } from '@tanstack/react-query';
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { DeskStay } from '@campsite/shared';
import { DESK, DESK_TIMELINE, desk } from '@campsite/shared';
import { useTodoActions } from '../../components/desk/actions';
import { FlashBanner, useFlash } from '../../components/flash';
import { BackToList, ReadView } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { WholeBadge } from '../../components/WholeBadge';
import { useConfirm } from '../../components/confirm';
import { day, orNone } from '../../lib/format';
import { useCall } from '../../lib/query';
import { useSession } from '../../shell/session';
import { Field } from './ClientCard';
import { stayCrumbs } from './crumbs';
import { fullName } from './labels';
import { AppBlock, BookingsBlock, DepositBlock, InventoriesBlock, MailsBlock, PushesBlock, ReviewsBlock, langName } from './stay/blocks';
import { MessagesBlock } from './stay/MessagesBlock';
import { Timeline } from './stay/Timeline';

/** Lines the timeline adds at each 'Voir plus'. */
const MORE = 50;

/**
 * The stay's page (issue 33, docs/desk.md): who and when and where, then one block per area the member's
 * flags allow (the server leaves the others out), each with its state, its actions (the areas' own calls,
 * as on the to-do list) and a link to the area's screen; the timeline of the stay, newest first. One read
 * (`desk.stay`), read again after each action and when the to-do list's stream says something changed.
 */
export function StayDetail({ stayNumber }: { stayNumber: string }) {
  const [timeline, setTimeline] = useState(DESK_TIMELINE);
  const read = useCall(desk.stay, { stay_number: stayNumber, timeline }, { placeholderData: keepPreviousData });
  const flash = useFlash();
  const actions = useTodoActions(flash);
  const confirm = useConfirm();
  const name = read.data ? fullName(read.data.client) : '';

  async function cancelBooking(id: string, what: string) {
    if (await confirm({ message: `La réservation « ${what} » sera annulée.` })) await actions.cancelBooking(id);
  }

  return (
    <>
      <PageHeader
        title={name ? `Séjour ${stayNumber} · ${name}` : `Séjour ${stayNumber}`}
        crumbs={[...stayCrumbs, { label: `N° ${stayNumber}` }]}
        actions={<BackToList to="/users/sejours" />}
      />
      <FlashBanner flash={flash} />
      <ReadView read={read} failed={DESK.readFailed} empty="" isEmpty={() => false}>
        {(p) => (
          <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md" style={{ alignItems: 'start' }}>
            <Stack gap="md">
              <WhoAndWhen page={p} />
              <AppBlock page={p} actions={actions} name={name} />
              {p.deposit && <DepositBlock page={p} actions={actions} name={name} flash={flash} />}
              {p.inventories && <InventoriesBlock page={p} actions={actions} name={name} />}
              {p.bookings && <BookingsBlock page={p} actions={actions} confirmCancel={(id, what) => void cancelBooking(id, what)} />}
              {p.reviews && <ReviewsBlock page={p} />}
            </Stack>
            <Stack gap="md">
              {p.messages && <MessagesBlock page={p} flash={flash} />}
              {p.mails && <MailsBlock page={p} />}
              {p.pushes && <PushesBlock page={p} />}
              <Timeline page={p} loading={read.isFetching} onMore={() => setTimeline((n) => n + MORE)} />
            </Stack>
          </SimpleGrid>
        )}
      </ReadView>
    </>
  );
}

/** Who (the client, the participants) and when and where (the dates, the pitch, the accommodation). */
function WhoAndWhen({ page }: { page: DeskStay }) {
  const { timeZone } = useSession();
  const { stay: s, client: c } = page;
  const onSite = s.arrival <= Date.now() / 1000 && Date.now() / 1000 < s.departure + 86400;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="block-who">
      <Group gap="xs" mb="xs">
        <Title order={2} size="h5" id="block-who">
          {DESK.who}, {DESK.when.toLowerCase()}
        </Title>
        {onSite && (
          <WholeBadge variant="light" color="green">
            Sur place
          </WholeBadge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Field label="Client">
          <Anchor component={Link} to={`/users/clients/${encodeURIComponent(c.client_number)}`}>
            {fullName(c) || c.client_number} (n° {c.client_number})
          </Anchor>
        </Field>
        <Field label="E-mail">{orNone(c.email)}</Field>
        <Field label="Téléphone">{orNone(c.phone)}</Field>
        <Field label="Langue">{langName(c.lang)}</Field>
        <Field label="Arrivée">
          {day(s.arrival, timeZone)}
          {s.arrival_time ? ` à ${s.arrival_time}` : ''}
        </Field>
        <Field label="Départ">
          {day(s.departure, timeZone)}
          {s.departure_time ? ` à ${s.departure_time}` : ''}
        </Field>
        <Field label="Emplacement">{orNone(s.location)}</Field>
        <Field label="Hébergement">{orNone(page.accommodation)}</Field>
      </SimpleGrid>
      {s.participants.length > 0 && (
        <>
          <Text size="sm" fw={600} mt="md" mb={4}>
            {DESK.participants} ({s.participants.length})
          </Text>
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
        </>
      )}
    </Paper>
  );
}
