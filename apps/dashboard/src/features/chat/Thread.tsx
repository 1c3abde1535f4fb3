import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, FileButton, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { CHAT, CHAT_MESSAGE_MAX, CORE, LANGUAGE_NAMES, MAX_IMAGE_BYTES, chat, isLang, type ChatMessageDoc } from '@campsite/shared';
import { callUrl } from '@campsite/shared/client';
import { WholeBadge } from '../../components/WholeBadge';
import type { Flash } from '../../components/flash';
import { useUnsavedGuard } from '../../components/unsaved';
import { errorSentence } from '../../lib/errors';
import { useSession } from '../../shell/session';
import { useAnswer, useClose, useStaffPhoto, useThread } from './api/chat-queries';
import { shortTime } from './time';
import classes from './chat.module.css';

/** The photos the server takes (sniffed again there): what a browser says of the file before it is sent. */
const PHOTO_TYPES = ['image/jpeg', 'image/png'];
const newKey = () => crypto.randomUUID();

/**
 * One conversation: its messages oldest first, the answer box ('Envoyer') with a photo to join, close or
 * open again. A photo goes first, as a message of its own, then the text: when the photo fails nothing is
 * sent and both stay. The keys stay the same until the server took each, so a retry is kept once.
 */
export function Thread({ id, flash }: { id: string; flash: Flash }) {
  const thread = useThread(id);
  const answer = useAnswer();
  const sendPhoto = useStaffPhoto();
  const close = useClose();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const keys = useRef({ text: newKey(), photo: newKey() });
  const attach = useRef<HTMLButtonElement>(null);
  const resetFile = useRef<() => void>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  const end = useRef<HTMLDivElement>(null);
  useUnsavedGuard(text.trim() !== '' || photo !== null);
  const count = thread.data ? thread.data.messages.length : 0;
  // in braces: scrollIntoView answers a Promise in recent browsers, which React would take for a cleanup
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);
  useEffect(() => {
    setText('');
    setError(null);
    setPhoto(null);
    setPhotoError(null);
    keys.current = { text: newKey(), photo: newKey() };
  }, [id]);

  if (thread.isPending) return <Loader role="status" size="sm" aria-label="Chargement" />;
  if (thread.isError) return <Alert color="red">{errorSentence(CHAT.readMessages, thread.error, 1)}</Alert>;
  if (thread.data === false) return <Alert color="gray">{CHAT.conversationUnknown}</Alert>;
  const { conversation: c, messages } = thread.data;
  const guest = c.guest ? `${c.guest.firstname} ${c.guest.lastname}`.trim() : '';

  function pick(file: File | null) {
    resetFile.current?.();
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) return setPhotoError(CHAT.photoNotImage(file.name));
    if (file.size > MAX_IMAGE_BYTES) return setPhotoError(CORE.fileTooLarge(5));
    setPhotoError(null);
    setPhoto(file);
    keys.current.photo = newKey();
  }
  function removePhoto() {
    setPhoto(null);
    setPhotoError(null);
    attach.current?.focus();
  }

  async function send() {
    const message = text.trim();
    if (!message && !photo) return setError(CHAT.messageRequired);
    if (message.length > CHAT_MESSAGE_MAX) return setError(CHAT.messageTooLong(CHAT_MESSAGE_MAX));
    if (photo) {
      try {
        const done = await sendPhoto.mutateAsync({ conversation: id, key: keys.current.photo, file: photo });
        if (!done) return setPhotoError(errorSentence(CHAT.sendPhoto, null, 1));
        setPhoto(null);
        setPhotoError(null);
        keys.current.photo = newKey();
      } catch (err) {
        // the text stays in the box and the photo beside it: nothing was sent
        return setPhotoError(errorSentence(CHAT.sendPhoto, err, 2));
      }
    }
    if (!message) return;
    try {
      const done = await answer.mutateAsync({ conversation: id, message, key: keys.current.text });
      if (!done) return flash.setError(errorSentence(CHAT.sendMessage, null, 1));
      setText('');
      setError(null);
      keys.current.text = newKey();
    } catch (err) {
      flash.setError(errorSentence(CHAT.sendMessage, err, 2));
    }
  }
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
      <Group justify="space-between" p="sm" className={classes.threadHead} wrap="wrap" gap="xs">
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
            {guest}
            {c.guest?.client_number && (
              <>
                {' · '}
                <Anchor component={Link} to={`/users/clients/${encodeURIComponent(c.guest.client_number)}`} size="sm" underline="always">
                  Client n° {c.guest.client_number}
                </Anchor>
              </>
            )}
            {c.guest?.location ? ` · ${c.guest.location}` : ''}
            {c.guest?.lang && isLang(c.guest.lang) ? ` · Langue : ${LANGUAGE_NAMES[c.guest.lang]}` : ''}
          </Text>
        </div>
        <Button variant="default" size="xs" onClick={() => void toggle()} loading={close.isPending}>
          {c.status === 'open' ? CHAT.close : CHAT.reopen}
        </Button>
      </Group>
      <Stack gap="xs" p="sm" className={classes.messages} aria-live="polite">
        {messages.map((m) => (
          <Message key={m._id} m={m} />
        ))}
        <div ref={end} />
      </Stack>
      <form
        className={classes.reply}
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Textarea
          label={CHAT.replyLabel}
          placeholder={CHAT.replyPlaceholder}
          autosize
          minRows={2}
          maxRows={6}
          value={text}
          error={error}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            // Ctrl+Entrée sends, Entrée alone goes to the next line
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send();
          }}
          description={c.status === 'closed' ? `${CHAT.closedNote} ${text.length} / ${CHAT_MESSAGE_MAX}` : `${text.length} / ${CHAT_MESSAGE_MAX}`}
        />
        {photo && preview && (
          <Group gap="sm" mt="xs" wrap="nowrap" className={classes.attached}>
            <img src={preview} alt={CHAT.photoPreview(photo.name)} className={classes.preview} />
            <Text size="sm" truncate style={{ flex: 1, minWidth: 0 }}>
              {photo.name}
            </Text>
            <Button variant="subtle" color="red" size="xs" leftSection={<IconX size={14} aria-hidden />} onClick={removePhoto} disabled={sendPhoto.isPending}>
              {CHAT.removePhoto}
            </Button>
          </Group>
        )}
        {photoError && (
          <Text size="sm" c="red.8" mt="xs" role="alert">
            {photoError}
          </Text>
        )}
        <Group justify="flex-end" mt="xs" gap="xs">
          <FileButton onChange={pick} accept={PHOTO_TYPES.join(',')} resetRef={resetFile}>
            {(props) => (
              <Button {...props} ref={attach} variant="default" leftSection={<IconPhoto size={16} aria-hidden />} disabled={sendPhoto.isPending || answer.isPending}>
                {photo ? CHAT.changePhoto : CHAT.attachPhoto}
              </Button>
            )}
          </FileButton>
          <Button type="submit" loading={sendPhoto.isPending || answer.isPending}>
            {CHAT.send}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

function Message({ m }: { m: ChatMessageDoc }) {
  const { timeZone } = useSession();
  if (m.event) {
    return (
      <Text size="xs" c="dimmed" ta="center">
        {m.event === 'closed' ? CHAT.conversationClosed : CHAT.conversationReopened} · {shortTime(m.created_time, timeZone)}
      </Text>
    );
  }
  const mine = m.author === 'staff';
  return (
    <div className={classes.bubble} data-side={mine ? 'staff' : 'guest'}>
      <Text size="xs" c="dimmed">
        {mine ? `${m.name || CHAT.you}` : m.name} · {shortTime(m.created_time, timeZone)}
      </Text>
      {m.photo && (
        <a href={callUrl(chat.picture, { id: m.photo })} target="_blank" rel="noreferrer">
          <img src={callUrl(chat.picture, { id: m.photo, width: 720 })} alt={CHAT.photo} className={classes.photo} />
        </a>
      )}
      {m.message && <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.message}</Text>}
    </div>
  );
}
