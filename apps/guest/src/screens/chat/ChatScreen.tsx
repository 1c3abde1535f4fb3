import { useCallback, useEffect, useState } from 'react';
import type { ChatThread, ConversationDoc } from '@campsite/shared/contract/chat';
import { api, ApiError } from '@campsite/shared/client/api';
import { useT } from '../../lib/context';
import { chatCalls as calls } from './calls';
import { Compose } from './Compose';
import { ThreadView } from './ThreadView';
import { useChatStream } from './live';
import { cw, when } from '../../lib/chat-words';
import './chat.css';

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'thread'; id: string };

/** The guest's messages to the campsite (issue 25): their conversations, a new one, one conversation, live. */
export default function ChatScreen() {
  const { lang, to, navigate, tz } = useT();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [mine, setMine] = useState<ConversationDoc[] | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [tick, setTick] = useState(0);
  const bump = useCallback(() => setTick((n) => n + 1), []);
  const live = useChatStream(bump, !signedOut);
  useEffect(() => {
    let gone = false;
    api(calls.mine).then(
      (list) => !gone && setMine(list),
      (err) => !gone && err instanceof ApiError && err.status === 401 && setSignedOut(true),
    );
    return () => {
      gone = true;
    };
  }, [tick]);

  if (signedOut) {
    return (
      <div className="screen chat">
        <h1 className="screen-title pad">{cw(lang, 'title')}</h1>
        <p className="pad">{cw(lang, 'signIn')}</p>
        <p className="pad">
          <a className="button button-wide" href={to({ screen: 'account' })} onClick={(e) => (e.preventDefault(), navigate(to({ screen: 'account' })))}>
            {cw(lang, 'account')}
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="screen chat">
      <h1 className="screen-title pad">{cw(lang, 'title')}</h1>
      {!live && (
        <p className="pad muted" role="status">
          {cw(lang, 'reconnecting')}
        </p>
      )}
      {view.kind === 'list' && (
        <>
          <p className="pad muted">{cw(lang, 'intro')}</p>
          <p className="pad">
            <button type="button" className="button button-wide" onClick={() => setView({ kind: 'new' })}>
              {cw(lang, 'newMessage')}
            </button>
          </p>
          {mine && mine.length === 0 && <p className="pad muted">{cw(lang, 'none')}</p>}
          {mine && mine.length > 0 && (
            <ul className="chat-list" aria-label={cw(lang, 'back')}>
              {mine.map((c) => (
                <li key={c._id}>
                  <button type="button" className="chat-row" onClick={() => setView({ kind: 'thread', id: c._id })}>
                    <span className="chat-row-top">
                      <strong>{cw(lang, c.subject)}</strong>
                      <span className="muted chat-time">{when(c.last_time, lang, tz)}</span>
                    </span>
                    <span className="chat-row-bottom">
                      <span className="chat-excerpt">{c.last_message || cw(lang, 'photoChosen')}</span>
                      {c.unread && <span className="chat-new">{cw(lang, 'unread')}</span>}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {view.kind === 'new' && (
        <Compose
          onCancel={() => setView({ kind: 'list' })}
          onSent={(thread: ChatThread) => {
            setView({ kind: 'thread', id: thread.conversation._id });
            bump();
          }}
        />
      )}
      {view.kind === 'thread' && <ThreadView id={view.id} tick={tick} onBack={() => setView({ kind: 'list' })} />}
    </div>
  );
}
