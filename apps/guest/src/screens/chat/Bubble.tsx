import { useState } from 'react';
import type { ChatMessageDoc } from '@campsite/shared/contract/chat';
import { callUrl } from '@campsite/shared/client/api';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { useT } from '../../lib/context';
import { cw, when } from '../../lib/chat-words';

/**
 * One message of the guest's conversation. A staff answer sent machine-translated (issue 33) shows the
 * translation in the guest's language, marked 'Traduction automatique' (in their language), with the
 * staff's original one tap away.
 */
export function Bubble({ m }: { m: ChatMessageDoc }) {
  const { lang, tz } = useT();
  const [original, setOriginal] = useState(false);
  const mine = m.author === 'guest';
  const translated = !mine && m.translation ? m.translation : null;
  return (
    <li className={mine ? 'chat-bubble mine' : 'chat-bubble'}>
      <span className="chat-meta">
        {mine ? cw(lang, 'you') : cw(lang, 'staff')} · {when(m.created_time, lang, tz)}
      </span>
      {m.photo && (
        <a href={callUrl(guestCalls.chat.guestPicture, { id: m.photo })} target="_blank" rel="noreferrer">
          <img src={callUrl(guestCalls.chat.guestPicture, { id: m.photo, width: 720 })} alt={cw(lang, 'photoChosen')} className="chat-photo" />
        </a>
      )}
      {translated ? (
        <>
          <span className="chat-text" lang={original ? (translated.from ?? undefined) : translated.lang}>
            {original ? m.message : translated.text}
          </span>
          <span className="chat-machine">
            {cw(lang, 'machine')} ·{' '}
            <button type="button" className="link-button" aria-pressed={original} onClick={() => setOriginal((o) => !o)}>
              {original ? cw(lang, 'showTranslation') : cw(lang, 'showOriginal')}
            </button>
          </span>
        </>
      ) : (
        m.message && <span className="chat-text">{m.message}</span>
      )}
    </li>
  );
}
