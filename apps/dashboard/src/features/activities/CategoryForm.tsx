import { ColorInput } from '@mantine/core';
import type { AnimationCategory } from '@campsite/shared';
import { ACTIVITIES, ACTIVITY_NAME_MAX, activityLanguageIssues, animationCategoryInsert } from '@campsite/shared';
import { useSession } from '../../shell/session';
import type { Flash } from '../../components/flash';
import { FormCard } from '../../components/FormCard';
import { formErrors, langTexts, toTranslations, useContractForm, type LangTexts } from '../../components/form';
import { TranslatedInput } from '../../components/translated';
import { useInsertCategory, useUpdateCategory } from './api/animation-categories-queries';

const SWATCHES = ['#e63946', '#f4a261', '#e9c46a', '#2a9d8f', '#3a86ff', '#8338ec', '#ff006e', '#6c757d'];

interface Values extends Record<string, unknown> {
  color: string;
  name: LangTexts;
}

/** An activity category (001 §2): its name per language and its colour. */
export function CategoryForm({ current, flash, onDone }: { current: AnimationCategory | null; flash: Flash; onDone(): void }) {
  const { langs, defaultLang } = useSession();
  const insert = useInsertCategory();
  const update = useUpdateCategory();
  const f = useContractForm({
    initial: { color: current ? `#${current.color}` : '', name: langTexts(current?.translations, 'name') } as Values,
    schema: animationCategoryInsert,
    toBody: (v) => ({ color: v.color, translations: toTranslations({ name: v.name }, langs, defaultLang) }),
    check: (_, body) => formErrors(activityLanguageIssues(body.translations, defaultLang, { content: false }), body, defaultLang),
    translated: { fields: ['name'], warning: ACTIVITIES.categoryUntranslated },
    save: (body) => (current ? update.mutateAsync({ _id: current._id, ...body }) : insert.mutateAsync(body)),
    action: ACTIVITIES.categorySaveFailed,
    success: current ? ACTIVITIES.categoryUpdated : ACTIVITIES.categoryCreated,
    onSaved: onDone,
    flash,
  });
  return (
    <FormCard form={f} title={current ? 'Modifier la catégorie' : 'Nouvelle catégorie'} submit={current ? 'Mettre à jour' : 'Créer'} onCancel={onDone} translated maw={560}>
      <TranslatedInput form={f} field="name" label="Titre" max={ACTIVITY_NAME_MAX} />
      <ColorInput
        label="Couleur"
        description="Code hexadécimal, avec ou sans # (ex : 2A9D8F)"
        required
        format="hex"
        fixOnBlur={false}
        swatches={SWATCHES}
        swatchesPerRow={8}
        eyeDropperButtonProps={{ 'aria-label': "Pipette : prendre un ton à l'écran" }}
        {...f.form.getInputProps('color')}
      />
    </FormCard>
  );
}
