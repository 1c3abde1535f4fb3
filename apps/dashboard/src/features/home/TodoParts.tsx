import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TodayFailure, TodayMessage } from '@campsite/shared';
import { CHAT, TODAY, formatDateTime } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { StayLink } from '../../components/PeopleLinks';
import type { TodoActions } from '../../components/desk/actions';

interface Read<T> {
  data?: T;
  isError: boolean;
}

/** A part of the list: its title and figure, its read's states, its rows or what it says when empty. */
function Part<T>({ id, title, figure, read, empty, children }: { id: string; title: string; figure?: number; read: Read<T>; empty: (d: T) => boolean; children: (d: T) => ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Group gap="xs" mb="xs">
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        {!!figure && (
          <Badge variant="light" color="blue" aria-label={`${figure} à voir`}>
            {figure}
          </Badge>
        )}
      </Group>
      {read.isError ? (
        <Text c="red.8" size="sm">
          {TODAY.readFailed}
        </Text>
      ) : !read.data ? (
        <Skeleton h={40} />
      ) : empty(read.data) ? (
        <Text size="sm" c="dimmed">
          {PART_EMPTY[id]}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {children(read.data)}
        </Stack>
      )}
    </Paper>
  );
}
const PART_EMPTY: Record<string, string> = { 'todo-messages': TODAY.noMessage, 'todo-bookings': TODAY.noBooking, 'todo-failures': TODAY.noFailure };

const hour = (t: number, timeZone: string) => new Intl.DateTimeFormat('fr-FR', { timeZone, hour: '2-digit', minute: '2-digit' }).format(t * 1000);

/** The conversations waiting for an answer, the longest waiting first, each opened in the inbox. */
export function MessagesPart({ read }: { read: Read<{ total: number; rows: TodayMessage[] }> }) {
  const { timeZone } = useSession();
  return (
    <Part id="todo-messages" title={TODAY.messages} figure={read.data?.total} read={read} empty={(d) => d.total === 0}>
      {(d) =>
        d.rows.map((m) => {
          const name = `${m.firstname} ${m.lastname}`.trim();
          return (
            <li key={m._id}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {name ? <StayLink stay={m.stay_number}>{name}</StayLink> : CHAT.subjects[m.subject]}
                    {m.location && (
                      <Text span size="sm" c="dimmed" fw={400}>
                        {' '}· {m.location}
                      </Text>
                    )}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {CHAT.subjects[m.subject]} · {formatDateTime(m.last_time, timeZone)} · {m.excerpt}
                  </Text>
                </div>
                <Button component={Link} to={`/messages/chat?c=${encodeURIComponent(m._id)}`} size="xs" variant="light" aria-label={`${TODAY.answer} à ${name || CHAT.subjects[m.subject]}`}>
                  {TODAY.answer}
                </Button>
              </Group>
            </li>
          );
        })
      }
    </Part>
  );
}

/** Today's bookings per service, with the next to come, each opening its planning on today. */
export function BookingsPart({ read }: { read: Read<{ day: string; total: number; services: { _id: string; name: string; count: number; next: number | null }[] }> }) {
  const { timeZone } = useSession();
  return (
    <Part id="todo-bookings" title={TODAY.bookings} read={read} empty={(d) => d.total === 0}>
      {(d) =>
        d.services.map((s) => (
          <li key={s._id}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div>
                <Text size="sm" fw={600}>
                  {s.name} : {s.count} {s.count > 1 ? 'réservations' : 'réservation'}
                </Text>
                <Text size="sm" c="dimmed">
                  {s.next ? `Prochaine à ${hour(s.next, timeZone)}` : 'Toutes sont passées'}
                </Text>
              </div>
              <Button component={Link} to={`/services/booking?service=${encodeURIComponent(s._id)}&day=${d.day}`} size="xs" variant="light" aria-label={`${TODAY.planning} de ${s.name}`}>
                {TODAY.planning}
              </Button>
            </Group>
          </li>
        ))
      }
    </Part>
  );
}

const SOURCE: Record<string, string> = { campaign: 'Campagne', prestay: 'E-mail avant séjour', now: 'Notification', scheduled: 'Notification programmée', user: 'Notification à un client', auto: 'Notification automatique' };

/** The week's failed e-mails and pushes not marked as seen: where to look, and 'Marquer comme vu'. */
export function FailuresPart({ read, actions }: { read: Read<{ mails: TodayFailure[] | null; pushes: TodayFailure[] | null }>; actions: TodoActions }) {
  const { timeZone } = useSession();
  const all = (d: { mails: TodayFailure[] | null; pushes: TodayFailure[] | null }) => [...(d.mails ?? []), ...(d.pushes ?? [])];
  const figure = read.data ? all(read.data).length : undefined;
  return (
    <Part id="todo-failures" title={TODAY.failures} figure={figure} read={read} empty={(d) => all(d).length === 0}>
      {(d) =>
        all(d).map((f) => {
          const what = f.kind === 'mail' ? `${f.failed} ${f.failed > 1 ? 'e-mails en échec' : 'e-mail en échec'} sur ${f.total}` : `${f.failed} ${f.failed > 1 ? 'envois en échec' : 'envoi en échec'} sur ${f.total}`;
          return (
            <li key={`${f.kind}:${f._id}`}>
              <Text size="sm" fw={600} lineClamp={1}>
                {SOURCE[f.source] ?? f.source} · {f.title}
              </Text>
              <Text size="sm" c="dimmed">
                {formatDateTime(f.time, timeZone)} · {what}
              </Text>
              <Group gap="xs" mt={4}>
                <Button component={Link} to={f.kind === 'mail' ? '/administration/auto-email' : '/administration/notifications'} size="xs" variant="light" aria-label={`${TODAY.look} ${f.title}`}>
                  {TODAY.look}
                </Button>
                <Button size="xs" variant="default" loading={actions.busy === `${f.kind}:${f._id}`} aria-label={`${TODAY.dismiss} : ${f.title}`} onClick={() => void actions.dismiss(f.kind, f._id)}>
                  {TODAY.dismiss}
                </Button>
              </Group>
            </li>
          );
        })
      }
    </Part>
  );
}
