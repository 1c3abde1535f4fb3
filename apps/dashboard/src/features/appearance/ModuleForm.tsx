import { Select, TextInput } from '@mantine/core';
import type { HomeModule, ModuleType } from '@campsite/shared';
import { APPEARANCE, MODULE_TEXT_MAX, MODULE_TYPES, MODULE_TYPE_LABELS, hasSubtitle, moduleInsert, moduleTextErrors } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { FormModal } from '../../components/FormCard';
import { langTexts, toTranslations, useContractForm, type LangTexts } from '../../components/form';
import { TranslatedInput } from '../../components/translated';
import { useInsertModule, useUpdateModule } from './api/appearance-queries';
import { useTargets } from './targets';

interface Values extends Record<string, unknown> {
  name: string;
  type: ModuleType | null;
  /** the id the type points at: a rubric, a page or a list */
  target: string | null;
  title: LangTexts;
  subtitle: LangTexts;
}

const TARGET_KEY = { group: 'group', page: 'page', list: 'list' } as const;
const TARGET_LABEL = { group: 'Rubrique', page: 'Page', list: 'Liste' } as const;
const TARGET_PLACEHOLDER = { group: 'Choisir une rubrique', page: 'Choisir une page', list: 'Choisir une liste' } as const;

function valuesOf(m: HomeModule | null): Values {
  const target = m && m.type !== 'animation' ? (m.values[TARGET_KEY[m.type]] ?? null) : null;
  return { name: m?.name ?? '', type: m?.type ?? null, target, title: langTexts(m?.translations, 'title'), subtitle: langTexts(m?.translations, 'subtitle') };
}

/**
 * Create or edit a home module (000 §2.5, §4, §5): a name, a type and what it shows, and its title
 * (and subtitle for pages and lists) in every language.
 */
export function ModuleForm({ current, nextOrder, onClose, onSaved }: { current: HomeModule | null; nextOrder: number; onClose(): void; onSaved(message: string): void }) {
  const { langs, defaultLang } = useSession();
  const insert = useInsertModule();
  const update = useUpdateModule();
  const targets = useTargets();
  const f = useContractForm({
    initial: valuesOf(current),
    schema: moduleInsert,
    fieldOf: { 'values.group': 'target', 'values.page': 'target', 'values.list': 'target' },
    toBody: (v) => {
      const withSubtitle = !!v.type && hasSubtitle(v.type);
      return {
        name: v.name,
        type: v.type as ModuleType,
        values: v.type && v.type !== 'animation' && v.target ? { [TARGET_KEY[v.type]]: v.target } : {},
        translations: withSubtitle ? toTranslations({ title: v.title, subtitle: v.subtitle }, langs, defaultLang) : toTranslations({ title: v.title }, langs, defaultLang),
        order: current?.order ?? nextOrder,
      };
    },
    check: (v, body) => (v.type ? moduleTextErrors(body.translations, v.type, defaultLang) : {}),
    // the warning names languages lacking the title, and the subtitle where there is one
    translated: { fields: (v) => (v.type && hasSubtitle(v.type) ? ['title', 'subtitle'] : ['title']), warning: APPEARANCE.moduleMissingTranslations },
    save: (body) => (current ? update.mutateAsync({ id: current._id, ...body }) : insert.mutateAsync(body)),
    action: current ? APPEARANCE.moduleUpdateFailed : APPEARANCE.moduleCreateFailed,
    success: current ? APPEARANCE.moduleUpdated : APPEARANCE.moduleCreated,
    onSaved: () => onSaved(current ? APPEARANCE.moduleUpdated : APPEARANCE.moduleCreated),
  });
  const { type } = f.form.values;
  const withSubtitle = !!type && hasSubtitle(type);
  const typeProps = f.form.getInputProps('type');
  return (
    <FormModal form={f} title={current ? 'Modifier le module' : 'Ajouter un module'} submit={current ? 'Enregistrer' : 'Créer le module'} onClose={onClose} translated>
      <TextInput label="Nom" description="Visible seulement dans le tableau de bord" required maxLength={50} {...f.form.getInputProps('name')} />
      <Select
        label="Type de module"
        required
        placeholder="Choisir un type"
        data={MODULE_TYPES.map((t) => ({ value: t, label: MODULE_TYPE_LABELS[t] }))}
        allowDeselect={false}
        {...typeProps}
        // a new type points at something else: its target goes, the titles stay (000 §4)
        onChange={(v) => {
          if (v !== type) f.form.setFieldValue('target', null);
          typeProps.onChange(v);
        }}
      />
      {type && type !== 'animation' && (
        <Select
          label={TARGET_LABEL[type]}
          required
          searchable
          // the focus given to a refused field leaves its message in sight (the list opens on a click or typing)
          openOnFocus={false}
          nothingFoundMessage="Aucun résultat"
          placeholder={TARGET_PLACEHOLDER[type]}
          data={targets[type]}
          {...f.form.getInputProps('target')}
        />
      )}
      <TranslatedInput form={f} field="title" label="Titre" max={MODULE_TEXT_MAX} />
      {withSubtitle && <TranslatedInput form={f} field="subtitle" label="Sous-titre" max={MODULE_TEXT_MAX} required={type === 'page'} />}
    </FormModal>
  );
}
