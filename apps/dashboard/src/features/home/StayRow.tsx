import { Link } from 'react-router';
import { Anchor, Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { TodayStay } from '@campsite/shared';
import { TODAY } from '@campsite/shared';
import { AppStateCell } from '../../components/desk/AppStateCell';
import { DEPOSIT, INVENTORY, StateCell } from '../../components/desk/states';
import type { TodoActions } from '../../components/desk/actions';

const inventoryLink = (stay: string) => `/inventaires/checkin?sejour=${encodeURIComponent(stay)}`;
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * A stay on the to-do list (issue 33): who and where, then each area the member may see with its state at
 * a glance and its one-click action: the app's link (the client card's code mail, or the waiting account's
 * activation link), the deposit's request (or its link again), the inventory opened on the client
 * inventories screen; at departure the deposit to release or claim there too.
 */
export function StayRow({ row, field, actions }: { row: TodayStay; field: 'arrival' | 'departure'; actions: TodoActions }) {
  const name = `${row.firstname} ${row.lastname}`.trim();
  const { app, deposit, inventory } = row;
  const busy = (kind: string) => actions.busy === `${kind}:${row.stay_number}`;
  const place = [row.location, row.accommodation, row.time && (field === 'arrival' ? `arrivée ${row.time}` : `départ ${row.time}`)].filter(Boolean).join(' · ');
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={`${name}, séjour ${row.stay_number}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Anchor component={Link} to={`/users/sejours/${encodeURIComponent(row.stay_number)}`} fw={600}>
            {row.lastname} {row.firstname}
          </Anchor>
          <Text size="sm" c="dimmed">
            {place}
          </Text>
        </div>
        <Group gap="xs">
          {!!row.messages && (
            <Anchor component={Link} to="/messages/chat" size="sm">
              {plural(row.messages, 'message sans réponse', 'messages sans réponse')}
            </Anchor>
          )}
          {!!row.bookings && <Text size="sm">{plural(row.bookings, 'réservation', 'réservations')}</Text>}
        </Group>
      </Group>
      <SimpleGrid cols={3} spacing="sm" mt="xs">
        {app && <AppStateCell app={app} stay={row.stay_number} client={row.client_number} name={name} actions={actions} />}
        {deposit && (
          <StateCell label={TODAY.deposit} state={field === 'departure' && deposit.state === 'made' ? [TODAY.depositSettle, 'red'] : DEPOSIT[deposit.state]}>
            {field === 'arrival' && deposit.state === 'to_request' && (
              <Button size="xs" loading={busy('deposit')} aria-label={`${TODAY.requestDeposit} de ${name}`} onClick={() => void actions.requestDeposit(row.stay_number)}>
                {TODAY.requestDeposit}
              </Button>
            )}
            {field === 'arrival' && deposit.state === 'requested' && deposit.id && (
              <Button size="xs" variant="light" loading={busy('deposit')} aria-label={`${TODAY.resendDeposit} de la caution à ${name}`} onClick={() => void actions.resendDeposit(row.stay_number, deposit.id!)}>
                {TODAY.resendDeposit}
              </Button>
            )}
            {field === 'departure' && deposit.state === 'made' && (
              <Button component={Link} to={inventoryLink(row.stay_number)} size="xs" aria-label={`${TODAY.settleDeposit} la caution de ${name}`}>
                {TODAY.settleDeposit}
              </Button>
            )}
            {deposit.state === 'to_request' && deposit.error && (
              <Text size="xs" c="dimmed">
                {deposit.error}
              </Text>
            )}
          </StateCell>
        )}
        {inventory && (
          <StateCell label={field === 'arrival' ? TODAY.arrivalInventory : TODAY.departureInventory} state={INVENTORY[inventory.state]}>
            {(inventory.state === 'todo' || inventory.state === 'started') && (
              <Button
                component={Link}
                to={inventoryLink(row.stay_number)}
                size="xs"
                variant={inventory.state === 'todo' ? 'filled' : 'light'}
                aria-label={`${inventory.state === 'todo' ? TODAY.startInventory : TODAY.resumeInventory} ${field === 'arrival' ? "d'arrivée" : 'de sortie'} de ${name}`}
              >
                {inventory.state === 'todo' ? TODAY.startInventory : TODAY.resumeInventory}
              </Button>
            )}
          </StateCell>
        )}
      </SimpleGrid>
    </Paper>
  );
}
