import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { Lang, Page } from '@campsite/shared';
import { B, M, missingLanguages, serviceButton } from '@campsite/shared';
import { useSession } from '../../app/session';
import { useTranslationWarning } from '../../components/confirm';
import type { Flash } from '../../components/flash';
import { UpsellBlock } from '../../components/Upsell';
import { errorSentence } from '../../lib/errors';
import { usePageService, usePageServiceDelete } from './api/booklet-queries';
import { checkForm, textsOf, translationsOf, type LangTexts } from './texts';

/**
 * The page's service button (001 §2, §5), premium only: an external link and its title. Choosing one of
 * the establishment's services comes with the services area.
 */
export function ServiceButtonForm({ page, lang, flash }: { page: Page; lang: Lang; flash: Flash }) {
  const { plan, langs, defaultLang } = useSession();
  const [link, setLink] = useState(page.link ?? '');
  const [title, setTitle] = useState<LangTexts>(textsOf(page.translations, 'title'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = usePageService();
  const remove = usePageServiceDelete();
  const warn = useTranslationWarning();
  if (plan !== 'premium') return <UpsellBlock message={B.upsellServices} />;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = { id: page._id, service: null, link, translations: translationsOf(langs, { title }).filter((t) => t.title.trim() || t.lang === defaultLang) };
    const found = checkForm(serviceButton, body, defaultLang, [{ field: 'title', max: 40, required: (l) => `Vous devez indiquer le titre (version ${l.toUpperCase()})` }]);
    setErrors(found);
    if (Object.keys(found).length) return flash.setError(M.formError);
    if (!(await warn(B.serviceNotTranslated, missingLanguages(body.translations, langs, ['title'])))) return;
    try {
      if (await save.mutateAsync(body)) flash.setSuccess(B.serviceAdded);
      else flash.setError(errorSentence(B.addService, null, 1));
    } catch (err) {
      flash.setError(errorSentence(B.addService, err, 2));
    }
  }

  async function onRemove() {
    try {
      if (await remove.mutateAsync({ id: page._id })) {
        setLink('');
        setTitle({});
        flash.setSuccess(B.serviceRemoved);
      } else flash.setError(errorSentence(B.removeService, null, 1));
    } catch (err) {
      flash.setError(errorSentence(B.removeService, err, 2));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        <Text fw={600}>Bouton de service</Text>
        <TextInput label="Lien externe" placeholder="https://…" value={link} onChange={(e) => setLink(e.currentTarget.value)} error={errors.link} />
        <TextInput
          label={`Titre du bouton (${lang.toUpperCase()})`}
          required={lang === defaultLang}
          maxLength={60}
          value={title[lang] ?? ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setTitle((t) => ({ ...t, [lang]: v }));
          }}
          error={errors[`title.${lang}`]}
        />
        <Group justify="flex-end">
          {(page.link || page.service) && (
            <Button variant="subtle" color="red" onClick={() => void onRemove()} loading={remove.isPending}>
              Retirer le bouton
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            Enregistrer le bouton
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
