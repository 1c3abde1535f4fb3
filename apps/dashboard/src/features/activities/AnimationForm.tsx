import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Grid, Group, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { Animation, AnimationCategory, Lang } from '@campsite/shared';
import { ACT, M, activityLanguageIssues, animationInsert, missingLanguages, pickTranslation } from '@campsite/shared';
import { ApiError } from '@campsite/shared/client';
import { useSession } from '../../app/session';
import { useTranslationWarning } from '../../components/confirm';
import type { Flash } from '../../components/flash';
import { ImageUpload } from '../../components/ImageUpload';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { RichTextEditor } from '../../components/RichTextEditor';
import { errorSentence, fieldErrors } from '../../lib/errors';
import { validate } from '../../lib/form';
import { useInsertAnimation, useUpdateAnimation } from './api/animations-queries';
import { byLang, langErrors, langsWithErrors, toEntries } from './translations';

const FIELDS = ['name', 'content'] as const;

/** A save whose answer is not a document, or a 413, is the oversized cover of 001 §7. */
function saveError(err: unknown) {
  return err instanceof ApiError && err.status === 413 ? ACT.coverTooLarge : errorSentence(ACT.animationSaveFailed, err);
}

export function AnimationForm({
  current,
  categories,
  flash,
  onDone,
  onCancel,
}: {
  current: Animation | null;
  categories: AnimationCategory[];
  flash: Flash;
  onDone(message: string): void;
  onCancel(): void;
}) {
  const { langs, defaultLang, plan } = useSession();
  const [lang, setLang] = useState<Lang>(defaultLang);
  const [category, setCategory] = useState<string | null>(current?.category ?? null);
  const [cover, setCover] = useState<string | null>(current?.cover ?? null);
  const [front, setFront] = useState(current?.front ?? false);
  const [values, setValues] = useState(() => byLang(current?.translations, FIELDS));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const insert = useInsertAnimation();
  const update = useUpdateAnimation();
  const warn = useTranslationWarning();
  const premium = plan === 'premium';
  const setField = (field: (typeof FIELDS)[number], v: string) => setValues((all) => ({ ...all, [lang]: { ...all[lang], [field]: v } }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const translations = toEntries(values, langs, FIELDS);
    // without premium the link cannot be set (001 §6); the server would answer 403
    const body = { category: category ?? '', cover, front, translations, service_benefit: premium ? (current?.service_benefit ?? null) : null };
    const checked = validate(animationInsert, body);
    const found = langErrors({ ...(checked.ok ? {} : checked.fields), ...activityLanguageIssues(translations, defaultLang, { content: true }) }, translations, defaultLang);
    setErrors(found);
    if (Object.keys(found).length) return flash.setError(M.formError);
    if (!(await warn(ACT.animationUntranslated, missingLanguages(translations, langs, FIELDS)))) return;
    try {
      const saved = current ? await update.mutateAsync({ _id: current._id, ...body }) : await insert.mutateAsync(body);
      if (saved === false) return flash.setError(errorSentence(ACT.animationSaveFailed, null));
      if (!saved || typeof saved !== 'object') return flash.setError(ACT.coverTooLarge);
      onDone(current ? ACT.animationUpdated : ACT.animationCreated);
    } catch (err) {
      setErrors(langErrors(fieldErrors(err), translations, defaultLang));
      flash.setError(saveError(err));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <Select
                label="Catégorie d'activité"
                placeholder="Choisir une catégorie"
                required
                data={categories.map((c) => ({ value: c._id, label: pickTranslation(c.translations, defaultLang, defaultLang, 'name') }))}
                value={category}
                onChange={setCategory}
                error={errors.category}
                nothingFoundMessage="Aucune catégorie"
              />
              {categories.length === 0 && (
                <Text size="sm" c="dimmed">
                  {ACT.categoriesEmpty} :{' '}
                  <Anchor component={Link} to="/animation-categories" size="sm">
                    créer une catégorie
                  </Anchor>
                </Text>
              )}
              <Group>
                <LanguageSwitcher value={lang} onChange={setLang} withErrors={langsWithErrors(errors)} />
              </Group>
              <TextInput
                label={`Nom (${lang.toUpperCase()})`}
                required={lang === defaultLang}
                value={values[lang].name}
                onChange={(e) => setField('name', e.currentTarget.value)}
                error={errors[`name.${lang}`]}
              />
              <RichTextEditor
                toolbar="rubrics"
                label={`Contenu (${lang.toUpperCase()})`}
                required={lang === defaultLang}
                value={values[lang].content}
                onChange={(html) => setField('content', html)}
                error={errors[`content.${lang}`]}
                minHeight={200}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Paper withBorder p="lg" radius="md">
              <Stack gap="xs">
                <ImageUpload label="Photo de couverture" value={cover} onChange={setCover} tooLarge={ACT.coverTooLarge} />
                <Text size="xs" c="dimmed">
                  5 Mo maximum{front ? ' ; obligatoire avec l’affichage dynamique' : ''}
                </Text>
                {errors.cover && (
                  <Text size="xs" c="red" role="alert">
                    {errors.cover}
                  </Text>
                )}
              </Stack>
            </Paper>
            <Paper withBorder p="lg" radius="md">
              <Switch
                label="Affichage dynamique"
                description="Mettre l'activité en avant dans l'application"
                checked={front}
                onChange={(e) => setFront(e.currentTarget.checked)}
              />
            </Paper>
            {premium && (
              <Paper withBorder p="lg" radius="md">
                <Select label="Prestation liée" placeholder="Aucune prestation" data={[]} value={null} disabled description={ACT.benefitNoneYet} />
              </Paper>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" loading={insert.isPending || update.isPending}>
          {current ? 'Mettre à jour' : 'Créer'}
        </Button>
      </Group>
    </form>
  );
}
