import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { DeskStay } from '@campsite/shared';
import { CHAT, DESK } from '@campsite/shared';
import { Thread } from '../../../components/chat';
import type { Flash } from '../../../components/flash';
import { WholeBadge } from '../../../components/WholeBadge';
import { dayTime } from '../../../lib/format';
import { useSession } from '../../../shell/session';
import { Block } from './blocks';

/**
 * The family's conversations (emails flag): each with its subject, who and when, 'Sans réponse' while the
 * guest waits; the one opened (the first waiting, else the latest) shows as in the inbox, answered here.
 */
export function MessagesBlock({ page, flash }: { page: DeskStay; flash: Flash }) {
  const { timeZone } = useSession();
  const rows = page.messages!;
  const [open, setOpen] = useState<string | null>(() => (rows.find((c) => c.waiting) ?? rows[0])?._id ?? null);
  return (
    <Block title={DESK.messages} id="block-messages" to="/messages/chat">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {DESK.noConversation}
        </Text>
      ) : (
        <Stack gap="sm">
          {rows.length > 1 && (
            <Stack gap={4}>
              {rows.map((c) => (
                <Group key={c._id} justify="space-between" gap="xs" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      <Text size="sm" fw={600}>
                        {CHAT.subjects[c.subject]}
                      </Text>
                      {c.waiting && (
                        <WholeBadge size="sm" color="orange">
                          {DESK.waiting}
                        </WholeBadge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed" truncate>
                      {c.guest} · {dayTime(c.last_time, timeZone)} · {c.excerpt}
                    </Text>
                  </div>
                  <Button size="xs" variant={open === c._id ? 'filled' : 'light'} aria-pressed={open === c._id} onClick={() => setOpen(c._id)} aria-label={`Ouvrir la conversation ${CHAT.subjects[c.subject]} de ${c.guest}`}>
                    Ouvrir
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
          {open && <Thread key={open} id={open} flash={flash} />}
        </Stack>
      )}
    </Block>
  );
}
