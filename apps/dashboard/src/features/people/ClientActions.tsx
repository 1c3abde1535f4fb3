import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group } from '@mantine/core';
import { IconEdit, IconMailForward, IconPrinter, IconTrash } from '@tabler/icons-react';
import type { ClientCard } from '@campsite/shared';
import { PEOPLE } from '@campsite/shared';
import { useConfirm } from '../../components/confirm';
import { withFlash, type Flash } from '../../components/flash';
import { errorSentence } from '../../lib/errors';
import { useEraseClient, useSendCode } from './api/people-queries';
import { ContactForm } from './ContactForm';
import { fullName } from './labels';
import { PrintCard } from './PrintCard';

/**
 * What the reception does from a client's card (issue 20): mail the code and the app's link, correct the
 * contact details, print the welcome card, erase the client (asked first, in the spec's words for a
 * deletion). Each answer goes to the screen's banner.
 */
export function ClientActions({ card, flash }: { card: ClientCard; flash: Flash }) {
  const [open, setOpen] = useState<'contact' | 'print' | null>(null);
  const send = useSendCode();
  const erase = useEraseClient();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const name = fullName(card);
  const email = card.email1 || card.email2;

  async function sendCode() {
    try {
      const answer = await send.mutateAsync({ client_number: card.client_number });
      if (answer) flash.setSuccess(PEOPLE.codeSent(answer.email));
      else flash.setError(errorSentence(PEOPLE.codeSendFailed, null, 1));
    } catch (err) {
      flash.setError(errorSentence(PEOPLE.codeSendFailed, err, 2));
    }
  }

  async function eraseClient() {
    if (!(await confirm({ title: PEOPLE.eraseClient, message: PEOPLE.eraseConfirm(name) }))) return;
    try {
      const answer = await erase.mutateAsync({ client_number: card.client_number });
      if (!answer) return flash.setError(errorSentence(PEOPLE.eraseFailed, null, 1));
      navigate('/users/clients', withFlash(PEOPLE.clientErased(name)));
    } catch (err) {
      flash.setError(errorSentence(PEOPLE.eraseFailed, err, 2));
    }
  }

  return (
    <>
      <Group gap="sm" mb="md" aria-label="Actions sur la fiche" role="group">
        <Button leftSection={<IconMailForward size={16} />} onClick={() => void sendCode()} loading={send.isPending} disabled={!email} title={email ? undefined : PEOPLE.noClientEmail}>
          {PEOPLE.sendCode}
        </Button>
        <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setOpen('contact')}>
          {PEOPLE.editContact}
        </Button>
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => setOpen('print')}>
          {PEOPLE.printCard}
        </Button>
        <Button variant="default" c="red.9" leftSection={<IconTrash size={16} />} onClick={() => void eraseClient()} loading={erase.isPending}>
          {PEOPLE.eraseClient}
        </Button>
      </Group>
      {open === 'contact' && <ContactForm card={card} flash={flash} onClose={() => setOpen(null)} />}
      {open === 'print' && <PrintCard clientNumber={card.client_number} onClose={() => setOpen(null)} />}
    </>
  );
}
