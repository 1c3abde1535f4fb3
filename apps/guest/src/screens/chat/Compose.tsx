import { useRef, useState } from 'react';
import type { ChatMessageDoc, ChatSubject, ChatThread } from '@campsite/shared/contract/chat';
import { api, upload } from '@campsite/shared/client/api';
import { CHAT, CHAT_MESSAGE_MAX } from '@campsite/shared/messages/chat';
import { useSend } from '../../components/Form';
import { useT } from '../../lib/context';
import { toJpeg } from '../../lib/jpeg';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { cw } from '../../lib/chat-words';

const SUBJECTS: ChatSubject[] = ['intervention', 'gas', 'other'];
const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * A message with an optional photo: a new conversation (with its subject) when `conversation` is not
 * given. The keys stay the same until the server took the message, so that a retry on weak Wi-Fi is
 * kept once; the photo is a message of its own after the text (the server stores it as one).
 */
export function Compose({ conversation, onSent, onCancel }: { conversation?: string; onSent(thread: ChatThread | ChatMessageDoc): void; onCancel?: () => void }) {
  const { lang } = useT();
  const [subject, setSubject] = useState<ChatSubject | null>(null);
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  // the server's refusals in the guest's language (its own sentences are French)
  const { pending: busy, message: error, setMessage: setError, send: sendWith } = useSend(lang, (code) => cw(lang, code === CHAT.photoFormat ? 'photoFormat' : 'failed'));
  const keys = useRef({ text: newKey(), photo: newKey() });
  const file = useRef<HTMLInputElement>(null);
  const id = conversation ?? 'new';

  function send() {
    if (!conversation && !subject) return setError(cw(lang, 'pickSubject'));
    if (!text.trim() && (!conversation || !photo)) return setError(cw(lang, 'required'));
    void sendWith(async () => {
      let sent: ChatThread | ChatMessageDoc | false = false;
      let target = conversation;
      if (!conversation) {
        const thread = await api(guestCalls.chat.start, { subject: subject!, message: text.trim(), key: keys.current.text });
        target = thread.conversation._id;
        sent = thread;
      } else if (text.trim()) {
        sent = await api(guestCalls.chat.send, { conversation, message: text.trim(), key: keys.current.text });
      }
      setText('');
      keys.current.text = newKey();
      if (photo && target) {
        sent = await upload(guestCalls.chat.photo, await toJpeg(photo), 'photo.jpg', { conversation: target, key: keys.current.photo });
        setPhoto(null);
        keys.current.photo = newKey();
        if (file.current) file.current.value = '';
      }
      return sent;
    }, (sent) => sent && onSent(sent));
  }

  return (
    <form
      className="pad chat-compose"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {!conversation && (
        <fieldset className="chat-subjects">
          <legend>{cw(lang, 'subject')}</legend>
          {SUBJECTS.map((s) => (
            <label key={s} className="chat-subject">
              <input type="radio" name="subject" value={s} checked={subject === s} onChange={() => (setSubject(s), setError(null))} />
              <span>{cw(lang, s)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="field">
        <label htmlFor={`chat-text-${id}`}>{cw(lang, 'message')}</label>
        <textarea id={`chat-text-${id}`} rows={conversation ? 2 : 4} maxLength={CHAT_MESSAGE_MAX} value={text} onChange={(e) => (setText(e.currentTarget.value), setError(null))} />
      </div>
      <div className="chat-actions">
        {photo ? (
          <button type="button" className="button button-outline" onClick={() => (setPhoto(null), file.current && (file.current.value = ''))}>
            {cw(lang, 'removePhoto')} ({cw(lang, 'photoChosen')})
          </button>
        ) : (
          <label className="button button-outline chat-file">
            {cw(lang, 'photo')}
            <input ref={file} type="file" accept="image/*" capture="environment" className="sr-only" disabled={busy} onChange={(e) => setPhoto(e.currentTarget.files?.[0] ?? null)} />
          </label>
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy ? cw(lang, 'sending') : cw(lang, 'send')}
        </button>
      </div>
      {onCancel && (
        <button type="button" className="button button-outline button-wide chat-cancel" onClick={onCancel} disabled={busy}>
          {cw(lang, 'cancel')}
        </button>
      )}
      <p role="alert" className="chat-error">
        {error}
      </p>
    </form>
  );
}
