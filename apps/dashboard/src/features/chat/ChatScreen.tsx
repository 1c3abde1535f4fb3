import { Alert, Badge, Box, Button, Card, Group, Loader, Paper, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { IconBell, IconBellOff, IconMessages } from '@tabler/icons-react';
import { CHAT, LANGUAGE_NAMES, isLang, type ConversationDoc } from '@campsite/shared';
import { PageHeader } from '../../components/PageHeader';
import { FlashBanner, useFlash } from '../../components/flash';
import { oneOf, textField, useAddress } from '../../components/list';
import { WholeBadge } from '../../components/WholeBadge';
import { Thread, shortTime } from '../../components/chat';
import { errorSentence } from '../../lib/errors';
import { useBrowserNotices, useChatStream } from '../../shell/chat-stream';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useInbox } from './api/chat-queries';
import classes from './chat.module.css';

/** The view (all by default), the status (all by default) and the chosen conversation: `?vue=mine&filtre=open&c=…`. */
const ADDRESS = { vue: oneOf(['mine', 'unassigned'] as const), filtre: oneOf(['open', 'closed'] as const), c: textField() };

/**
 * 002 §2 'Client messages' (breadcrumb 'Chat'): the inbox reception lives in (issues 25, 33). Views 'Mes
 * conversations / Non attribuées / Toutes' with their counts and the status, both in the address with the
 * chosen conversation; the conversation (components/chat) with its assignment, translations, notes and
 * what was sent; every change comes live through the stream (shell/chat-stream.ts).
 */
export default function ChatScreen() {
  const { values, set } = useAddress(ADDRESS);
  const view = values.vue ?? 'all';
  const filter = values.filtre ?? 'all';
  const chosen = values.c;
  const live = useChatStream();
  const inbox = useInbox({ per_page: 50, order: 'desc', ...(filter === 'all' ? {} : { status: filter }), ...(view === 'all' ? {} : { assignee: view === 'mine' ? 'me' : 'none' }) });
  const flash = useFlash();
  const { clear } = flash;
  // a sentence says what happened to the conversation on screen ('La conversation a été fermée'): not to the next one
  useEffect(() => clear(), [chosen, clear]);
  const rows = inbox.data?.rows ?? [];
  const counts = inbox.data?.counts;
  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);
  return (
    <>
      <PageHeader
        title={CHAT.title}
        crumbs={[...navCrumbs('/messages/chat'), { label: CHAT.crumb }]}
        actions={
          <Group gap="xs">
            <NoticesSwitch />
            <Button component={Link} to="/messages/reponses" variant="default" leftSection={<IconMessages size={16} aria-hidden />}>
              {CHAT.replies}
            </Button>
          </Group>
        }
      />
      <FlashBanner flash={flash} />
      <div className={classes.layout}>
        <Card withBorder padding={0} className={classes.inbox} component="section" aria-label="Conversations">
          <Stack p="sm" gap="xs" className={classes.inboxHead}>
            {/* one above the other: side by side, 'Toutes (n)' was cut off in the inbox's 340 px (1024 and 1440 px) */}
            <SegmentedControl
              size="xs"
              fullWidth
              orientation="vertical"
              classNames={{ label: classes.viewLabel }}
              value={view}
              onChange={(v) => set({ vue: v === 'all' ? null : (v as 'mine' | 'unassigned') })}
              data={[
                { value: 'mine', label: `${CHAT.viewMine}${count(counts?.mine)}` },
                { value: 'unassigned', label: `${CHAT.viewUnassigned}${count(counts?.unassigned)}` },
                { value: 'all', label: `${CHAT.viewAll}${count(counts?.all)}` },
              ]}
              aria-label="Conversations à afficher"
            />
            <Group justify="space-between" wrap="nowrap">
              <SegmentedControl
                size="xs"
                value={filter}
                onChange={(v) => set({ filtre: v === 'all' ? null : (v as 'open' | 'closed') })}
                data={[
                  { value: 'all', label: CHAT.all },
                  { value: 'open', label: CHAT.open },
                  { value: 'closed', label: CHAT.closedTab },
                ]}
                aria-label="Filtrer les conversations"
              />
              {inbox.data && inbox.data.unread > 0 && (
                <Badge color="red" variant="light" tt="none">
                  {CHAT.unread(inbox.data.unread)}
                </Badge>
              )}
            </Group>
          </Stack>
          {inbox.isPending && <Loader role="status" size="sm" m="md" aria-label="Chargement" />}
          {inbox.isError && <Alert color="red" m="sm">{errorSentence(CHAT.readConversations, inbox.error, 1)}</Alert>}
          {inbox.data && rows.length === 0 && (
            <Stack p="md" gap={4}>
              <Text fw={600}>{CHAT.empty}</Text>
              <Text size="sm" c="dimmed">{CHAT.emptyHint}</Text>
            </Stack>
          )}
          <ul className={classes.list}>
            {rows.map((c) => (
              <li key={c._id}>
                <InboxRow conversation={c} chosen={c._id === chosen} onChoose={() => set({ c: c._id })} />
              </li>
            ))}
          </ul>
          <Text size="xs" c="dimmed" p="xs" role="status">
            {live ? CHAT.live : CHAT.offline}
          </Text>
        </Card>
        <Box className={classes.thread}>
          {chosen ? (
            <Thread id={chosen} flash={flash} />
          ) : (
            <Paper withBorder p="xl" className={classes.placeholder}>
              <Text c="dimmed">{CHAT.pick}</Text>
            </Paper>
          )}
        </Box>
      </div>
    </>
  );
}

