import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import type { Lang, MenuEntry, MenuType } from '@campsite/shared';
import { M, MA, MENU_TITLE_MAX, MENU_TYPES, MENU_TYPE_LABELS, menuEntryInput, missingLanguages } from '@campsite/shared';
import { ApiError } from '@campsite/shared/client';
import { useSession } from '../../app/session';
import { useTranslationWarning } from '../../components/confirm';
import { IconPicker } from '../../components/IconPicker';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { fieldErrors } from '../../lib/errors';
import { validate } from '../../lib/form';
import { useInsertMenuEntry, useUpdateMenuEntry } from './api/appearance-queries';
import { FORM_Z } from './layers';
import { useTargets } from './targets';

interface Form {
  titles: Partial<Record<Lang, string>>;
  type: MenuType | null;
  rubric: string | null;
  icon: string | null;
}

const toForm = (e: MenuEntry | null): Form =>
  e ? { titles: Object.fromEntries(e.translations.map((t) => [t.lang, t.title])), type: e.type, rubric: e.rubric, icon: e.icon } : { titles: {}, type: null, rubric: null, icon: null };

/**
 * Create or edit a bottom-menu entry (000 §2.6, §5): its title in each language, its type, its rubric
 * when the type is rubric, and an outline icon. Editing keeps the entry's position.
 */
export function MenuEntryForm({ current, onClose, onSaved }: { current: MenuEntry | null; onClose(): void; onSaved(message: string): void }) {
  const { langs, defaultLang } = useSession();
  const [form, setForm] = useState<Form>(() => toForm(current));
  const [lang, setLang] = useState<Lang>(defaultLang);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const insert = useInsertMenuEntry();
  const update = useUpdateMenuEntry();
  const warn = useTranslationWarning();
  const { group: rubrics } = useTargets();

  // an edited field loses its error at once
  const fix = (key: string) => setErrors((e) => (key in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e));
  const others = langs.filter((l) => l !== defaultLang).map((l) => ({ lang: l, title: form.titles[l] ?? '' })).filter((t) => t.title.trim());
  const body = { title: form.titles[defaultLang] ?? '', type: form.type ?? undefined, rubric: form.rubric, icon: form.icon ?? '', translations: others };
  const key = (field: string) => (field === 'title' ? `title.${defaultLang}` : field);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = validate(menuEntryInput, body);
    const found: Record<string, string> = {};
    if (!checked.ok) {
      for (const [path, message] of Object.entries(checked.fields)) {
        const m = path.match(/^translations\.(\d+)\.title$/);
        found[m ? `title.${others[Number(m[1])].lang}` : key(path)] = message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length) return setFailure(M.formError);
    setFailure(null);
    const all = [{ lang: defaultLang, title: body.title }, ...others];
    if (!(await warn(MA.menuMissingTranslations, missingLanguages(all, langs, ['title'])))) return;
    const input = { ...body, type: form.type! };
    try {
      const saved = current ? await update.mutateAsync({ nb: current.nb, ...input }) : await insert.mutateAsync(input);
      if (!saved) return setFailure(M.genericError);
      onSaved(current ? MA.menuUpdated : MA.menuCreated);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [key(k), v])));
      setFailure(err instanceof ApiError && err.status === 400 ? err.message : M.genericError);
    }
  }

  const errorLangs = langs.filter((l) => errors[`title.${l}`]);

  return (
    <Modal opened onClose={onClose} title={current ? 'Modifier le sous-menu' : 'Ajouter un sous-menu'} size="lg" centered zIndex={FORM_Z}>
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
          <TextInput
            label={`Titre (${lang.toUpperCase()})`}
            required={lang === defaultLang}
            maxLength={MENU_TITLE_MAX}
            value={form.titles[lang] ?? ''}
            error={errors[`title.${lang}`]}
            onChange={(e) => {
              const v = e.currentTarget.value;
              fix(`title.${lang}`);
              setForm((f) => ({ ...f, titles: { ...f.titles, [lang]: v } }));
            }}
          />
          <Select
            label="Type"
            required
            placeholder="Choisir un type"
            data={MENU_TYPES.map((t) => ({ value: t, label: MENU_TYPE_LABELS[t] }))}
            value={form.type}
            error={errors.type}
            allowDeselect={false}
            onChange={(v) => {
              fix('type');
              setForm((f) => ({ ...f, type: v as MenuType, rubric: v === 'rubric' ? f.rubric : null }));
            }}
          />
          {form.type === 'rubric' && (
            <Select
              label="Rubrique"
              required
              searchable
              nothingFoundMessage="Aucune rubrique"
              placeholder="Choisir une rubrique"
              data={rubrics}
              value={form.rubric}
              error={errors.rubric}
              onChange={(v) => {
                fix('rubric');
                setForm((f) => ({ ...f, rubric: v }));
              }}
            />
          )}
          <IconPicker label="Icône" required linealOnly value={form.icon} error={errors.icon} onChange={(icon) => {
              fix('icon');
              setForm((f) => ({ ...f, icon }));
            }}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={insert.isPending || update.isPending}>
              {current ? 'Enregistrer' : 'Créer le sous-menu'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
