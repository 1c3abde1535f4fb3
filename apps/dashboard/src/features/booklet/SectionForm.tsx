import { useEffect } from 'react';
import { Grid, TextInput } from '@mantine/core';
import type { Lang, Section } from '@campsite/shared';
import { BOOKLET, SECTION_CONTENT, SECTION_TITLE, sectionInput, textErrors, validateSectionLinks } from '@campsite/shared';
import { useSession } from '../../shell/session';
import type { Flash } from '../../components/flash';
import { FormCard } from '../../components/FormCard';
import { langTexts, pickerProps, toTranslations, useContractForm, type LangTexts } from '../../components/form';
import { IconPicker } from '../../components/IconPicker';
import { TranslatedInput } from '../../components/translated';
import { useSectionInsert, useSectionUpdate } from './api/booklet-queries';

export interface SectionValues extends Record<string, unknown> {
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

export const valuesOf = (s: Section | null): SectionValues => ({
  icon: s?.icon ?? null,
  title: langTexts(s?.translations, 'title'),
  html: langTexts(s?.translations, 'html'),
  phone: s?.phone ?? '',
  email: s?.email ?? '',
  website: s?.website ?? '',
  localisation: s?.localisation ?? '',
  facebook: s?.facebook ?? '',
  instagram: s?.instagram ?? '',
});

export function sectionBody(v: SectionValues, langs: Lang[], defaultLang: Lang) {
  const { phone, email, website, localisation, facebook, instagram } = v;
  return { icon: v.icon ?? '', phone, email, website, localisation, facebook, instagram, translations: toTranslations({ title: v.title, html: v.html }, langs, defaultLang) };
}

/** What the page's preview shows of the section being edited: the values, in the form's language, without what is refused. */
export interface LiveSection {
  values: SectionValues;
  lang: Lang;
  errors: Record<string, unknown>;
}

/**
 * A section's form (001 §5): icon, title (60) and content per language, and the optional links, checked
 * as the server checks them; the server saves them normalised (phone without separators, https://).
 */
export function SectionForm({ pageId, section, flash, onDone, onLive }: { pageId: string; section: Section | null; flash: Flash; onDone(): void; onLive(live: LiveSection | null): void }) {
  const { langs, defaultLang } = useSession();
  const insert = useSectionInsert();
  const update = useSectionUpdate();
  const editing = !!section;
  const f = useContractForm({
    initial: valuesOf(section),
    schema: sectionInput,
    toBody: (v) => sectionBody(v, langs, defaultLang),
    check: (_, body) => ({ ...textErrors(body.translations, defaultLang, [SECTION_TITLE, SECTION_CONTENT]), ...validateSectionLinks(body) }),
    translated: { fields: ['title', 'html'], warning: BOOKLET.sectionNotTranslated },
    save: (body) => (section ? update.mutateAsync({ id: pageId, key: section.key, ...body }) : insert.mutateAsync({ id: pageId, ...body })),
    action: editing ? BOOKLET.updateSection : BOOKLET.createSection,
    success: editing ? BOOKLET.sectionUpdated : BOOKLET.sectionCreated,
    onSaved: onDone,
    flash,
  });
  const { values, errors } = f.form;
  useEffect(() => onLive({ values, lang: f.lang, errors }), [values, f.lang, errors, onLive]);
  useEffect(() => () => onLive(null), [onLive]);

  return (
    <FormCard form={f} title={editing ? 'Modifier la section' : 'Nouvelle section'} submit={editing ? 'Mettre à jour' : 'Ajouter la section'} onCancel={onDone} translated>
      <IconPicker label="Icône" required {...pickerProps(f, 'icon')} />
      <TranslatedInput form={f} field="title" label="Titre" max={SECTION_TITLE.max} />
      <TranslatedInput form={f} field="html" label="Contenu" kind="rich" toolbar="rubrics" />
      <Grid>
        {LINK_FIELDS.map((l) => (
          <Grid.Col key={l.field} span={{ base: 12, sm: 6 }}>
            <TextInput label={l.label} placeholder={l.placeholder} {...f.form.getInputProps(l.field)} />
          </Grid.Col>
        ))}
      </Grid>
    </FormCard>
  );
}
