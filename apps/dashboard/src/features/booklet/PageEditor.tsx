import { useEffect, useState } from 'react';
import { Button, Grid, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Lang, Page, Section } from '@campsite/shared';
import { B, pickTranslation } from '@campsite/shared';
import { useSession } from '../../app/session';
import { useConfirm } from '../../components/confirm';
import { FlashBanner, useFlash } from '../../components/flash';
import { IconImage } from '../../components/IconPicker';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { PageHeader, type Crumb } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { useIcons, useSectionDelete, useSectionDuplicate, useSectionOrder } from './api/booklet-queries';
import { CoverEditor } from './CoverEditor';
import { PagePreview } from './PagePreview';
import { RowButtons } from './RowButtons';
import { SectionForm, type SectionDraft, draftOf, emptySection, sectionBody } from './SectionForm';
import { ServiceButtonForm } from './ServiceButtonForm';
import { moved, nameIn } from './texts';
import { usePageCover } from './api/booklet-queries';

/** 001 §2 'Page editor': cover, sections (list mode / edit mode), service button, live preview. */
export function PageEditor({ page, crumbs }: { page: Page; crumbs: Crumb[] }) {
  const { defaultLang, langs } = useSession();
  const [lang, setLang] = useState<Lang>(defaultLang);
  const [draft, setDraft] = useState<SectionDraft | null>(null);
  const [sections, setSections] = useState<Section[]>(page.sections);
  const flash = useFlash();
  const confirm = useConfirm();
  const order = useSectionOrder();
  const duplicate = useSectionDuplicate();
  const remove = useSectionDelete();
  const cover = usePageCover();
  const icons = useIcons().data ?? [];
  useEffect(() => setSections(page.sections), [page.sections]);

  async function move(index: number, delta: -1 | 1) {
    const next = moved(sections, index, delta);
    if (!next) return;
    setSections(next);
    try {
      if (!(await order.mutateAsync({ id: page._id, sections: next.map((s) => ({ key: s.key })) }))) flash.setError(errorSentence(B.orderSection, null, 1));
    } catch (err) {
      setSections(page.sections);
      flash.setError(errorSentence(B.orderSection, err, 2));
    }
  }

  async function onDuplicate(s: Section) {
    if (!(await confirm({ message: B.confirmDuplicateSection }))) return;
    try {
      if (await duplicate.mutateAsync({ id: page._id, key: s.key })) flash.setSuccess(B.sectionDuplicated);
      else flash.setError(errorSentence(B.duplicateSection, null, 1));
    } catch (err) {
      flash.setError(errorSentence(B.duplicateSection, err, 2));
    }
  }

  async function onDelete(s: Section) {
    if (!(await confirm({ message: B.confirmDeleteSection }))) return;
    try {
      if (await remove.mutateAsync({ id: page._id, key: s.key })) flash.setSuccess(B.sectionDeleted);
      else flash.setError(errorSentence(B.deleteSection, null, 1));
    } catch (err) {
      flash.setError(errorSentence(B.deleteSection, err, 2));
    }
  }

  // the preview shows the section being edited as it is typed
  const previewSections = (() => {
    if (!draft) return sections;
    const body = sectionBody(draft, langs, defaultLang);
    const live = { ...body, prev: icons.find((i) => i._id === draft.icon)?.prev ?? null };
    return draft.key === undefined ? [...sections, live] : sections.map((s) => (s.key === draft.key ? live : s));
  })();
  const title = nameIn(page.translations, lang);

  return (
    <>
      <PageHeader title={title || 'Page'} crumbs={crumbs} actions={<LanguageSwitcher value={lang} onChange={setLang} />} />
      <FlashBanner flash={flash} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack>
            <CoverEditor
              value={page.cover}
              onSave={async (id) => {
                try {
                  if (await cover.mutateAsync({ id: page._id, cover: id })) flash.setSuccess(B.coverUpdated);
                  else flash.setError(errorSentence(B.updateCover, null, 1));
                } catch (err) {
                  flash.setError(errorSentence(B.updateCover, err, 2));
                }
              }}
            />
            {draft ? (
              <SectionForm pageId={page._id} draft={draft} setDraft={setDraft} lang={lang} setLang={setLang} flash={flash} onDone={() => setDraft(null)} />
            ) : (
              <Paper withBorder p="lg" radius="md">
                <Group justify="space-between" mb="sm">
                  <Text fw={600}>Sections</Text>
                  <Button size="xs" onClick={() => setDraft(emptySection())}>
                    Ajouter une section
                  </Button>
                </Group>
                {sections.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    {B.noSection}
                  </Text>
                ) : (
                  <Stack gap={6}>
                    {sections.map((s, i) => {
                      const t = pickTranslation(s.translations, lang, defaultLang, 'title');
                      return (
                        <Group key={`${s.key}-${i}`} justify="space-between" wrap="wrap" gap={6} p={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
                          <UnstyledButton onClick={() => setDraft(draftOf(s))} aria-label={`Modifier la section ${t}`} style={{ flex: '1 1 160px', minWidth: 140 }}>
                            <Group gap="sm" wrap="nowrap">
                              <IconImage file={s.prev} size={24} />
                              <Text size="sm" fw={500} truncate>
                                {t}
                              </Text>
                            </Group>
                          </UnstyledButton>
                          <RowButtons
                            item={t}
                            actions={[
                              { label: 'Monter', disabled: i === 0, onClick: () => void move(i, -1) },
                              { label: 'Descendre', disabled: i === sections.length - 1, onClick: () => void move(i, 1) },
                              { label: 'Dupliquer', onClick: () => void onDuplicate(s) },
                              { label: 'Supprimer', color: 'red', onClick: () => void onDelete(s) },
                            ]}
                          />
                        </Group>
                      );
                    })}
                  </Stack>
                )}
              </Paper>
            )}
            <ServiceButtonForm page={page} lang={lang} flash={flash} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <PagePreview
            title={title}
            cover={page.cover}
            sections={previewSections}
            lang={lang}
            defaultLang={defaultLang}
            button={page.link || page.service ? pickTranslation(page.translations, lang, defaultLang, 'title') : undefined}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}
