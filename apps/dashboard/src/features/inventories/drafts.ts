import { useCallback, useEffect, useRef, useState } from 'react';
import { NetworkError } from '@campsite/shared/client';

/**
 * What staff typed in an inventory, kept on the device until the server has it: staff fill inventories
 * on a tablet inside the accommodation, on weak Wi-Fi, and a reload or a lost connection must not lose a
 * count. `queued` means Enregistrer was pressed: the draft is sent as soon as the network is back.
 */
export interface Draft<T> {
  body: T;
  queued: boolean;
  at: number;
}

const PREFIX = 'inventory-draft:';

export function readDraft<T>(key: string, storage: Storage = localStorage): Draft<T> | null {
  try {
    const raw = storage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as Draft<T>) : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(key: string, draft: Draft<T>, storage: Storage = localStorage) {
  try {
    storage.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // a full or refused storage: the form still holds what was typed while the page stays open
  }
}

export function dropDraft(key: string, storage: Storage = localStorage) {
  storage.removeItem(PREFIX + key);
}

/**
 * 'local': typed, kept on the device, not sent; 'waiting': to be sent when the network is back;
 * 'sending'; 'saved': the server has it; 'refused': the server said no (its error is kept in `error`).
 */
export type SyncState = 'local' | 'waiting' | 'sending' | 'saved' | 'refused';

export const SYNC_WORDS: Record<SyncState, string> = {
  local: 'Modifications gardées sur cet appareil',
  waiting: 'En attente de réseau',
  sending: 'Envoi…',
  saved: 'Enregistré',
  refused: 'Non enregistré',
};

/** How often a queued draft is tried again while the network seems away (navigator.onLine can lie). */
export const RETRY_MS = 10_000;

/**
 * Keeps a draft under `key` and sends it with `send` when asked, now or once the network is back
 * (the browser's 'online' event, and a retry every few seconds). A draft queued before a reload is sent
 * when the screen opens again. `send` answers truthy when the server took it.
 */
export function useDraftSync<T>(key: string, send: (body: T) => Promise<unknown>, onSaved?: (answer: unknown) => void) {
  const [state, setState] = useState<SyncState>(() => (readDraft<T>(key)?.queued ? 'waiting' : 'local'));
  const [error, setError] = useState<unknown>(null);
  const sendRef = useRef(send);
  const savedRef = useRef(onSaved);
  sendRef.current = send;
  savedRef.current = onSaved;
  const running = useRef(false);

  const attempt = useCallback(async () => {
    const draft = readDraft<T>(key);
    if (!draft?.queued || running.current) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return setState('waiting');
    running.current = true;
    setState('sending');
    try {
      const answer = await sendRef.current(draft.body);
      // something typed while it travelled stays as the next draft
      if (readDraft<T>(key)?.at === draft.at) dropDraft(key);
      if (answer) {
        setState('saved');
        setError(null);
        savedRef.current?.(answer);
      } else {
        writeDraft(key, { ...draft, queued: false });
        setState('refused');
        setError(null);
      }
    } catch (err) {
      if (err instanceof NetworkError) setState('waiting');
      else {
        writeDraft(key, { ...draft, queued: false });
        setState('refused');
        setError(err);
      }
    } finally {
      running.current = false;
    }
  }, [key]);

  useEffect(() => {
    void attempt();
    const online = () => void attempt();
    window.addEventListener('online', online);
    const timer = setInterval(online, RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      clearInterval(timer);
    };
  }, [attempt]);

  /** Keeps what was typed (every change). */
  const keep = useCallback(
    (body: T) => {
      writeDraft(key, { body, queued: readDraft<T>(key)?.queued ?? false, at: Date.now() });
      setState((s) => (s === 'waiting' || s === 'sending' ? s : 'local'));
    },
    [key],
  );

  /** Enregistrer: queued, and sent now if the network allows. */
  const submit = useCallback(
    (body: T) => {
      writeDraft(key, { body, queued: true, at: Date.now() });
      setState('waiting');
      return attempt();
    },
    [key, attempt],
  );

  const discard = useCallback(() => {
    dropDraft(key);
    setState('local');
  }, [key]);

  return { state, error, keep, submit, discard, draft: () => readDraft<T>(key)?.body ?? null };
}
