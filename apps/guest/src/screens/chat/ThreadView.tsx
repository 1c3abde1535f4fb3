import { useEffect, useRef, useState } from 'react';
import type { ChatThread } from '@campsite/shared/contract/chat';
import { api } from '@campsite/shared/client/api';
import { useT } from '../../lib/context';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { Bubble } from './Bubble';
import { Compose } from './Compose';
import { cw, when } from '../../lib/chat-words';

/**
 * One conversation, read again on each stream event (`tick`); opening it marks it read. One that is not the
 * guest's (or no longer exists) is not found: the server answers false and shows nothing of it.
 */
export function ThreadView({ id, tick, back }: { id: string; tick: number; back: string }) {
  const { lang, tz, navigate } = useT();
  const [thread, setThread] = useState<ChatThread | false | null>(null);
  const [again, setAgain] = useState(0);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let gone = false;
    api(guestCalls.chat.thread, { conversation: id }).then(
      (t) => !gone && setThread(t),
      () => {},
    );
    return () => {
      gone = true;
    };
  }, [id, tick, again]);
  const count = thread ? thread.messages.length : 0;
  // in braces: scrollIntoView answers a Promise in recent browsers, which React would take for a cleanup
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);
  return (
    <section className="chat-thread" aria-label={thread ? cw(lang, thread.conversation.subject) : cw(lang, 'title')}>
      <p className="pad">
        <a className="button button-outline" href={back} onClick={(e) => (e.preventDefault(), navigate(back))}>
          ← {cw(lang, 'back')}
        </a>
      </p>
      {thread === false && <p className="pad">{cw(lang, 'gone')}</p>}
      {thread && (
        <>
          <h2 className="pad section-title">{cw(lang, thread.conversation.subject)}</h2>
          <ol className="chat-messages pad" aria-live="polite">
            {thread.messages.map((m) =>
              m.event === 'closed' || m.event === 'reopened' ? (
                <li key={m._id} className="chat-event muted">
                  {cw(lang, m.event)} · {when(m.created_time, lang, tz)}
                </li>
              ) : (
                <Bubble key={m._id} m={m} />
              ),
            )}
          </ol>
          <div ref={end} />
          {thread.conversation.status === 'closed' && <p className="pad muted">{cw(lang, 'closedNote')}</p>}
          <Compose conversation={id} onSent={() => setAgain((n) => n + 1)} />
        </>
      )}
    </section>
  );
}
