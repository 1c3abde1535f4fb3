import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { INVENTORIES, inventories } from '@campsite/shared';
import { api } from '@campsite/shared/client';
import { errorSentence } from '../../lib/errors';

/**
 * The search modal 'Inventaire' (002 §2, §4): a stay number; code 1 is a stay not found, code 2 no setup
 * for its accommodation type; otherwise the stay's inventories open (saved ones, or a new one from the setup).
 */
export function StaySearchModal({ onClose, onFound }: { onClose(): void; onFound(stayNumber: string): void }) {
  const [value, setValue] = useState('');
  const [answer, setAnswer] = useState<{ title?: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function search(e: React.FormEvent) {
    e.preventDefault();
    const n = value.trim();
    if (!n) return; // 002 §5: no action when every field is empty
    setBusy(true);
    try {
      const found = await api(inventories.findByStayNumber, { stay_number: n });
      if (found === 1) setAnswer({ title: INVENTORIES.stayNotFound, text: INVENTORIES.stayNotFoundHint });
      else if (found === 2) setAnswer({ text: INVENTORIES.noSetup });
      else onFound(n);
    } catch (err) {
      setAnswer({ text: errorSentence(INVENTORIES.cannotReadAccommodation, err, 2) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal opened onClose={onClose} title="Inventaire" centered closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <form onSubmit={search} noValidate>
        <Stack>
          {answer && (
            <Alert color="yellow" role="alert" title={answer.title}>
              {answer.text}
            </Alert>
          )}
          <TextInput
            label="Numéro de séjour"
            placeholder={INVENTORIES.stayNumberPlaceholder}
            data-autofocus
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setAnswer(null);
            }}
          />
          <Text size="sm" c="dimmed">
            Le séjour s'ouvre avec ses inventaires, ou un nouvel inventaire d'entrée préparé d'après le type d'hébergement.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={busy}>
              {INVENTORIES.search}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
