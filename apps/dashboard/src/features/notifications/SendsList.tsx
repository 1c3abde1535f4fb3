import { Alert, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { NotificationSend } from '@campsite/shared';
import { NOTIFICATIONS, pickTranslation } from '@campsite/shared';
import { useSession } from '../../shell/session';
import type { Flash } from '../../components/flash';
import { ScreenLoader } from '../../components/ListStates';
import { listContainer } from '../../components/RowActions';
import { WholeBadge } from '../../components/WholeBadge';
import { dateTime, targetLabel, useSendCancel, useSends } from '../../components/notifications';
import { useRowAction } from '../../components/rows';
import { errorSentence } from '../../lib/errors';
import { figure } from '../../lib/format';

const STATUS: Record<NotificationSend['status'], { label: string; color: string }> = {
  scheduled: { label: 'Programmée', color: 'blue' },
  sending: { label: 'En cours', color: 'orange' },
  sent: { label: 'Envoyée', color: 'green' },
  cancelled: { label: 'Annulée', color: 'gray' },
};

/**
 * The sends, newest first (issue 21 'Analytics'): when, what, to whom, and the devices targeted, delivered
 * (the push service accepted it), failed and opened. A send that has not gone out can be cancelled.
 */
export function SendsList({ flash }: { flash: Flash }) {
  const { defaultLang, timeZone } = useSession();
  const sends = useSends();
  const cancel = useSendCancel();
  const run = useRowAction(flash);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="sends-title" className={listContainer}>
      <Stack gap="sm">
        <Title order={2} size="h4" id="sends-title">
          Envois
        </Title>
        {sends.error ? (
          <Alert color="red" role="alert">
            {errorSentence(NOTIFICATIONS.cannotRead, sends.error, 1)}
          </Alert>
        ) : !sends.data ? (
          <ScreenLoader />
        ) : sends.data.length === 0 ? (
          <Text c="dimmed">Aucune notification envoyée pour le moment.</Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date d'envoi</Table.Th>
                  <Table.Th>Titre et destinataires</Table.Th>
                  <Table.Th>État</Table.Th>
                  <Table.Th ta="right">Reçus / ciblés</Table.Th>
                  <Table.Th ta="right">Échecs</Table.Th>
                  <Table.Th ta="right">Ouverts</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sends.data.map((s) => {
                  const title = pickTranslation(s.translations, defaultLang, defaultLang, 'title');
                  const status = STATUS[s.status];
                  return (
                    <Table.Tr key={s._id} data-testid="send-row">
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {dateTime(s.sent_time ?? s.timestamp, timeZone)}
                        {s.waiting_until && (
                          <Text size="xs" c="dimmed">
                            heures calmes : part à {dateTime(s.waiting_until, timeZone).slice(-5)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td miw={160}>
                        {title}
                        <Text size="xs" c="dimmed">
                          {targetLabel(s.target)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={4} align="flex-start">
                          <WholeBadge color={status.color}>{status.label}</WholeBadge>
                          {s.status === 'scheduled' && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              color="red"
                              px={0}
                              aria-label={`Annuler l'envoi ${title}`}
                              loading={cancel.isPending && cancel.variables?.id === s._id}
                              onClick={() => void run(NOTIFICATIONS.cancelConfirm, () => cancel.mutateAsync({ id: s._id }), NOTIFICATIONS.sendCancelled, NOTIFICATIONS.cannotCancel)}
                            >
                              Annuler l'envoi
                            </Button>
                          )}
                        </Stack>
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {figure(s.delivered)} / {figure(s.targeted)}
                      </Table.Td>
                      <Table.Td ta="right">{figure(s.failed)}</Table.Td>
                      <Table.Td ta="right">{figure(s.opened)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
