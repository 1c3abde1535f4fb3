import { Text } from '@mantine/core';
import { CHAT, FROM_LANGUAGE, LANGUAGE_NAMES, chat, isLang, type ChatMessageDoc } from '@campsite/shared';
import { callUrl } from '@campsite/shared/client';
import { WholeBadge } from '../WholeBadge';
import { useSession } from '../../shell/session';
import { shortTime } from './time';
import classes from './thread.module.css';

const languageName = (l: string) => (isLang(l) ? LANGUAGE_NAMES[l].toLowerCase() : l.toUpperCase());
const TEXT = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * One line of a conversation as staff read it: a system line (closed, opened again, assigned), an internal
 * note (yellow, 'Note interne': the guest never reads it), or a message with its machine translation
 * (a guest's: the original, then the French; staff's: what they wrote, then what the guest read) and,
 * under staff's, how the guest was told (push, e-mail, read).
 */
export function Message({ m }: { m: ChatMessageDoc }) {
  const { timeZone } = useSession();
  const at = (t: number) => shortTime(t, timeZone);
  if (m.event) {
    const line =
      m.event === 'assigned' ? CHAT.assignedLine(m.message, m.name) : m.event === 'unassigned' ? CHAT.unassignedLine(m.name) : m.event === 'closed' ? CHAT.conversationClosed : CHAT.conversationReopened;
    return (
      <Text size="xs" c="dimmed" ta="center">
        {line} · {at(m.created_time)}
      </Text>
    );
  }
  if (m.internal) {
    return (
      <div className={classes.bubble} data-side="note">
        <Text size="xs" c="dimmed">
          <WholeBadge size="xs" color="yellow" variant="filled" c="dark.9" mr={6}>
            {CHAT.noteBadge}
          </WholeBadge>
          {m.name || CHAT.you} · {at(m.created_time)}
        </Text>
        <Text size="sm" style={TEXT}>
          {m.message}
        </Text>
      </div>
    );
  }
  const mine = m.author === 'staff';
  return (
    <div className={classes.bubble} data-side={mine ? 'staff' : 'guest'}>
      <Text size="xs" c="dimmed">
        {mine ? `${m.name || CHAT.you}` : m.name} · {at(m.created_time)}
      </Text>
      {m.photo && (
        <a href={callUrl(chat.picture, { id: m.photo })} target="_blank" rel="noreferrer">
          <img src={callUrl(chat.picture, { id: m.photo, width: 720 })} alt={CHAT.photo} className={classes.photo} />
        </a>
      )}
      {m.message && (
        <Text size="sm" style={TEXT} lang={m.translation && !mine ? (m.translation.from ?? undefined) : undefined}>
          {m.message}
        </Text>
      )}
      {m.translation && (
        <div className={classes.translation}>
          <Text size="xs" c="dimmed" fw={600}>
            {mine ? CHAT.translatedInto(languageName(m.translation.lang)) : CHAT.translatedFrom(FROM_LANGUAGE[m.translation.from ?? ''] ?? `(${m.translation.from ?? '?'})`)}
          </Text>
          <Text size="sm" style={TEXT} lang={m.translation.lang}>
            {m.translation.text}
          </Text>
        </div>
      )}
      {m.translation_error && (
        <Text size="xs" c="red.8" mt={4}>
          {CHAT.translationFailed(m.translation_error)}
        </Text>
      )}
      {m.notices && <Notices n={m.notices} at={at} />}
    </div>
  );
}

/** 'Notification envoyée à 14:02 · E-mail envoyé à 14:17 · Lu à 14:20' (or 'Pas encore lu'). */
function Notices({ n, at }: { n: NonNullable<ChatMessageDoc['notices']>; at: (t: number) => string }) {
  const parts = [
    n.push ? CHAT.pushSent(at(n.push)) : n.push_until ? CHAT.pushWaiting(at(n.push_until)) : null,
    n.mail ? CHAT.mailSent(at(n.mail)) : null,
    n.read ? CHAT.readAt(at(n.read)) : CHAT.notRead,
  ].filter(Boolean);
  return (
    <Text size="xs" c="dimmed" mt={4} ta="right">
      {parts.join(' · ')}
    </Text>
  );
}
