import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { CHAT, LANGUAGE_NAMES, isLang } from '@campsite/shared';
import { WholeBadge } from '../WholeBadge';
import { ClientLink, StayLink } from '../PeopleLinks';
import type { Flash } from '../flash';
import { errorSentence } from '../../lib/errors';
import { AssignControl } from './AssignControl';
import { Composer } from './Composer';
import { Message } from './Message';
import { useClose, useThread } from './queries';
import classes from './thread.module.css';

/**
 * One conversation as staff work it (issues 25, 33): who wrote, who handles it ('Attribuée à'), its
 * messages oldest first with their translations, internal notes and what was sent to the guest, and the
 * box to answer or note. Used by the inbox and the stay's page (components/chat/index.ts).
 */
export function Thread({ id, flash }: { id: string; flash: Flash }) {
  const thread = useThread(id);
  const close = useClose();
  const end = useRef<HTMLDivElement>(null);
  const count = thread.data ? thread.data.messages.length : 0;
  // in braces: scrollIntoView answers a Promise in recent browsers, which React would take for a cleanup
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  if (thread.isPending) return <Loader role="status" size="sm" aria-label="Chargement" />;
  if (thread.isError) return <Alert color="red">{errorSentence(CHAT.readMessages, thread.error, 1)}</Alert>;
  if (thread.data === false) return <Alert color="gray">{CHAT.conversationUnknown}</Alert>;
  const { conversation: c, messages } = thread.data;
  const guest = c.guest ? `${c.guest.firstname} ${c.guest.lastname}`.trim() : '';

  async function toggle() {
    try {
      const done = await close.mutateAsync({ conversation: id, closed: c.status === 'open' });
      if (!done) return flash.setError(errorSentence(CHAT.closeConversation, null, 1));
      flash.setSuccess(done.status === 'closed' ? CHAT.conversationClosed : CHAT.conversationReopened);
    } catch (err) {
      flash.setError(errorSentence(CHAT.closeConversation, err, 2));
    }
  }

  return (
    <Paper withBorder className={classes.threadCard} component="section" aria-label={`Conversation ${c.title}`}>
      <Group justify="space-between" p="sm" className={classes.threadHead} wrap="wrap" gap="xs" align="flex-end">
        <div>
          <Group gap={6}>
            {c.title !== CHAT.badgeIntervention && (
              <WholeBadge variant="light" color={c.type === 'intervention' ? 'orange' : 'blue'}>
                {c.type === 'intervention' ? CHAT.badgeIntervention : CHAT.badgeMessage}
              </WholeBadge>
            )}
            <Text fw={700} component="h2" size="md">
              {c.title}
            </Text>
            {c.status === 'closed' && (
              <WholeBadge variant="outline" color="gray">
                {CHAT.closed}
              </WholeBadge>
            )}
          </Group>
          <Text size="sm" c="dimmed" mt={2}>
            <StayLink stay={c.guest?.stay_number} underline="always">
              {guest}
            </StayLink>
            {c.guest?.client_number && (
              <>
                {' · '}
                <ClientLink client={c.guest.client_number} underline="always">
                  Client n° {c.guest.client_number}
                </ClientLink>
              </>
            )}
            {c.guest?.location ? ` · ${c.guest.location}` : ''}
            {c.guest?.lang && isLang(c.guest.lang) ? ` · Langue : ${LANGUAGE_NAMES[c.guest.lang]}` : ''}
          </Text>
        </div>
        <Group gap="xs" align="flex-end">
          <AssignControl conversation={c} flash={flash} />
          <Button variant="default" size="xs" onClick={() => void toggle()} loading={close.isPending}>
            {c.status === 'open' ? CHAT.close : CHAT.reopen}
          </Button>
        </Group>
      </Group>
      {/* it scrolls once a conversation grows: focusable, so that the keyboard scrolls it too */}
      <Stack gap="xs" p="sm" className={classes.messages} role="log" aria-live="polite" aria-label="Messages de la conversation" tabIndex={0}>
        {messages.map((m) => (
          <Message key={m._id} m={m} />
        ))}
        <div ref={end} />
      </Stack>
      <Composer key={c._id} conversation={c} flash={flash} />
    </Paper>
  );
}
