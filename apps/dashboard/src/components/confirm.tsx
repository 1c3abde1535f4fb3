import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { M } from '@campsite/shared';

interface Ask {
  title?: string;
  message: ReactNode;
}
type Confirm = (ask?: Partial<Ask>) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * The one confirmation modal of 000 §2.9 ('Êtes-vous sûrs de vouloir continuer ?', Oui / Non), used
 * for destructive actions and for the missing-translation warning.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [ask, setAsk] = useState<Ask | null>(null);
  const resolver = useRef<(ok: boolean) => void>(undefined);
  const confirm = useCallback<Confirm>((a) => {
    setAsk({ message: a?.message ?? M.confirm, title: a?.title });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = undefined;
    setAsk(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {/* above any form modal it is opened from */}
      <Modal opened={!!ask} onClose={() => answer(false)} title={ask?.title ?? 'Confirmation'} centered zIndex={1000}>
        <Text mb="lg">{ask?.message}</Text>
        {ask?.message !== M.confirm && (
          <Text mb="lg" fw={500}>
            {M.confirm}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(false)}>
            Non
          </Button>
          <Button color="red" onClick={() => answer(true)} data-autofocus>
            Oui
          </Button>
        </Group>
      </Modal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const c = useContext(ConfirmContext);
  if (!c) throw new Error('useConfirm outside ConfirmProvider');
  return c;
}

/**
 * Before saving multilingual content: when languages are missing, list them (upper-case codes) and
 * ask; Oui saves anyway, Non cancels. Resolves true when saving may go on.
 */
export function useTranslationWarning() {
  const confirm = useConfirm();
  return useCallback(
    (intro: string, missing: string[]) =>
      missing.length === 0
        ? Promise.resolve(true)
        : confirm({ title: 'Traductions manquantes', message: `${intro} ${missing.map((l) => l.toUpperCase()).join(', ')}` }),
    [confirm],
  );
}
