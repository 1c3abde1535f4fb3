import { useCallback, useState } from 'react';
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

