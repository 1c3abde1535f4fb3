import { Select } from '@mantine/core';
import type { MenuEntry, MenuType } from '@campsite/shared';
import { CORE, APPEARANCE, MENU_TITLE_MAX, MENU_TYPES, MENU_TYPE_LABELS, menuEntryInput } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { FormModal } from '../../components/FormCard';
import { langTexts, pickerProps, toTranslations, useContractForm, type LangTexts } from '../../components/form';
import { IconPicker } from '../../components/IconPicker';
import { TranslatedInput } from '../../components/translated';
import { useInsertMenuEntry, useUpdateMenuEntry } from './api/appearance-queries';
import { useTargets } from './targets';

interface Values extends Record<string, unknown> {
  title: LangTexts;
  type: MenuType | null;
  rubric: string | null;
  icon: string | null;
}

/**
 * Create or edit a bottom-menu entry (000 §2.6, §5): its title in each language, its type, its rubric
 * when the type is rubric, and an outline icon. Editing keeps the entry's position.
 */
export function MenuEntryForm({ current, onClose, onSaved }: { current: MenuEntry | null; onClose(): void; onSaved(message: string): void }) {
  const { langs, defaultLang } = useSession();
  const insert = useInsertMenuEntry();
  const update = useUpdateMenuEntry();
  const { group: rubrics } = useTargets();
  const f = useContractForm({
    initial: {
      title: { ...langTexts(current?.translations, 'title'), ...(current ? { [defaultLang]: current.title } : {}) },
      type: current?.type ?? null,
      rubric: current?.rubric ?? null,
      icon: current?.icon ?? null,
    } as Values,
    schema: menuEntryInput,
    // the default language's title is the entry's own; the others are its translations
    fieldOf: { title: `title.${defaultLang}` },
    toBody: (v) => ({
      title: v.title[defaultLang],
      type: v.type as MenuType,
      rubric: v.type === 'rubric' ? v.rubric : null,
      icon: v.icon ?? '',
      translations: toTranslations({ title: v.title }, langs, defaultLang).filter((t) => t.lang !== defaultLang),
    }),
    translated: { fields: ['title'], warning: APPEARANCE.menuMissingTranslations },
    save: (body) => (current ? update.mutateAsync({ nb: current.nb, ...body }) : insert.mutateAsync(body)),
    action: CORE.genericError,
    success: current ? APPEARANCE.menuUpdated : APPEARANCE.menuCreated,
    onSaved: () => onSaved(current ? APPEARANCE.menuUpdated : APPEARANCE.menuCreated),
  });
  const { type } = f.form.values;
  return (
    <FormModal form={f} title={current ? 'Modifier le sous-menu' : 'Ajouter un sous-menu'} submit={current ? 'Enregistrer' : 'Créer le sous-menu'} onClose={onClose} translated>
      <TranslatedInput form={f} field="title" label="Titre" max={MENU_TITLE_MAX} />
      <Select label="Type" required placeholder="Choisir un type" data={MENU_TYPES.map((t) => ({ value: t, label: MENU_TYPE_LABELS[t] }))} allowDeselect={false} {...f.form.getInputProps('type')} />
      {type === 'rubric' && (
        <Select label="Rubrique" required searchable openOnFocus={false} nothingFoundMessage="Aucune rubrique" placeholder="Choisir une rubrique" data={rubrics} {...f.form.getInputProps('rubric')} />
      )}
      <IconPicker label="Icône" required linealOnly {...pickerProps(f, 'icon')} />
    </FormModal>
  );
}
