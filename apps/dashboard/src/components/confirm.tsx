import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { CORE } from '@campsite/shared';

export interface Ask {
  title?: string;
  message: ReactNode;
  /** the answer buttons; the spec's Oui / Non unless a screen needs words of its own */
  yes?: string;
  no?: string;
  /**
   * 'danger' (the default) paints Oui red: it deletes or discards. 'save' paints it as the primary
   * action: Oui saves (the missing-translation warning).
   */
  tone?: 'danger' | 'save';
}
type Confirm = (ask?: Partial<Ask>) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * The one confirmation modal of 000 §2.9 ('Êtes-vous sûrs de vouloir continuer ?', Oui / Non), used
 * for destructive actions, the missing-translation warning and the unsaved-changes guard.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [ask, setAsk] = useState<Ask | null>(null);
  const resolver = useRef<(ok: boolean) => void>(undefined);
  const confirm = useCallback<Confirm>((a) => {
    // a question still open is answered 'no' before the next one replaces it
    resolver.current?.(false);
    setAsk({ ...a, message: a?.message ?? CORE.confirm });
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
      <Modal opened={!!ask} onClose={() => answer(false)} title={ask?.title ?? 'Confirmation'} centered zIndex={1000} closeButtonProps={{ 'aria-label': 'Fermer' }}>
        <Text mb="lg">{ask?.message}</Text>
        {ask?.message !== CORE.confirm && !ask?.yes && (
          <Text mb="lg" fw={500}>
            {CORE.confirm}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(false)} data-autofocus={ask?.tone === 'danger' && ask.yes ? true : undefined}>
            {ask?.no ?? 'Non'}
          </Button>
          <Button color={ask?.tone === 'save' ? undefined : 'red'} onClick={() => answer(true)} data-autofocus={ask?.tone === 'danger' && ask.yes ? undefined : true}>
            {ask?.yes ?? 'Oui'}
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
 * ask; Oui saves anyway (so it is not painted as a destructive action), Non cancels. Resolves true
 * when saving may go on.
 */
export function useTranslationWarning() {
  const confirm = useConfirm();
  return useCallback(
    (intro: string | ((missing: string[]) => string), missing: string[]) =>
      missing.length === 0
        ? Promise.resolve(true)
        : confirm({ title: 'Traductions manquantes', message: typeof intro === 'function' ? intro(missing) : `${intro} ${missing.map((l) => l.toUpperCase()).join(', ')}`, tone: 'save' }),
    [confirm],
  );
}

/** The question before leaving a form whose changes are not saved (sidebar, breadcrumb, back, closing a modal). */
export const LEAVE: Ask = {
  title: 'Modifications non enregistrées',
  message: 'Vos modifications ne sont pas enregistrées. Si vous quittez maintenant, elles seront perdues.',
  yes: 'Quitter sans enregistrer',
  no: 'Rester',
  tone: 'danger',
};
