import { Badge, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import type { ServiceBenefit, ServiceReservation, ServiceWorker } from '@campsite/shared';
import { SERVICES, pickTranslation } from '@campsite/shared';
import type { Flash } from '../../../components/flash';
import { useRowAction } from '../../../components/rows';
import { ClientLink } from '../../../components/PeopleLinks';
import { useSession } from '../../../shell/session';
import { useReservationDelete } from '../api/services-queries';
import { hhmm, type Block } from './layout';

/** A booking's details, or in list mode each booking of a merged block (001 §4 step 3), each deletable. */
export function BookingDetails({ block, benefits, workers, flash, onClose }: { block: Block<ServiceReservation>; benefits: ServiceBenefit[]; workers: ServiceWorker[]; flash: Flash; onClose(): void }) {
  const { timeZone, defaultLang } = useSession();
  const remove = useReservationDelete();
  const run = useRowAction(flash);
  const benefit = benefits.find((b) => b._id === block.benefit);
  const worker = workers.find((w) => w._id === block.worker);
  const title = benefit ? pickTranslation(benefit.translations, defaultLang, defaultLang, 'subtitle') : 'Prestation supprimée';
  const many = block.bookings.length > 1;
  return (
    <Modal opened onClose={onClose} title={many ? `${title} · ${block.bookings.length} réservations` : title} size="lg" centered closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {worker ? `${worker.firstname} ${worker.lastname}` : ''}
        </Text>
        {block.bookings.map((r) => (
          <Paper key={r._id} withBorder p="sm" radius="md">
            <Group justify="space-between" mb="xs">
              <Text fw={600}>
                {hhmm(r.start, timeZone)}–{hhmm(r.end, timeZone)}
              </Text>
              <Badge color={r.from === 'webapp' ? 'blue' : 'green'} variant="light">
                {r.from === 'webapp' ? "Depuis l'application" : 'Depuis le tableau de bord'}
              </Badge>
            </Group>
            <Table variant="vertical" withTableBorder={false} fz="sm">
              <Table.Tbody>
                <Row label="Client" value={r.identity} />
                <Row label="Numéro client" value={r.client_number} link={(n) => <ClientLink client={n}>{n}</ClientLink>} />
                <Row label="Âge" value={r.age === null ? null : String(r.age)} />
                <Row label="Téléphone" value={r.phone} />
                {benefit?.questions.map((q, i) => <Row key={i} label={pickTranslation(q.translations, defaultLang, defaultLang, 'title')} value={r.answers[i] || null} />)}
              </Table.Tbody>
            </Table>
            <Group justify="flex-end" mt="xs">
              <Button
                variant="default"
                c="red.8"
                size="xs"
                onClick={() => void run(SERVICES.confirmDeleteReservation, () => remove.mutateAsync({ id: r._id }), SERVICES.reservationDeleted, SERVICES.bookingError).then((done) => done && onClose())}
              >
                Supprimer la réservation
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Modal>
  );
}

/** `link`: how a given value is shown (the client's number, a link to its card). */
function Row({ label, value, link }: { label: string; value: string | null; link?: (value: string) => React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={180}>{label}</Table.Th>
      <Table.Td>{value && value.trim() ? (link ? link(value.trim()) : value) : '—'}</Table.Td>
    </Table.Tr>
  );
}
