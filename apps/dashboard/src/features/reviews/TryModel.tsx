import { useState } from 'react';
import { Anchor, Button, Divider, Group, Modal, Select, Stack, Text, Title, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { LANGUAGE_NAMES, REVIEWS, type Lang, type ReviewModel } from '@campsite/shared';
import { FlashBanner, useFlash, type Flash } from '../../components/flash';
import { guestLabel } from '../../components/notifications/TargetPicker';
import { errorSentence } from '../../lib/errors';
import { useSession } from '../../shell/session';
import { useReviewGuests, useSendModel, useTestLink } from './api/reviews-queries';

/**
 * 'Essayer / envoyer' (issue 32): a test link opening the guest app's questionnaire in the language chosen
 * (answers checked, never recorded), and 'Envoyer à un client': the invitation to one guest account now,
 * as the end-of-stay one goes (a push when they have a device, else the e-mail).
 */
export function TryModel({ model, onClose, screenFlash }: { model: ReviewModel; onClose(): void; screenFlash: Flash }) {
  const flash = useFlash();
  return (
    <Modal opened onClose={onClose} title={REVIEWS.previewTitle(model.name)} size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <Stack gap="lg">
        <FlashBanner flash={flash} />
        <TestLink model={model} flash={flash} />
        <Divider />
        <SendToGuest
          model={model}
          flash={flash}
          onSent={(email) => {
            screenFlash.setSuccess(REVIEWS.sentToGuest(email));
            onClose();
          }}
        />
      </Stack>
    </Modal>
  );
}

function TestLink({ model, flash }: { model: ReviewModel; flash: Flash }) {
  const { langs, defaultLang } = useSession();
  const [lang, setLang] = useState<Lang>(defaultLang as Lang);
  const [link, setLink] = useState<{ url: string; lang: Lang } | null>(null);
  const make = useTestLink();
  const create = async () => {
    flash.clear();
    try {
      const answer = await make.mutateAsync({ id: model._id, lang });
      if (answer) setLink({ url: answer.url, lang });
      else flash.setError(errorSentence(REVIEWS.testLinkFailed, null, 1));
    } catch (err) {
      flash.setError(errorSentence(REVIEWS.testLinkFailed, err, 2));
    }
  };
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Aperçu
      </Title>
      <Text size="sm" c="dimmed">
        {REVIEWS.testLinkHint}
      </Text>
      <Group align="flex-end" gap="sm">
        <Select
          label="Langue"
          data={langs.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          value={lang}
          onChange={(v) => v && (setLang(v as Lang), setLink(null))}
          allowDeselect={false}
          w={200}
        />
        <Button variant="default" onClick={() => void create()} loading={make.isPending}>
          Créer le lien de test
        </Button>
      </Group>
      {link && (
        <Anchor href={link.url} target="_blank" rel="noopener" fw={600}>
          {REVIEWS.testLinkButton} ({LANGUAGE_NAMES[link.lang]})
        </Anchor>
      )}
    </Stack>
  );
}

function SendToGuest({ model, flash, onSent }: { model: ReviewModel; flash: Flash; onSent(email: string): void }) {
  const [search, setSearch] = useState('');
  const [guest, setGuest] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [label, setLabel] = useState<string | null>(null);
  const [typed] = useDebouncedValue(search.trim() === label ? '' : search.trim(), 250);
  const found = useReviewGuests(typed);
  const rows = found.data ?? [];
  const data = rows.map((g) => ({ value: g._id, label: guestLabel(g) }));
  if (guest && label && !data.some((d) => d.value === guest)) data.unshift({ value: guest, label });
  const send = useSendModel();
  const submit = async () => {
    flash.clear();
    if (!guest) return setError(REVIEWS.guestRequired);
    try {
      const answer = await send.mutateAsync({ id: model._id, guest });
      if (answer) onSent(answer.email);
      else flash.setError(errorSentence(REVIEWS.sendFailed, null, 1));
    } catch (err) {
      flash.setError(errorSentence(REVIEWS.sendFailed, err, 2));
    }
  };
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {REVIEWS.sendToGuest}
      </Title>
      <Text size="sm" c="dimmed">
        Le client reçoit l'invitation maintenant : une notification s'il a l'application sur un appareil, sinon un e-mail avec le lien, valable 30 jours.
      </Text>
      <Select
        label="Client"
        description="Nom, adresse e-mail ou n° client"
        placeholder="Weber, anna@…, 5120…"
        searchable
        clearable
        data={data}
        // the server has filtered: every row it answers is a match
        filter={(({ options }) => options) as OptionsFilter}
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage={typed === '' ? 'Tapez un nom, une adresse e-mail ou un n° client' : found.isFetching ? 'Recherche…' : 'Aucun compte trouvé'}
        value={guest}
        onChange={(id) => {
          setGuest(id);
          setLabel(id ? (data.find((d) => d.value === id)?.label ?? null) : null);
          setError(null);
        }}
        error={error}
      />
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={send.isPending}>
          {REVIEWS.sendToGuest}
        </Button>
      </Group>
    </Stack>
  );
}
