import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { DeskStay } from '@campsite/shared';
import { DEPOSITS, DESK, TODAY, formatEuros, isLang, LANGUAGE_NAMES } from '@campsite/shared';
import type { TodoActions } from '../../../components/desk/actions';
import { DepositProposal } from '../../../components/desk/DepositProposal';
import { AppStateCell } from '../../../components/desk/AppStateCell';
import { DEPOSIT, INVENTORY, StateCell } from '../../../components/desk/states';
import type { Flash } from '../../../components/flash';
import { ActionsTh } from '../../../components/ListScreen';
import { WholeBadge } from '../../../components/WholeBadge';
import { dayTime } from '../../../lib/format';
import { useSession } from '../../../shell/session';
import { fullName } from '../labels';

// The stay page's blocks (issue 33, docs/desk.md): each says its area's state as the to-do list does, lists
// what the area keeps about the stay, offers the area's own actions, and links to the area's full screen.

type Page = DeskStay;

/** A block: its title (a heading of the page), the link to its area's screen, its content. */
export function Block({ title, to, children, id }: { title: string; to?: string; children: ReactNode; id: string }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <Title order={2} size="h5" id={id}>
          {title}
        </Title>
        {to && (
          <Anchor component={Link} to={to} size="sm" aria-label={`${DESK.fullScreen} : ${title}`}>
            {DESK.fullScreen}
          </Anchor>
        )}
      </Group>
      {children}
    </Paper>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed">
    {children}
  </Text>
);

export const langName = (lang: string | null) => (lang && isLang(lang) ? LANGUAGE_NAMES[lang] : '—');
const inventoryLink = (stay: string) => `/inventaires/checkin?sejour=${encodeURIComponent(stay)}`;

