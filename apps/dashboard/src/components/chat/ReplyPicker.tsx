import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Popover, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconMessageShare } from '@tabler/icons-react';
import { CHAT, LANGUAGE_NAMES, isLang, type ChatReply } from '@campsite/shared';
import { WholeBadge } from '../WholeBadge';
import { useRepliesFor } from './queries';
import classes from './thread.module.css';

/**
 * 'Réponse enregistrée': the saved replies by name, each in the guest's language (else English, else the
 * default language: the server chooses), searched by name or words; choosing one hands its text to the
 * answer box, which staff may edit before sending. The box then keeps the focus: the focus goes back to the
 * button only when the picker closes without a choice (Échap, a click elsewhere).
 */
export function ReplyPicker({ conversation, onPick, disabled }: { conversation: string; onPick(reply: ChatReply & { text: string; lang: string }): void; disabled?: boolean }) {
  const [opened, setOpened] = useState(false);
  // a reply chosen: the answer box took the focus, which the popover must not take back to its button
  const [picked, setPicked] = useState(false);
  const [search, setSearch] = useState('');
  const replies = useRepliesFor(conversation, opened);
  const q = search.trim().toLowerCase();
  const shown = (replies.data ?? []).filter((r) => !q || r.name.toLowerCase().includes(q) || (r.text ?? '').toLowerCase().includes(q));
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" width={340} shadow="md" trapFocus returnFocus={!picked} hideDetached={false}>
      <Popover.Target>
        <Button variant="default" leftSection={<IconMessageShare size={16} aria-hidden />} onClick={() => (setPicked(false), setOpened((o) => !o))} disabled={disabled} aria-haspopup="dialog">
          {CHAT.replyPick}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <TextInput size="xs" label={CHAT.replySearch} value={search} onChange={(e) => setSearch(e.currentTarget.value)} data-autofocus mb="xs" />
        {replies.isPending && <Text size="sm">Chargement…</Text>}
        {replies.data && replies.data.length === 0 && <Text size="sm">{CHAT.repliesNone}</Text>}
        <Stack gap={2} className={classes.replyList} role="list">
          {shown.map((r) => (
            <UnstyledButton
              key={r._id}
              role="listitem"
              p={6}
              style={{ borderRadius: 6 }}
              onClick={() => {
                setPicked(true);
                setOpened(false);
                setSearch('');
                onPick({ ...r, text: r.text ?? '', lang: r.lang ?? 'fr' });
              }}
            >
              <Text size="sm" fw={600}>
                {r.name}{' '}
                {r.lang && isLang(r.lang) && (
                  <WholeBadge size="xs" variant="default">
                    {LANGUAGE_NAMES[r.lang]}
                  </WholeBadge>
                )}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {r.text}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
        <Anchor component={Link} to="/messages/reponses" size="xs" mt="xs" display="block">
          {CHAT.replies}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
