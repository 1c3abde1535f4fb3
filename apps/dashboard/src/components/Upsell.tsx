import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { CORE, upsell } from '@campsite/shared';
import { api } from '@campsite/shared/client';
import { PageHeader, type Crumb } from './PageHeader';

/** A screen whose route needs a plan the establishment does not have (shell/screen.ts): its header and the upsell. */
export function UpsellScreen({ title, crumbs, message }: { title: string; crumbs: Crumb[]; message: string }) {
  return (
    <>
      <PageHeader title={title} crumbs={crumbs} />
      <UpsellBlock message={message} what={title} />
    </>
  );
}

/**
 * The premium upsell block of 000 §2.9: a message and a button opening 'Formule Premium'. Confirming
 * closes the modal and shows 'Un message nous a été envoyé !'. The server is told which screen (`what`,
 * else the message): in multi-site mode it reaches the operator's console; one site alone records nothing
 * (the spec's upsell sends nothing to anyone). The sentence shows whatever the answer: it is a courtesy.
 */
export function UpsellBlock({ message, what }: { message: string; what?: string }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <Paper withBorder p="xl" radius="md" maw={640}>
      <Stack>
        {sent && (
          <Alert color="green" withCloseButton closeButtonLabel="Fermer" onClose={() => setSent(false)}>
            {CORE.premiumSent}
          </Alert>
        )}
        <Text fw={500}>{message}</Text>
        <Group>
          <Button onClick={() => setOpen(true)}>En savoir plus !</Button>
        </Group>
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title={CORE.premiumTitle} centered>
        <Text mb="lg">
          La formule Premium ouvre les services réservables, les inventaires d'arrivée et de départ et les cautions. Souhaitez-vous être recontacté ?
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpen(false)}>
            {CORE.premiumLater}
          </Button>
          <Button
            onClick={() => {
              setOpen(false);
              setSent(true);
              void api(upsell.request, { what: (what ?? message).slice(0, 200) }).catch(() => {});
            }}
          >
            {CORE.premiumYes}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