/** The app for the family: its state and link, then each guest account with its language, app and pushes. */
export function AppBlock({ page, actions, name }: { page: Page; actions: TodoActions; name: string }) {
  const { app, guests, stay } = page;
  return (
    <Block title={DESK.guests} id="block-app" to="/users/webapp">
      <Stack gap="xs" mb="sm">
        <AppStateCell app={app} stay={stay.stay_number} client={stay.client_number} name={name} actions={actions} />
        {app.sent_time && <AppSent page={page} />}
      </Stack>
      {guests.length === 0 ? (
        <Empty>{DESK.noGuest}</Empty>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={DESK.guests}>
          {guests.map((g) => (
            <li key={g._id}>
              <Group gap="xs" align="baseline">
                <Anchor component={Link} to={`/users/webapp/${g._id}`} size="sm" fw={600}>
                  {fullName(g) || g.email}
                </Anchor>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {g.email} · {langName(g.lang)}
                </Text>
              </Group>
              <Group gap={4} mt={4}>
                <WholeBadge size="sm" variant="light" color={g.activate ? 'green' : 'orange'}>
                  {g.activate ? DESK.activated : DESK.notActivated}
                </WholeBadge>
                <WholeBadge size="sm" variant="light" color={g.installed ? 'green' : 'gray'}>
                  {g.installed ? DESK.installed : DESK.notInstalled}
                </WholeBadge>
                <WholeBadge size="sm" variant="light" color={g.push ? 'green' : 'gray'}>
                  {g.push ? DESK.pushOn : DESK.pushOff}
                </WholeBadge>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Block>
  );
}

function AppSent({ page }: { page: Page }) {
  const { timeZone } = useSession();
  return (
    <Text size="sm" c="dimmed">
      {page.app.state === 'pending' ? 'Compte créé le ' : 'Lien envoyé le '}
      {dayTime(page.app.sent_time, timeZone)}
      {page.app.email ? ` à ${page.app.email}` : ''}
    </Text>
  );
}

/** The deposit: its state, amount and link, the request, its link again, its cancel; after the departure inventory, release or claim. */
export function DepositBlock({ page, actions, name, flash }: { page: Page; actions: TodoActions; name: string; flash: Flash }) {
  const { timeZone } = useSession();
  const { state, doc } = page.deposit!;
  const stay = page.stay.stay_number;
  const busy = actions.busy === `deposit:${stay}`;
  return (
    <Block title={DESK.deposit} id="block-deposit" to={`/deposit/users-deposit?q=${encodeURIComponent(stay)}&filter=stay_number`}>
      <Stack gap="xs">
        <Stack gap="xs">
          <StateCell label={TODAY.deposit} state={DEPOSIT[state.state]}>
            <Group gap="xs">
              {state.state === 'to_request' && (
                <Button size="xs" loading={busy} aria-label={`${TODAY.requestDeposit} de ${name}`} onClick={() => void actions.requestDeposit(stay)}>
                  {TODAY.requestDeposit}
                </Button>
              )}
              {state.state === 'requested' && state.id && (
                <>
                  <Button size="xs" variant="light" loading={busy} aria-label={`${TODAY.resendDeposit} de la caution à ${name}`} onClick={() => void actions.resendDeposit(stay, state.id!)}>
                    {TODAY.resendDeposit}
                  </Button>
                  <Button size="xs" variant="subtle" color="red.9" disabled={busy} onClick={() => void actions.cancelDeposit(stay, state.id!)}>
                    {DEPOSITS.cancel}
                  </Button>
                </>
              )}
            </Group>
          </StateCell>
          {doc && (
            <Stack gap={2}>
              <Text size="sm">Montant : {formatEuros(Math.round(doc.amount * 100))}</Text>
              <Text size="sm" c="dimmed">
                Demandée le {dayTime(doc.created_time, timeZone)}
                {doc.deposited_time ? ` · déposée le ${dayTime(doc.deposited_time, timeZone)}` : ''}
              </Text>
              {doc.status !== '' && doc.status !== 'OK' && (
                <Text size="sm" c="red.9">
                  Statut chez Swikly : {doc.status}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
        {state.state === 'to_request' && state.error && (
          <Text size="sm" c="dimmed">
            {state.error}
          </Text>
        )}
        <DepositProposal stayNumber={stay} flash={flash} />
      </Stack>
    </Block>
  );
}

/** The arrival and departure inventories: to do, started or done, started here, continued on the inventories screen. */
export function InventoriesBlock({ page, actions, name }: { page: Page; actions: TodoActions; name: string }) {
  const { arrival, departure } = page.inventories!;
  const stay = page.stay.stay_number;
  const busy = actions.busy === `inventory:${stay}`;
  // the departure's is made from its day on (the to-do list's departures), the arrival's at once
  const due = (type: 'arrival' | 'departure') => type === 'arrival' || Date.now() / 1000 >= page.stay.departure;
  const cell = (type: 'arrival' | 'departure', label: string, state: typeof arrival) => (
    <StateCell label={label} state={INVENTORY[state.state]}>
      {state.state === 'todo' && due(type) && (
        <Button size="xs" loading={busy} aria-label={`${type === 'arrival' ? DESK.startArrival : DESK.startDeparture} de ${name}`} onClick={() => void actions.startInventory(stay, type)}>
          {type === 'arrival' ? DESK.startArrival : DESK.startDeparture}
        </Button>
      )}
      {(state.state === 'started' || state.state === 'done') && (
        <Button component={Link} to={inventoryLink(stay)} size="xs" variant="light" aria-label={`${DESK.openInventory} ${type === 'arrival' ? "d'arrivée" : 'de sortie'} de ${name}`}>
          {DESK.openInventory}
        </Button>
      )}
    </StateCell>
  );
  return (
    <Block title={DESK.inventories} id="block-inventories" to={inventoryLink(stay)}>
      <Group align="flex-start" gap="xl">
        {cell('arrival', TODAY.arrivalInventory, arrival)}
        {cell('departure', TODAY.departureInventory, departure)}
      </Group>
    </Block>
  );
}

/** The family's bookings during the stay: each with its cancel, and the planning to book another. */
export function BookingsBlock({ page, actions, confirmCancel }: { page: Page; actions: TodoActions; confirmCancel(id: string, what: string): void }) {
  const { timeZone } = useSession();
  const rows = page.bookings!;
  return (
    <Block title={DESK.bookings} id="block-bookings" to="/services/booking">
      <Stack gap="xs">
        {rows.length === 0 ? (
          <Empty>{DESK.noBooking}</Empty>
        ) : (
          <Table fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Service</Table.Th>
                <Table.Th>Quand</Table.Th>
                <Table.Th>Pour</Table.Th>
                <ActionsTh />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((b) => {
                const what = [b.service, b.benefit].filter(Boolean).join(' · ');
                return (
                  <Table.Tr key={b._id}>
                    <Table.Td>{what}</Table.Td>
                    <Table.Td>{dayTime(b.start, timeZone)}</Table.Td>
                    <Table.Td>{b.who || '—'}</Table.Td>
                    <Table.Td ta="right">
                      <Button size="xs" variant="subtle" color="red.9" loading={actions.busy === `booking:${b._id}`} aria-label={`${DESK.cancelBooking} ${what}`} onClick={() => confirmCancel(b._id, what)}>
                        {DESK.cancelBooking}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        <Group>
          <Button component={Link} to={`/services/booking?sejour=${encodeURIComponent(page.stay.stay_number)}`} size="xs" variant="light">
            {DESK.book}
          </Button>
        </Group>
      </Stack>
    </Block>
  );
}

/** The stay's review requests: invited or not yet, answered or not, and the answer. */
export function ReviewsBlock({ page }: { page: Page }) {
  const { timeZone } = useSession();
  const rows = page.reviews!;
  return (
    <Block title={DESK.reviews} id="block-reviews" to="/avis/reponses">
      {rows.length === 0 ? (
        <Empty>{DESK.noReview}</Empty>
      ) : (
        <Stack gap="sm">
          {rows.map((r) => (
            <div key={r._id}>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {r.model}
                </Text>
                <Text size="sm" c="dimmed">
                  {r.guest}
                </Text>
                <WholeBadge size="sm" variant="light" color={r.answered_time ? 'green' : r.sent_time ? 'blue' : 'gray'}>
                  {r.answered_time ? DESK.answered : r.sent_time ? DESK.invited : DESK.notSent}
                </WholeBadge>
              </Group>
              <Text size="sm" c="dimmed">
                {r.sent_time ? `Demandé le ${dayTime(r.sent_time, timeZone)}${r.channel === 'push' ? ' par notification' : r.channel === 'email' ? ' par e-mail' : ''}` : `Prévu le ${dayTime(r.due_time, timeZone)}`}
                {r.answered_time ? ` · répondu le ${dayTime(r.answered_time, timeZone)}` : ''}
              </Text>
              {r.score !== null && <Text size="sm">Note : {r.score.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} / 5</Text>}
              {r.comments.map((c, i) => (
                <Text key={i} size="sm" fs="italic">
                  « {c} »
                </Text>
              ))}
            </div>
          ))}
        </Stack>
      )}
    </Block>
  );
}

const MAIL_STATUS = { pending: ['À envoyer', 'gray'], sent: ['Envoyé', 'green'], failed: ['En échec', 'red'], cancelled: ['Annulé', 'gray'] } as const;
const PUSH_STATUS = { pending: ['En attente', 'gray'], delivered: ['Reçue', 'green'], failed: ['En échec', 'red'], gone: ['Appareil désabonné', 'gray'], cancelled: ['Annulée', 'gray'] } as const;

/** The client's e-mails during the stay: what, to which address, when, its state (its opening is not known). */
export function MailsBlock({ page }: { page: Page }) {
  const { timeZone } = useSession();
  const rows = page.mails!;
  return (
    <Block title={DESK.mails} id="block-mails" to="/administration/auto-email">
      {rows.length === 0 ? (
        <Empty>{DESK.noMail}</Empty>
      ) : (
        <Table fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Envoyé le</Table.Th>
              <Table.Th>État</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m, i) => (
              <Table.Tr key={`${m._id}-${i}`}>
                <Table.Td>
                  {m.title}
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {m.email}
                  </Text>
                </Table.Td>
                <Table.Td>{m.sent_time ? dayTime(m.sent_time, timeZone) : '—'}</Table.Td>
                <Table.Td>
                  <WholeBadge size="sm" variant="light" color={MAIL_STATUS[m.status][1]}>
                    {MAIL_STATUS[m.status][0]}
                  </WholeBadge>
                  {m.error && (
                    <Text size="xs" c="dimmed">
                      {m.error}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Block>
  );
}

/** The pushes to the stay's accounts: what, to whom, when, received, opened. */
export function PushesBlock({ page }: { page: Page }) {
  const { timeZone } = useSession();
  const rows = page.pushes!;
  return (
    <Block title={DESK.pushes} id="block-pushes" to="/administration/send-notifications">
      {rows.length === 0 ? (
        <Empty>{DESK.noPush}</Empty>
      ) : (
        <Table fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Notification</Table.Th>
              <Table.Th>Envoyée le</Table.Th>
              <Table.Th>État</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p, i) => (
              <Table.Tr key={`${p._id}-${i}`}>
                <Table.Td>
                  {p.title}
                  <Text size="xs" c="dimmed">
                    {p.guest}
                  </Text>
                </Table.Td>
                <Table.Td>{dayTime(p.send_time, timeZone)}</Table.Td>
                <Table.Td>
                  <WholeBadge size="sm" variant="light" color={PUSH_STATUS[p.status][1]}>
                    {PUSH_STATUS[p.status][0]}
                  </WholeBadge>
                  {p.opened_time && (
                    <Text size="xs" c="dimmed">
                      Ouverte le {dayTime(p.opened_time, timeZone)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Block>
  );
}
