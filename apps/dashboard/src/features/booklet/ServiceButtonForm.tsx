import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { Page } from '@campsite/shared';
import { BOOKLET, SERVICE_TITLE, serviceButton, textErrors } from '@campsite/shared';
import { useSession } from '../../shell/session';
import type { Flash } from '../../components/flash';
import { FormCard } from '../../components/FormCard';
import { langTexts, toTranslations, useContractForm, type LangTexts } from '../../components/form';
import { UpsellBlock } from '../../components/Upsell';
import { TranslatedInput } from '../../components/translated';
import { errorSentence } from '../../lib/errors';
import { usePageService, usePageServiceDelete, useServiceChoices } from './api/booklet-queries';

/**
 * The page's service button (001 §2, §5), premium only and optional: a page has none until one is
 * added. One of the establishment's services or an external link, and its title.
 */
export function ServiceButtonBlock({ page, flash }: { page: Page; flash: Flash }) {
  const { plan } = useSession();
  const [adding, setAdding] = useState(false);
  if (plan !== 'premium') return <UpsellBlock message={BOOKLET.upsellServices} />;
  if (page.link || page.service || adding) return <ServiceButtonForm key={page.link ?? page.service ?? 'new'} page={page} flash={flash} onClose={() => setAdding(false)} />;
  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" gap="sm">
        <div>
          <Text fw={600}>Bouton de service (facultatif)</Text>
          <Text size="sm" c="dimmed">
            Un bouton en bas de la page, vers un de vos services ou un lien externe (réservation, billetterie…).
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
  service: string | null;
  link: string;
  title: LangTexts;
}

function ServiceButtonForm({ page, flash, onClose }: { page: Page; flash: Flash; onClose(): void }) {
  const { langs, defaultLang } = useSession();
  const save = usePageService();
  const remove = usePageServiceDelete();
  const choices = useServiceChoices();
  const saved = !!(page.link || page.service);
  const f = useContractForm({
    initial: { service: page.service ?? null, link: page.link ?? '', title: langTexts(page.translations, 'title') } as Values,
    schema: serviceButton,
    toBody: (v) => ({ id: page._id, service: v.service, link: v.link.trim() || null, translations: toTranslations({ title: v.title }, langs, defaultLang) }),
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
        <Select
          label="Service"
          description="Un de vos services, ou bien un lien externe ci-dessous"
          placeholder="Aucun service"
          clearable
          data={(choices.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
          nothingFoundMessage="Aucun service"
          {...f.form.getInputProps('service')}
        />
        <TextInput label="Lien externe" placeholder="https://…" {...f.form.getInputProps('link')} />
        <TranslatedInput form={f} field="title" label="Titre du bouton" max={SERVICE_TITLE.max} />
      </Stack>
    </FormCard>
  );
}
