import { useState } from 'react';
import { Button, Grid, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { Lang, Section } from '@campsite/shared';
import { B, M, SECTION_CONTENT, SECTION_TITLE, missingLanguages, sectionInput, validateSectionLinks } from '@campsite/shared';
import { useSession } from '../../app/session';
import { useTranslationWarning } from '../../components/confirm';
import type { Flash } from '../../components/flash';
import { IconPicker } from '../../components/IconPicker';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { RichTextEditor } from '../../components/RichTextEditor';
import { errorSentence } from '../../lib/errors';
import { useSectionInsert, useSectionUpdate } from './api/booklet-queries';
import { type LangTexts, checkForm, langsWithErrors, textsOf, translationsOf } from './texts';

export interface SectionDraft {
  key?: number;
  icon: string | null;
  title: LangTexts;
  html: LangTexts;
  phone: string;
  email: string;
  website: string;
  localisation: string;
  facebook: string;
  instagram: string;
}

const LINK_FIELDS = [
  { field: 'phone', label: 'Téléphone', placeholder: '04 67 96 00 00' },
  { field: 'email', label: 'E-mail', placeholder: 'accueil@camping.fr' },
  { field: 'website', label: 'Site web', placeholder: 'www.camping.fr' },
  { field: 'localisation', label: 'Lien Google Maps', placeholder: 'https://maps.app.goo.gl/…' },
  { field: 'facebook', label: 'Facebook', placeholder: 'https://www.facebook.com/…' },
  { field: 'instagram', label: 'Instagram', placeholder: 'https://www.instagram.com/…' },
] as const;

export const emptySection = (): SectionDraft => ({ icon: null, title: {}, html: {}, phone: '', email: '', website: '', localisation: '', facebook: '', instagram: '' });
export const draftOf = (s: Section): SectionDraft => ({
  key: s.key,
  icon: s.icon,
  title: textsOf(s.translations, 'title'),
  html: textsOf(s.translations, 'html'),
  phone: s.phone,
  email: s.email,
  website: s.website,
  localisation: s.localisation,
  facebook: s.facebook,
  instagram: s.instagram,
});

export function sectionBody(d: SectionDraft, langs: Lang[], defaultLang: Lang) {
  const { phone, email, website, localisation, facebook, instagram } = d;
  return {
    icon: d.icon ?? '',
    phone,
    email,
    website,
    localisation,
    facebook,
    instagram,
    translations: translationsOf(langs, { title: d.title, html: d.html }).filter((t) => t.title.trim() || t.html || t.lang === defaultLang),
  };
}

/**
 * A section's form (001 §5): icon, title (60) and content per language, and the optional links, checked
 * as the server checks them; the server saves them normalised (phone without separators, https://).
 */
export function SectionForm({ pageId, draft, setDraft, lang, setLang, flash, onDone }: { pageId: string; draft: SectionDraft; setDraft(d: SectionDraft): void; lang: Lang; setLang(l: Lang): void; flash: Flash; onDone(): void }) {
  const { langs, defaultLang } = useSession();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const insert = useSectionInsert();
  const update = useSectionUpdate();
  const warn = useTranslationWarning();
  const editing = draft.key !== undefined;
  const set = (patch: Partial<SectionDraft>) => setDraft({ ...draft, ...patch });
  const action = editing ? B.updateSection : B.createSection;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = sectionBody(draft, langs, defaultLang);
    const found = { ...checkForm(sectionInput, body, defaultLang, [SECTION_TITLE, SECTION_CONTENT]), ...validateSectionLinks(body) };
    setErrors(found);
    if (Object.keys(found).length) return flash.setError(M.formError);
    if (!(await warn(B.sectionNotTranslated, missingLanguages(body.translations, langs, ['title', 'html'])))) return;
    try {
      const saved = editing ? await update.mutateAsync({ id: pageId, key: draft.key!, ...body }) : await insert.mutateAsync({ id: pageId, ...body });
      if (!saved) return flash.setError(errorSentence(action, null, 1));
      flash.setSuccess(editing ? B.sectionUpdated : B.sectionCreated);
      onDone();
    } catch (err) {
      flash.setError(errorSentence(action, err, 2));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        <Group justify="space-between">
          <Text fw={600}>{editing ? 'Modifier la section' : 'Nouvelle section'}</Text>
          <LanguageSwitcher value={lang} onChange={setLang} withErrors={langsWithErrors(errors)} />
        </Group>
        <IconPicker label="Icône" required value={draft.icon} onChange={(icon) => set({ icon })} error={errors.icon} />
        <TextInput
          label={`Titre (${lang.toUpperCase()})`}
          required={lang === defaultLang}
          maxLength={80}
          value={draft.title[lang] ?? ''}
          onChange={(e) => set({ title: { ...draft.title, [lang]: e.currentTarget.value } })}
          error={errors[`title.${lang}`]}
        />
        <RichTextEditor
          key={lang}
          label={`Contenu (${lang.toUpperCase()})`}
          required={lang === defaultLang}
          toolbar="rubrics"
          value={draft.html[lang] ?? ''}
          onChange={(html) => set({ html: { ...draft.html, [lang]: html } })}
          error={errors[`html.${lang}`]}
        />
        <Grid>
          {LINK_FIELDS.map((f) => (
            <Grid.Col key={f.field} span={{ base: 12, sm: 6 }}>
              <TextInput label={f.label} placeholder={f.placeholder} value={draft[f.field]} onChange={(e) => set({ [f.field]: e.currentTarget.value })} error={errors[f.field]} />
            </Grid.Col>
          ))}
        </Grid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Annuler
          </Button>
          <Button type="submit" loading={insert.isPending || update.isPending}>
            {editing ? 'Mettre à jour' : 'Ajouter la section'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
