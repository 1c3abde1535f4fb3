import { useCallback, useState } from 'react';
import { Alert, Button, Grid, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Page, Section } from '@campsite/shared';
import { BOOKLET, SECTION_LINK_FIELDS, pickTranslation, validateSectionLinks } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { useReorder, useRowAction } from '../../components/rows';
import { FlashBanner, useFlash } from '../../components/flash';
import { IconImage } from '../../components/IconPicker';
import { PageHeader, type Crumb } from '../../components/PageHeader';
import { RowActions, listContainer } from '../../components/RowActions';
import { errorSentence } from '../../lib/errors';
import { useIcons, usePageCover, useSectionDelete, useSectionDuplicate, useSectionOrder } from './api/booklet-queries';
import { CoverEditor } from './CoverEditor';
import { PagePreview } from './PagePreview';
import { SectionForm, sectionBody, type LiveSection } from './SectionForm';
import { ServiceButtonBlock } from './ServiceButtonForm';
import { nameIn } from './texts';

/** 001 §2 'Page editor': cover, sections (list mode / edit mode), service button, live preview. */
export function PageEditor({ page, crumbs }: { page: Page; crumbs: Crumb[] }) {
  const { defaultLang, langs } = useSession();
  const [editing, setEditing] = useState<Section | 'new' | null>(null);
  const [live, setLive] = useState<LiveSection | null>(null);
  const flash = useFlash();
  const order = useSectionOrder();
  const duplicate = useSectionDuplicate();
  const remove = useSectionDelete();
  const cover = usePageCover();
  const icons = useIcons().data ?? [];
  const onLive = useCallback((l: LiveSection | null) => setLive(l), []);

  const run = useRowAction(flash);
  const rows = useReorder(page.sections, (next) => order.mutateAsync({ id: page._id, sections: next.map((s) => ({ key: s.key })) }), flash, BOOKLET.orderSection);
  const sections = rows.items ?? page.sections;

  // the preview shows the section being edited as it is typed, in the form's language, without the
  // links the form refuses (checked as they are typed, by the same rules as the submit)
  const lang = live?.lang ?? defaultLang;
  const previewSections = (() => {
    if (!live || !editing) return sections;
    const body = sectionBody(live.values, langs, defaultLang);
    const invalid = validateSectionLinks(body);
    const refused = Object.fromEntries(SECTION_LINK_FIELDS.filter((k) => live.errors[k] || invalid[k]).map((k) => [k, '']));
    const shown = { ...body, ...refused, prev: icons.find((i) => i._id === live.values.icon)?.prev ?? null };
    return editing === 'new' ? [...sections, shown] : sections.map((s) => (s.key === editing.key ? shown : s));
  })();
  const title = nameIn(page.translations, defaultLang);
  const isSubPage = !page.category;

  return (
    <>
      <PageHeader title={title || 'Page'} crumbs={crumbs} />
      <FlashBanner flash={flash} />
      {sections.length === 0 && !editing && (
        <Alert color="orange" mb="md" title="Cette page est vide">
          {isSubPage
            ? "Vos clients ne verront que le titre de cette sous-catégorie tant que sa page n'a pas de section. Ajoutez-en une."
            : "Vos clients ne verront que le titre de cette page tant qu'elle n'a pas de section. Ajoutez-en une."}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack>
            <CoverEditor
              value={page.cover}
              onSave={async (id) => {
                try {
                  if (await cover.mutateAsync({ id: page._id, cover: id })) flash.setSuccess(BOOKLET.coverUpdated);
                  else flash.setError(errorSentence(BOOKLET.updateCover, null, 1));
                } catch (err) {
                  flash.setError(errorSentence(BOOKLET.updateCover, err, 2));
                }
              }}
            />
            {editing ? (
              <SectionForm
                key={editing === 'new' ? 'new' : editing.key}
                pageId={page._id}
                section={editing === 'new' ? null : editing}
                flash={flash}
                onDone={() => setEditing(null)}
                onLive={onLive}
              />
            ) : (
              <Paper withBorder p="lg" radius="md" className={listContainer}>
                <Group justify="space-between" mb="sm">
                  <Text fw={600} component="h2">
                    Sections
                  </Text>
                  <Button size="xs" onClick={() => (flash.clear(), setEditing('new'))}>
                    Ajouter une section
                  </Button>
                </Group>
                {sections.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    {BOOKLET.noSection}
                  </Text>
                ) : (
                  <Stack gap={0}>
                    {sections.map((s, i) => {
                      const t = pickTranslation(s.translations, defaultLang, defaultLang, 'title');
                      return (
                        <Group key={`${s.key}-${i}`} justify="space-between" wrap="nowrap" gap={6} py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="section-row">
                          <UnstyledButton onClick={() => (flash.clear(), setEditing(s))} style={{ flex: '1 1 auto', minWidth: 0 }} title={`Modifier la section ${t}`}>
                            <Group gap="sm" wrap="nowrap">
                              <IconImage file={s.prev} size={24} />
                              <Text size="sm" fw={600} truncate c="blue.8" td="underline">
                                {t}
                              </Text>
                            </Group>
                          </UnstyledButton>
                          <RowActions
                            item={t}
                            onEdit={() => (flash.clear(), setEditing(s))}
                            onMove={(step) => void rows.move(i, step)}
                            first={i === 0}
                            last={i === sections.length - 1}
                            busy={rows.busy}
                            onDuplicate={() => void run(BOOKLET.confirmDuplicateSection, () => duplicate.mutateAsync({ id: page._id, key: s.key }), BOOKLET.sectionDuplicated, BOOKLET.duplicateSection)}
                            onDelete={() => void run(BOOKLET.confirmDeleteSection, () => remove.mutateAsync({ id: page._id, key: s.key }), BOOKLET.sectionDeleted, BOOKLET.deleteSection)}
                          />
                        </Group>
                      );
                    })}
                  </Stack>
                )}
              </Paper>
            )}
            <ServiceButtonBlock page={page} flash={flash} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <PagePreview
            title={nameIn(page.translations, lang)}
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
