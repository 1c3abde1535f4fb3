import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { HomeModule, Lang, ModuleType } from '@campsite/shared';
import { M, MA, MODULE_TEXT_MAX, MODULE_TYPES, MODULE_TYPE_LABELS, hasSubtitle, moduleInsert, moduleTextErrors, missingLanguages } from '@campsite/shared';
import { useSession } from '../../app/session';
import { useTranslationWarning } from '../../components/confirm';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { errorSentence, fieldErrors } from '../../lib/errors';
import { validate } from '../../lib/form';
import { useInsertModule, useUpdateModule } from './api/appearance-queries';
import { FORM_Z } from './layers';
import { useTargets } from './targets';

interface Form {
  name: string;
  type: ModuleType | null;
  /** the id the type points at: a rubric, a page or a list */
  target: string | null;
  texts: Partial<Record<Lang, { title: string; subtitle: string }>>;
}

const TARGET_KEY = { group: 'group', page: 'page', list: 'list' } as const;
const TARGET_LABEL = { group: 'Rubrique', page: 'Page', list: 'Liste' } as const;

function toForm(m: HomeModule | null): Form {
  if (!m) return { name: '', type: null, target: null, texts: {} };
  const target = m.type === 'animation' ? null : (m.values[TARGET_KEY[m.type]] ?? null);
  return { name: m.name, type: m.type, target, texts: Object.fromEntries(m.translations.map((t) => [t.lang, { title: t.title, subtitle: t.subtitle ?? '' }])) };
}

/**
 * Create or edit a home module (000 §2.5, §4, §5): a name, a type and what it shows, and its title
 * (and subtitle for pages and lists) in every language.
 */
export function ModuleForm({ current, nextOrder, onClose, onSaved }: { current: HomeModule | null; nextOrder: number; onClose(): void; onSaved(message: string): void }) {
  const { langs, defaultLang } = useSession();
  const [form, setForm] = useState<Form>(() => toForm(current));
  const [lang, setLang] = useState<Lang>(defaultLang);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const insert = useInsertModule();
  const update = useUpdateModule();
  const warn = useTranslationWarning();
  const targets = useTargets();

  // an edited field loses its error at once
  const fix = (...keys: string[]) => setErrors((e) => (keys.some((k) => k in e) ? Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))) : e));
  const text = form.texts[lang] ?? { title: '', subtitle: '' };
  const withSubtitle = !!form.type && hasSubtitle(form.type);
  const setText = (field: 'title' | 'subtitle', value: string) => {
    fix(`${field}.${lang}`);
    setForm((f) => ({ ...f, texts: { ...f.texts, [lang]: { ...(f.texts[lang] ?? { title: '', subtitle: '' }), [field]: value } } }));
  };

  const translations = langs
    .map((l) => ({ lang: l, title: form.texts[l]?.title ?? '', ...(withSubtitle ? { subtitle: form.texts[l]?.subtitle ?? '' } : {}) }))
    .filter((t) => t.lang === defaultLang || t.title.trim() || ('subtitle' in t && t.subtitle?.trim()));
  const body = {
    name: form.name,
    type: form.type ?? undefined,
    values: form.type && form.type !== 'animation' && form.target ? { [TARGET_KEY[form.type]]: form.target } : {},
    translations,
    order: current?.order ?? nextOrder,
  };

  function check(): Record<string, string> {
    const checked = validate(moduleInsert, body);
    const found: Record<string, string> = {};
    if (!checked.ok) {
      for (const [path, message] of Object.entries(checked.fields)) {
        const m = path.match(/^translations\.(\d+)\.(title|subtitle)$/);
        found[m ? `${m[2]}.${translations[Number(m[1])].lang}` : path] = message;
      }
    }
    return form.type ? { ...moduleTextErrors(translations, form.type, defaultLang), ...found } : found;
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return setFailure(M.formError);
    setFailure(null);
    const missing = missingLanguages(translations, langs, withSubtitle ? ['title', 'subtitle'] : ['title']);
    if (!(await warn(MA.moduleMissingTranslations, missing))) return;
    const failed = current ? MA.moduleUpdateFailed : MA.moduleCreateFailed;
    try {
      const input = { ...body, type: form.type! };
      const saved = current ? await update.mutateAsync({ id: current._id, ...input }) : await insert.mutateAsync(input);
      if (!saved) return setFailure(errorSentence(failed, null));
      onSaved(current ? MA.moduleUpdated : MA.moduleCreated);
    } catch (err) {
      setErrors(fieldErrors(err));
      setFailure(errorSentence(failed, err));
    }
  }

  const errorLangs = langs.filter((l) => errors[`title.${l}`] || errors[`subtitle.${l}`]);
  const targetError = errors['values.group'] ?? errors['values.page'] ?? errors['values.list'];

  return (
    <Modal opened onClose={onClose} title={current ? 'Modifier le module' : 'Ajouter un module'} size="lg" centered zIndex={FORM_Z}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <LanguageSwitcher value={lang} onChange={setLang} withErrors={errorLangs} />
          </Group>
          <TextInput label="Nom" description="Visible seulement dans le tableau de bord" required maxLength={50} value={form.name} error={errors.name} onChange={(e) => {
              fix('name');
              setForm({ ...form, name: e.currentTarget.value });
            }} />
          <Select
            label="Type de module"
            required
            placeholder="Choisir un type"
            data={MODULE_TYPES.map((t) => ({ value: t, label: MODULE_TYPE_LABELS[t] }))}
            value={form.type}
            error={errors.type}
            allowDeselect={false}
            // a new type points at something else: its target goes, the titles stay (000 §4)
            onChange={(v) => {
              fix('type');
              setForm((f) => ({ ...f, type: v as ModuleType, target: v === f.type ? f.target : null }));
            }}
          />
          {form.type && form.type !== 'animation' && (
            <Select
              label={TARGET_LABEL[form.type]}
              required
              searchable
              nothingFoundMessage="Aucun résultat"
              placeholder={form.type === 'group' ? 'Choisir une rubrique' : form.type === 'page' ? 'Choisir une page' : 'Choisir une liste'}
              data={targets[form.type]}
              value={form.target}
              error={targetError}
              onChange={(v) => {
                fix('values.group', 'values.page', 'values.list');
                setForm((f) => ({ ...f, target: v }));
              }}
            />
          )}
          <TextInput
            label={`Titre (${lang.toUpperCase()})`}
            required={lang === defaultLang}
            maxLength={MODULE_TEXT_MAX}
            value={text.title}
            error={errors[`title.${lang}`]}
            onChange={(e) => setText('title', e.currentTarget.value)}
          />
          {withSubtitle && (
            <TextInput
              label={`Sous-titre (${lang.toUpperCase()})`}
              required={form.type === 'page' && lang === defaultLang}
              maxLength={MODULE_TEXT_MAX}
              value={text.subtitle}
              error={errors[`subtitle.${lang}`]}
              onChange={(e) => setText('subtitle', e.currentTarget.value)}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={insert.isPending || update.isPending}>
              {current ? 'Enregistrer' : 'Créer le module'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
