import { useState } from 'react';
import { Button, ColorInput, Group, Paper, Stack, TextInput } from '@mantine/core';
import type { AnimationCategory, Lang } from '@campsite/shared';
import { ACT, M, activityLanguageIssues, animationCategoryInsert, missingLanguages } from '@campsite/shared';
import { useSession } from '../../app/session';
import { useTranslationWarning } from '../../components/confirm';
import type { Flash } from '../../components/flash';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { errorSentence, fieldErrors } from '../../lib/errors';
import { validate } from '../../lib/form';
import { useInsertCategory, useUpdateCategory } from './api/animation-categories-queries';
import { byLang, langErrors, langsWithErrors, toEntries } from './translations';

const SWATCHES = ['#e63946', '#f4a261', '#e9c46a', '#2a9d8f', '#3a86ff', '#8338ec', '#ff006e', '#6c757d'];
const FIELDS = ['name'] as const;

export function CategoryForm({ current, flash, onDone, onCancel }: { current: AnimationCategory | null; flash: Flash; onDone(message: string): void; onCancel(): void }) {
  const { langs, defaultLang } = useSession();
  const [lang, setLang] = useState<Lang>(defaultLang);
  const [color, setColor] = useState(current ? `#${current.color}` : '');
  const [values, setValues] = useState(() => byLang(current?.translations, FIELDS));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const insert = useInsertCategory();
  const update = useUpdateCategory();
  const warn = useTranslationWarning();
  const busy = insert.isPending || update.isPending;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const translations = toEntries(values, langs, FIELDS);
    const body = { color, translations };
    const checked = validate(animationCategoryInsert, body);
    const found = langErrors({ ...(checked.ok ? {} : checked.fields), ...activityLanguageIssues(translations, defaultLang, { content: false }) }, translations, defaultLang);
    setErrors(found);
    if (Object.keys(found).length) return flash.setError(M.formError);
    if (!(await warn(ACT.categoryUntranslated, missingLanguages(translations, langs, FIELDS)))) return;
    try {
      const saved = current ? await update.mutateAsync({ _id: current._id, ...body }) : await insert.mutateAsync(body);
      if (saved === false) return flash.setError(errorSentence(ACT.categorySaveFailed, null));
      onDone(current ? ACT.categoryUpdated : ACT.categoryCreated);
    } catch (err) {
      setErrors(langErrors(fieldErrors(err), translations, defaultLang));
      flash.setError(errorSentence(ACT.categorySaveFailed, err));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" maw={560}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group>
            <LanguageSwitcher value={lang} onChange={setLang} withErrors={langsWithErrors(errors)} />
          </Group>
          <TextInput
            label={`Nom (${lang.toUpperCase()})`}
            required={lang === defaultLang}
            value={values[lang].name}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setValues((all) => ({ ...all, [lang]: { name: v } }));
            }}
            error={errors[`name.${lang}`]}
          />
          <ColorInput
            label="Couleur"
            description="Code hexadécimal, avec ou sans # (ex : 2A9D8F)"
            required
            format="hex"
            fixOnBlur={false}
            swatches={SWATCHES}
            swatchesPerRow={8}
            value={color}
            onChange={setColor}
            error={errors.color}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onCancel}>
              Annuler
            </Button>
            <Button type="submit" loading={busy}>
              {current ? 'Mettre à jour' : 'Créer'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
