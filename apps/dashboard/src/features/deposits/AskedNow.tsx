import { useCallback, useRef, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DEPOSITS, type DepositPreview } from '@campsite/shared';
import { day } from '../../lib/format';
import { useSession } from '../../shell/session';

/** What staff chose for the guests a save would ask at once: all of them now, only later bookings, or nothing (cancelled). */
export type AskedNowChoice = 'now' | 'from_now' | null;

/**
 * The question before switching deposits on or raising the lead time (issue 32): how many guests the save
 * asks at once, and whether to ask them or to start from now on. Closing it cancels the save (the form
 * keeps what was typed).
 */
export function useAskedNow() {
  const { timeZone } = useSession();
  const [open, setOpen] = useState<DepositPreview | null>(null);
  const resolver = useRef<(c: AskedNowChoice) => void>(undefined);
  const ask = useCallback((preview: DepositPreview) => {
    resolver.current?.(null);
    setOpen(preview);
    return new Promise<AskedNowChoice>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const answer = (c: AskedNowChoice) => {
    resolver.current?.(c);
    resolver.current = undefined;
    setOpen(null);
  };
  const dialog = (
    <Modal opened={!!open} onClose={() => answer(null)} title={DEPOSITS.askedNowTitle} centered size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }}>
      {open && (
        <Stack>
          <Text>{DEPOSITS.askedNow(open.count, day(open.until, timeZone))}</Text>
          <Text size="sm" c="dimmed">
            {DEPOSITS.askedNowNote}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => answer(null)}>
              Annuler
            </Button>
            <Button variant="default" onClick={() => answer('now')}>
              {DEPOSITS.askAllNow}
            </Button>
            {/* the careful answer has the focus: Entrée asks nobody by surprise */}
            <Button onClick={() => answer('from_now')} data-autofocus>
              {DEPOSITS.fromNowOnly}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
  return { ask, dialog };
}
