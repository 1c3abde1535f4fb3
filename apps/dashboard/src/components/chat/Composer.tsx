import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, FileButton, Group, SegmentedControl, Text, Textarea } from '@mantine/core';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { CHAT, CHAT_MESSAGE_MAX, CORE, LANGUAGE_NAMES, MAX_IMAGE_BYTES, isLang, type ConversationDoc } from '@campsite/shared';
import type { Flash } from '../flash';
import { useUnsavedGuard } from '../unsaved';
import { errorSentence } from '../../lib/errors';
import { ReplyPicker } from './ReplyPicker';
import { useAnswer, useNote, useStaffPhoto, useTeam } from './queries';
import classes from './thread.module.css';

/** The photos the server takes (sniffed again there): what a browser says of the file before it is sent. */
const PHOTO_TYPES = ['image/jpeg', 'image/png'];
const newKey = () => crypto.randomUUID();
const lower = (l: string) => (isLang(l) ? LANGUAGE_NAMES[l].toLowerCase() : l);

/**
 * The box under a conversation: 'Réponse au client' (text, a saved reply, a photo, sent translated into the
 * guest's language when translation is on) or 'Note interne' (the team only). A photo goes first, as a
 * message of its own, then the text: when the photo fails nothing is sent and both stay. The keys stay the
 * same until the server took each, so a retry is kept once. What is typed stays until it is sent.
 */
export function Composer({ conversation: c, flash }: { conversation: ConversationDoc; flash: Flash }) {
  const id = c._id;
  const answer = useAnswer();
  const note = useNote();
  const sendPhoto = useStaffPhoto();
  const team = useTeam();
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [translate, setTranslate] = useState(true);
  const keys = useRef({ text: newKey(), photo: newKey() });
  const attach = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const resetFile = useRef<() => void>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  useUnsavedGuard(text.trim() !== '' || photo !== null);
  const guestLang = c.guest?.lang && isLang(c.guest.lang) ? c.guest.lang : null;
  // an answer may go translated when the server has a provider and the guest reads another language than French
  const canTranslate = mode === 'reply' && !!team.data && team.data.translation !== 'off' && !!guestLang && guestLang !== 'fr';
  const busy = sendPhoto.isPending || answer.isPending || note.isPending;

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

  async function sendNote(message: string) {
    try {
      const done = await note.mutateAsync({ conversation: id, message, key: keys.current.text });
      if (!done) return flash.setError(errorSentence(CHAT.sendNote, null, 1));
      setText('');
      keys.current.text = newKey();
    } catch (err) {
      flash.setError(errorSentence(CHAT.sendNote, err, 2));
    }
  }

  async function send() {
    const message = text.trim();
    if (!message && (mode === 'note' || !photo)) return setError(CHAT.messageRequired);
    if (message.length > CHAT_MESSAGE_MAX) return setError(CHAT.messageTooLong(CHAT_MESSAGE_MAX));
    if (mode === 'note') return sendNote(message);
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
      const done = await answer.mutateAsync({ conversation: id, message, key: keys.current.text, ...(canTranslate && translate ? { translate: true } : {}) });
      if (!done) return flash.setError(errorSentence(CHAT.sendMessage, null, 1));
      setText('');
      setError(null);
      setHint(null);
      keys.current.text = newKey();
    } catch (err) {
      flash.setError(errorSentence(CHAT.sendMessage, err, 2));
    }
  }

  return (
    <form
      className={classes.reply}
      data-mode={mode}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <SegmentedControl
        size="xs"
        mb="xs"
        value={mode}
        onChange={(v) => (setMode(v as 'reply' | 'note'), setError(null))}
        data={[
          { value: 'reply', label: CHAT.replyTab },
          { value: 'note', label: CHAT.noteTab },
        ]}
        aria-label="Type de message"
      />
      <Textarea
        ref={box}
        label={mode === 'note' ? CHAT.noteLabel : CHAT.replyLabel}
        placeholder={mode === 'note' ? CHAT.notePlaceholder : CHAT.replyPlaceholder}
        autosize
        minRows={2}
        maxRows={8}
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
        description={
          mode === 'note' ? CHAT.noteHint : c.status === 'closed' ? `${CHAT.closedNote} ${text.length} / ${CHAT_MESSAGE_MAX}` : hint ? `${hint} ${text.length} / ${CHAT_MESSAGE_MAX}` : `${text.length} / ${CHAT_MESSAGE_MAX}`
        }
      />
      {canTranslate && (
        <Checkbox mt="xs" size="sm" checked={translate} onChange={(e) => setTranslate(e.currentTarget.checked)} label={CHAT.translationOn(lower(guestLang))} description={CHAT.translationHint} />
      )}
      {mode === 'reply' && photo && preview && (
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
        {mode === 'reply' && (
          <>
            <ReplyPicker
              conversation={id}
              disabled={busy}
              onPick={(r) => {
                setText((t) => (t.trim() ? `${t.trimEnd()}\n\n${r.text}` : r.text));
                setError(null);
                setHint(guestLang && r.lang !== guestLang ? CHAT.replyFallback(lower(r.lang), lower(guestLang)) : CHAT.replyInserted(lower(r.lang)));
                box.current?.focus();
              }}
            />
            <FileButton onChange={pick} accept={PHOTO_TYPES.join(',')} resetRef={resetFile}>
              {(props) => (
                <Button {...props} ref={attach} variant="default" leftSection={<IconPhoto size={16} aria-hidden />} disabled={busy}>
                  {photo ? CHAT.changePhoto : CHAT.attachPhoto}
                </Button>
              )}
            </FileButton>
          </>
        )}
        <Button type="submit" loading={busy} {...(mode === 'note' ? { color: 'yellow.4', autoContrast: true } : {})}>
          {mode === 'note' ? CHAT.noteSend : CHAT.send}
        </Button>
      </Group>
    </form>
  );
}
