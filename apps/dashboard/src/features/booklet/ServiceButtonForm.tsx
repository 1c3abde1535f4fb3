import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { Page } from '@campsite/shared';
import { BOOKLET, SERVICE_TITLE, serviceButton, textErrors } from '@campsite/shared';
import { useSession } from '../../shell/session';
import type { Flash } from '../../components/flash';
import { FormCard } from '../../components/FormCard';
import { langTexts, toTranslations, useContractForm, type LangTexts } from '../../components/form';
import { UpsellBlock } from '../../components/Upsell';
import { TranslatedInput } from '../../components/translated';
import { errorSentence } from '../../lib/errors';
import { usePageService, usePageServiceDelete } from './api/booklet-queries';

/**
 * The page's service button (001 §2, §5), premium only and optional: a page has none until one is
 * added. An external link and its title; choosing one of the establishment's services comes with the
 * services area.
 */
export function ServiceButtonBlock({ page, flash }: { page: Page; flash: Flash }) {
  const { plan } = useSession();
  const [adding, setAdding] = useState(false);
  if (plan !== 'premium') return <UpsellBlock message={BOOKLET.upsellServices} />;
  if (page.link || page.service || adding) return <ServiceButtonForm key={page.link ?? 'new'} page={page} flash={flash} onClose={() => setAdding(false)} />;
  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" gap="sm">
        <div>
          <Text fw={600}>Bouton de service (facultatif)</Text>
          <Text size="sm" c="dimmed">
            Un bouton en bas de la page, vers un lien externe (réservation, billetterie…).
          </Text>
        </div>
        <Button variant="light" onClick={() => setAdding(true)}>
          Ajouter un bouton de service
        </Button>
      </Group>
    </Paper>
  );
}

interface Values extends Record<string, unknown> {
  link: string;
  title: LangTexts;
}

function ServiceButtonForm({ page, flash, onClose }: { page: Page; flash: Flash; onClose(): void }) {
  const { langs, defaultLang } = useSession();
  const save = usePageService();
  const remove = usePageServiceDelete();
  const saved = !!(page.link || page.service);
  const f = useContractForm({
    initial: { link: page.link ?? '', title: langTexts(page.translations, 'title') } as Values,
    schema: serviceButton,
    toBody: (v) => ({ id: page._id, service: null, link: v.link, translations: toTranslations({ title: v.title }, langs, defaultLang) }),
    check: (_, body) => textErrors(body.translations, defaultLang, [SERVICE_TITLE]),
    translated: { fields: ['title'], warning: BOOKLET.serviceNotTranslated },
    save: (body) => save.mutateAsync(body),
    action: BOOKLET.addService,
    success: BOOKLET.serviceAdded,
    onSaved: onClose,
    flash,
  });

  async function onRemove() {
    try {
      if (await remove.mutateAsync({ id: page._id })) {
        flash.setSuccess(BOOKLET.serviceRemoved);
        onClose();
      } else flash.setError(errorSentence(BOOKLET.removeService, null, 1));
    } catch (err) {
      flash.setError(errorSentence(BOOKLET.removeService, err, 2));
    }
  }

  return (
    <FormCard
      form={f}
      title="Bouton de service"
      submit="Enregistrer le bouton"
      onCancel={saved ? undefined : onClose}
      translated
      extra={
        saved && (
          <Button variant="subtle" color="red" onClick={() => void onRemove()} loading={remove.isPending}>
            Retirer le bouton
          </Button>
        )
      }
    >
      <Stack gap="sm">
        <TextInput label="Lien externe" required placeholder="https://…" {...f.form.getInputProps('link')} />
        <TranslatedInput form={f} field="title" label="Titre du bouton" max={SERVICE_TITLE.max} />
      </Stack>
    </FormCard>
  );
}
