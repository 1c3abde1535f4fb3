import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '@mantine/core';

export interface Flash {
  success: string | null;
  error: string | null;
  setSuccess(message: string): void;
  setError(message: string): void;
  clear(): void;
}

/** Success and error of a screen: setting one clears the other (000 §2.9). */
export function useFlash(): Flash {
  const [state, setState] = useState<{ success: string | null; error: string | null }>({ success: null, error: null });
  return {
    ...state,
    setSuccess: useCallback((success: string) => setState({ success, error: null }), []),
    setError: useCallback((error: string) => setState({ success: null, error }), []),
    clear: useCallback(() => setState({ success: null, error: null }), []),
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

/** The dismissible banner showing a screen's flash. */
export function FlashBanner({ flash }: { flash: Flash }) {
  if (!flash.success && !flash.error) return null;
  return (
    <Alert
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

