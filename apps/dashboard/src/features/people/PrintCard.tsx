import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { PEOPLE } from '@campsite/shared';
import { ReadView } from '../../components/list';
import { usePrintCard } from './api/people-queries';
import { fullName } from './labels';
import { QrCode } from './QrCode';

/**
 * The card the reception desk prints for a client (issue 20): the app's sign-up page as a QR code (the
 * code already filled in), the activation code in large print, the establishment's name. Printing shows
 * this card alone (PRINT_ONLY_CARD hides the rest of the page while the card is open).
 */
const PRINT_ONLY_CARD = `@media print {
  body * { visibility: hidden; }
  .print-card, .print-card * { visibility: visible; }
  .print-card { position: fixed; inset: 0 auto auto 0; width: 100%; border: none !important; }
}`;

export function PrintCard({ clientNumber, onClose }: { clientNumber: string; onClose(): void }) {
  const card = usePrintCard(clientNumber, true);
  return (
    <Modal opened onClose={onClose} title={PEOPLE.printCard} size="md" centered closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <style>{PRINT_ONLY_CARD}</style>
      <ReadView read={card} failed="Impossible de préparer la carte d’accueil" empty={`Aucune fiche client ne porte le numéro ${clientNumber}.`} isEmpty={(d) => d === false}>
        {(c) =>
          c && (
            <Stack gap="md">
              <Stack gap="xs" align="center" className="print-card" p="md" style={{ border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 8 }}>
                <Title order={2} size="h3" ta="center">
                  {c.establishment}
                </Title>
                <Text fw={600}>{fullName(c)}</Text>
                <QrCode value={c.link} label={`${PEOPLE.cardScan} : ${c.link}`} />
                <Text size="sm">{PEOPLE.cardScan}</Text>
                <Text size="sm" c="dimmed">
                  {PEOPLE.cardCode}
                </Text>
                <Text ff="monospace" fw={700} fz={32} style={{ letterSpacing: '0.2em' }} data-testid="print-code">
                  {c.activation_code}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} ta="center">
                  {c.link}
                </Text>
              </Stack>
              <Group justify="flex-end" className="no-print">
                <Button variant="default" onClick={onClose}>
                  Fermer
                </Button>
                <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                  Imprimer
                </Button>
              </Group>
            </Stack>
          )
        }
      </ReadView>
    </Modal>
  );
}
