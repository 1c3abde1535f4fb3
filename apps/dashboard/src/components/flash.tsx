import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '@mantine/core';

export interface Flash {
  success: string | null;
  error: string | null;
  /** counts the sentences set: the same sentence said again is a new one to bring into view */
  said: number;
  setSuccess(message: string): void;
  setError(message: string): void;
  clear(): void;
}

/** Success and error of a screen: setting one clears the other (000 §2.9). */
export function useFlash(): Flash {
  const [state, setState] = useState<{ success: string | null; error: string | null; said: number }>({ success: null, error: null, said: 0 });
  return {
    ...state,
    setSuccess: useCallback((success: string) => setState((s) => ({ success, error: null, said: s.said + 1 })), []),
    setError: useCallback((error: string) => setState((s) => ({ success: null, error, said: s.said + 1 })), []),
    clear: useCallback(() => setState((s) => ({ success: null, error: null, said: s.said })), []),
  };
}

/** The navigation that brings a sentence to the screen it leads to: `navigate(path, withFlash(sentence))`. */
export const withFlash = (sentence: string) => ({ state: { flash: sentence } });

/**
 * Shows in the screen's banner the sentence its arrival brought (`withFlash`: a client erased on its
 * detail, a campaign planned), once: the address then forgets it, so that a reload does not say it again.
 */
export function useArrivalFlash({ setSuccess }: Flash) {
  const location = useLocation();
  const navigate = useNavigate();
  const sentence = (location.state as { flash?: string } | null)?.flash;
  useEffect(() => {
    if (!sentence) return;
    setSuccess(sentence);
    navigate({ search: location.search, hash: location.hash }, { replace: true, state: null });
    // the sentence is the input; the address around it is kept as it is
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sentence, setSuccess]);
}

/**
 * The dismissible banner showing a screen's flash. Each new sentence is brought into view (issue 32: a
 * success said at the top of the screen while the user was scrolled down to the form they saved went
 * unseen): scrolled the least needed, below the shell's header, at once for those who ask for less motion.
 */
export function FlashBanner({ flash }: { flash: Flash }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = !!(flash.success || flash.error);
  useEffect(() => {
    if (!shown || !flash.said) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }, [flash.said, shown]);
  if (!shown) return null;
  return (
    <Alert
      ref={ref}
      // the shell's header (60 px) stays over the page: the banner stops below it
      style={{ scrollMarginTop: 76 }}
      mb="md"
      color={flash.error ? 'red' : 'green'}
      role={flash.error ? 'alert' : 'status'}
      withCloseButton
      closeButtonLabel="Fermer"
      onClose={flash.clear}
    >
      {flash.error ?? flash.success}
    </Alert>
  );
}

