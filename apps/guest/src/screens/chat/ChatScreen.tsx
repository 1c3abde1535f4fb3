import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import type { ChatMessageDoc, ChatThread, ConversationDoc } from '@campsite/shared/contract/chat';
import { api, ApiError } from '@campsite/shared/client/api';
import { useT } from '../../lib/context';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { Compose } from './Compose';
import { ThreadView } from './ThreadView';
import { useChatStream } from './live';
import { cw, when } from '../../lib/chat-words';
import './chat.css';

/** The conversation a new message went to: the thread answered, or the photo sent after it (a message). */
const conversationOf = (sent: ChatThread | ChatMessageDoc) => (typeof sent.conversation === 'string' ? sent.conversation : sent.conversation._id);

/**
 * The guest's messages to the campsite (issue 25): their conversations, a new one, one conversation, live.
 * A conversation has its own address (`/membres/messages/<id>`, what a staff answer's push opens); a guest
 * who is not signed in is taken to the sign-in, which brings them back here (`?next=`).
 */
export default function ChatScreen({ conversation }: { conversation?: string }) {
  const { lang, to, navigate, tz, path } = useT();
  const [writing, setWriting] = useState(false);
  const [mine, setMine] = useState<ConversationDoc[] | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [tick, setTick] = useState(0);
  const bump = useCallback(() => setTick((n) => n + 1), []);
  const live = useChatStream(bump, !signedOut);
  useEffect(() => {
    let gone = false;
    api(guestCalls.chat.mine).then(
      (list) => !gone && setMine(list),
      (err) => !gone && err instanceof ApiError && err.status === 401 && setSignedOut(true),
    );
    return () => {
      gone = true;
    };
  }, [tick]);
  const signIn = `${to({ screen: 'account' })}?next=${encodeURIComponent(path)}`;
  useEffect(() => {
    if (signedOut) navigate(signIn, { replace: true });
  }, [signedOut, signIn, navigate]);
  const go = (href: string) => (e: MouseEvent) => {
    e.preventDefault();
    navigate(href);
  };

  if (signedOut) {
    return (
      <div className="screen chat">
        <h1 className="screen-title pad">{cw(lang, 'title')}</h1>
        <p className="pad">{cw(lang, 'signIn')}</p>
        <p className="pad">
          <a className="button button-wide" href={signIn} onClick={go(signIn)}>
            {cw(lang, 'account')}
          </a>
        </p>
      </div>
    );
  }
  const list = to({ screen: 'messages' });
  return (
    <div className="screen chat">
      <h1 className="screen-title pad">{cw(lang, 'title')}</h1>
      {!live && (
        <p className="pad muted" role="status">
          {cw(lang, 'reconnecting')}
        </p>
      )}
      {conversation ? (
        <ThreadView key={conversation} id={conversation} tick={tick} back={list} />
      ) : writing ? (
        <Compose
          onCancel={() => setWriting(false)}
          onSent={(sent) => {
            setWriting(false);
            navigate(to({ screen: 'messages', conversation: conversationOf(sent) }));
            bump();
          }}
        />
      ) : (
        <>
          <p className="pad muted">{cw(lang, 'intro')}</p>
          <p className="pad">
            <button type="button" className="button button-wide" onClick={() => setWriting(true)}>
              {cw(lang, 'newMessage')}
            </button>
          </p>
          {mine && mine.length === 0 && <p className="pad muted">{cw(lang, 'none')}</p>}
          {mine && mine.length > 0 && (
            <ul className="chat-list" aria-label={cw(lang, 'back')}>
              {mine.map((c) => {
                const href = to({ screen: 'messages', conversation: c._id });
                return (
                  <li key={c._id}>
                    <a className="chat-row" href={href} onClick={go(href)}>
                      <span className="chat-row-top">
                        <strong>{cw(lang, c.subject)}</strong>
                        <span className="muted chat-time">{when(c.last_time, lang, tz)}</span>
                      </span>
                      <span className="chat-row-bottom">
                        <span className="chat-excerpt">{c.last_message || cw(lang, 'photoChosen')}</span>
                        {c.unread && <span className="chat-new">{cw(lang, 'unread')}</span>}
                      </span>
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