/** 'Activer les notifications du navigateur': asked on this click (never on load); blocked: how to allow them again. */
function NoticesSwitch() {
  const { state, toggle } = useBrowserNotices();
  if (state === 'unsupported') return null;
  if (state === 'denied') return <Text size="xs" c="dimmed" maw={300}>{CHAT.notifyDenied}</Text>;
  return (
    <Button variant={state === 'on' ? 'light' : 'default'} leftSection={state === 'on' ? <IconBell size={16} aria-hidden /> : <IconBellOff size={16} aria-hidden />} onClick={() => void toggle()} aria-pressed={state === 'on'}>
      {state === 'on' ? CHAT.notifyOff : CHAT.notifyOn}
    </Button>
  );
}

function InboxRow({ conversation: c, chosen, onChoose }: { conversation: ConversationDoc; chosen: boolean; onChoose(): void }) {
  const { timeZone } = useSession();
  const who = c.guest ? `${c.guest.firstname} ${c.guest.lastname}`.trim() || c.guest.client_number || '—' : '—';
  const where = c.guest?.location ? ` · ${c.guest.location}` : '';
  return (
    <UnstyledButton className={classes.row} data-chosen={chosen || undefined} data-unread={c.unread || undefined} onClick={onChoose} aria-current={chosen ? 'true' : undefined}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={c.unread ? 700 : 500} size="sm" truncate>
          {who}
          <Text span c="dimmed" size="xs">{where}</Text>
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {shortTime(c.last_time, timeZone)}
        </Text>
      </Group>
      <Group gap={6} mt={4} wrap="wrap">
        <WholeBadge size="xs" variant="light" color={c.type === 'intervention' ? 'orange' : 'blue'}>
          {c.type === 'intervention' ? CHAT.badgeIntervention : CHAT.badgeMessage}
        </WholeBadge>
        {c.title !== CHAT.badgeIntervention && <Text size="xs" fw={600}>{c.title}</Text>}
        {c.guest?.lang && isLang(c.guest.lang) && (
          <WholeBadge size="xs" variant="default">
            {LANGUAGE_NAMES[c.guest.lang]}
          </WholeBadge>
        )}
        {c.status === 'closed' && (
          <WholeBadge size="xs" variant="outline" color="gray">
            {CHAT.closed}
          </WholeBadge>
        )}
        {c.unread && <span className={classes.dot} aria-label="Non lu" role="img" />}
      </Group>
      <Text size="xs" c="dimmed" lineClamp={1} mt={2}>
        {c.last_message || CHAT.photo}
      </Text>
      <Text size="xs" c="dimmed" mt={2}>
        {c.assignee ? `${CHAT.assignee} ${c.assignee.name}` : CHAT.notAssigned}
      </Text>
    </UnstyledButton>
  );
}
