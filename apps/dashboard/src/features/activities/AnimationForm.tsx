import { Link } from 'react-router';
import { Anchor, Grid, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import type { Animation, AnimationCategory } from '@campsite/shared';
import { ACTIVITIES, ACTIVITY_NAME_MAX, activityLanguageIssues, animationInsert, pickTranslation } from '@campsite/shared';
import { useSession } from '../../shell/session';
import type { Flash } from '../../components/flash';
import { FormCard } from '../../components/FormCard';
import { formErrors, langTexts, pickerProps, toTranslations, useContractForm, type LangTexts } from '../../components/form';
import { ImageUpload } from '../../components/ImageUpload';
import { TranslatedInput } from '../../components/translated';
import { useBenefitChoices, useInsertAnimation, useUpdateAnimation } from './api/animations-queries';

interface Values extends Record<string, unknown> {
  category: string | null;
  cover: string | null;
  front: boolean;
  service_benefit: string | null;
  name: LangTexts;
  content: LangTexts;
}

/** An activity (001 §2, §5): its category, name and content per language, cover photo, 'Affichage dynamique'. */
export function AnimationForm({ current, categories, flash, onDone }: { current: Animation | null; categories: AnimationCategory[]; flash: Flash; onDone(): void }) {
  const { langs, defaultLang, plan } = useSession();
  const insert = useInsertAnimation();
  const update = useUpdateAnimation();
  const premium = plan === 'premium';
  const choices = useBenefitChoices(premium);
  const f = useContractForm({
    initial: {
      category: current?.category ?? null,
      cover: current?.cover ?? null,
      front: current?.front ?? false,
      service_benefit: current?.service_benefit ?? null,
      name: langTexts(current?.translations, 'name'),
      content: langTexts(current?.translations, 'content'),
    } as Values,
    schema: animationInsert,
    toBody: (v) => ({
      category: v.category ?? '',
      cover: v.cover,
      front: v.front,
      translations: toTranslations({ name: v.name, content: v.content }, langs, defaultLang),
      // without premium the link cannot be set (001 §6); the server would answer 403
      service_benefit: premium ? v.service_benefit : null,
    }),
    check: (_, body) => formErrors(activityLanguageIssues(body.translations, defaultLang, { content: true }), body, defaultLang),
    translated: { fields: ['name', 'content'], warning: ACTIVITIES.animationUntranslated },
    save: (body) => (current ? update.mutateAsync({ _id: current._id, ...body }) : insert.mutateAsync(body)),
    // an answer that is not a document is the oversized cover of 001 §7
    refused: (saved) => (typeof saved !== 'object' ? ACTIVITIES.coverTooLarge : null),
    action: ACTIVITIES.animationSaveFailed,
    success: current ? ACTIVITIES.animationUpdated : ACTIVITIES.animationCreated,
    onSaved: onDone,
    flash,
  });
  const front = f.form.values.front;
  const cover = pickerProps(f, 'cover');
  return (
    <FormCard form={f} title={current ? "Modifier l'activité" : 'Nouvelle activité'} submit={current ? 'Mettre à jour' : 'Créer'} onCancel={onDone} translated>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Select
              label="Catégorie d'activité"
              placeholder="Choisir une catégorie"
              required
              data={categories.map((c) => ({ value: c._id, label: pickTranslation(c.translations, defaultLang, defaultLang, 'name') }))}
              nothingFoundMessage="Aucune catégorie"
              {...f.form.getInputProps('category')}
            />
            {categories.length === 0 && (
              <Text size="sm" c="dimmed">
                {ACTIVITIES.categoriesEmpty} :{' '}
                <Anchor component={Link} to="/animation-categories" size="sm">
                  créer une catégorie
                </Anchor>
              </Text>
            )}
            <TranslatedInput form={f} field="name" label="Titre" max={ACTIVITY_NAME_MAX} />
            <TranslatedInput form={f} field="content" label="Contenu" kind="rich" toolbar="rubrics" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <ImageUpload label="Photo de couverture" value={cover.value as string | null} onChange={cover.onChange} tooLarge={ACTIVITIES.coverTooLarge} />
                <Text size="xs" c="dimmed">
                  5 Mo maximum{front ? ' ; obligatoire avec l’affichage dynamique' : ''}
                </Text>
                {cover.error && (
                  <Text size="xs" c="red.8" role="alert">
                    {cover.error}
                  </Text>
                )}
              </Stack>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Switch label="Affichage dynamique" description="Mettre l'activité en avant dans l'application" {...f.form.getInputProps('front', { type: 'checkbox' })} />
            </Paper>
            {premium && (
              <Paper withBorder p="md" radius="md">
                <Select
                  label="Prestation liée"
                  description="Les clients pourront la réserver depuis l'activité"
                  placeholder="Aucune prestation"
                  clearable
                  searchable
                  nothingFoundMessage="Aucune prestation"
                  data={(choices.benefits.data ?? []).map((b) => ({
                    value: b._id,
                    label: `${choices.services.data?.find((s) => s._id === b.service)?.name ?? ''} · ${pickTranslation(b.translations, defaultLang, defaultLang, 'subtitle')}`,
                  }))}
                  {...f.form.getInputProps('service_benefit')}
                />
              </Paper>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </FormCard>
  );
}
