import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Box, Button, Grid, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { List, ListElement } from '@campsite/shared';
import { BOOKLET, ELEMENT_TEXT, listElementInsert, pages, pickTranslation, textErrors, textOn } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { useReorder, useRowAction } from '../../components/rows';
import { FlashBanner, useFlash, type Flash } from '../../components/flash';
import { FormCard } from '../../components/FormCard';
import { langTexts, pickerProps, toTranslations, useContractForm, type LangTexts } from '../../components/form';
import { IconImage, IconPicker } from '../../components/IconPicker';
import { PageHeader, type Crumb } from '../../components/PageHeader';
import { RowActions, listContainer } from '../../components/RowActions';
import { TranslatedInput } from '../../components/translated';
import { errorSentence } from '../../lib/errors';
import { useCall } from '../../lib/query';
import { useCurrentTheme, useElementDelete, useElementInsert, useElementOrder, useElementTransform, useElementUpdate, useListCover } from './api/booklet-queries';
import { CoverEditor } from './CoverEditor';
import { PhoneFrame } from './PagePreview';
import { nameIn } from './texts';

/** Used when the guest app has no theme yet. */
const FALLBACK = ['2a6f97', 'e07a5f', '3d8b5a', 'f2a541'];

/** 001 §2 'List screen': the sub-categories of a list category, its cover, and a side preview. */
export function ListEditor({ list, groupId, crumbs }: { list: List; groupId: string; crumbs: Crumb[] }) {
  const { defaultLang } = useSession();
  const [editing, setEditing] = useState<ListElement | 'new' | null>(null);
  const flash = useFlash();
  const order = useElementOrder();
  const remove = useElementDelete();
  const transform = useElementTransform();
  const cover = useListCover();
  const theme = useCurrentTheme().data;
  // a sub-category whose page has no section shows guests only its title: it is flagged
  const empty = new Set((useCall(pages.list, { nocover: true }).data ?? []).filter((p) => p.sections.length === 0).map((p) => p._id));
  const colors = theme ? [theme.color1, theme.color2, theme.color3, theme.color4] : FALLBACK;

  const run = useRowAction(flash);
  const rows = useReorder(list.elements, (next) => order.mutateAsync({ id: list._id, elements: next.map((e) => ({ key: e.key })) }), flash, BOOKLET.orderElements);
  const elements = rows.items ?? list.elements;

  const title = nameIn(list.translations, defaultLang);
  const pageOf = (e: ListElement) => `/rubriques/${groupId}/${list.category}/${e.page}`;
  return (
    <>
      <PageHeader title={title || 'Liste'} crumbs={crumbs} />
      <FlashBanner flash={flash} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack>
            <CoverEditor
              value={list.cover}
              onSave={async (id) => {
                try {
                  if (await cover.mutateAsync({ id: list._id, cover: id })) flash.setSuccess(BOOKLET.coverUpdated);
                  else flash.setError(errorSentence(BOOKLET.updateCover, null, 1));
                } catch (err) {
                  flash.setError(errorSentence(BOOKLET.updateCover, err, 2));
                }
              }}
            />
            {editing ? (
              <ElementForm key={editing === 'new' ? 'new' : editing.key} listId={list._id} current={editing === 'new' ? null : editing} flash={flash} onDone={() => setEditing(null)} />
            ) : (
              <Paper withBorder p="lg" radius="md" className={listContainer}>
                <Group justify="space-between" mb="sm">
                  <Text fw={600} component="h2">
                    Sous-catégories
                  </Text>
                  <Button size="xs" onClick={() => (flash.clear(), setEditing('new'))}>
                    Ajouter une sous-catégorie
                  </Button>
                </Group>
                {elements.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {BOOKLET.noSubcategory}
                  </Text>
                ) : (
                  <Stack gap={0}>
                    {elements.map((e, i) => {
                      const text = pickTranslation(e.translations, defaultLang, defaultLang, 'text');
                      return (
                        <Group key={e.page} justify="space-between" wrap="nowrap" gap={6} py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="subcategory-row">
                          <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 auto', minWidth: 0 }}>
                            <IconImage file={e.prev} size={24} />
                            <Anchor component={Link} to={pageOf(e)} size="sm" fw={600} truncate>
                              {text}
                            </Anchor>
                            {empty.has(e.page) && (
                              <Tooltip label="Sa page n'a pas de section : vos clients n'y verront que le titre.">
                                <Badge color="orange" variant="light" tt="none" style={{ flexShrink: 0 }}>
                                  Page vide
                                </Badge>
                              </Tooltip>
                            )}
                          </Group>
                          <RowActions
                            item={text}
                            onEdit={() => (flash.clear(), setEditing(e))}
                            onMove={(step) => void rows.move(i, step)}
                            first={i === 0}
                            last={i === elements.length - 1}
                            busy={rows.busy}
                            open={pageOf(e)}
                            extra={[{ label: 'Transformer en catégorie', onClick: () => void run(BOOKLET.confirmTransform, () => transform.mutateAsync({ id: list._id, page: e.page }), BOOKLET.subcategoryTransformed, BOOKLET.transformElement) }]}
                            onDelete={() => void run(BOOKLET.confirmDeleteSubcategory, () => remove.mutateAsync({ id: list._id, key: e.key }), BOOKLET.subcategoryDeleted, BOOKLET.deleteElement)}
                          />
                        </Group>
                      );
                    })}
                  </Stack>
                )}
              </Paper>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <PhoneFrame label="Aperçu de la liste">
            {list.cover ? <Box h={120} style={{ background: `center / cover url(/api/dashboard/files/get?id=${list.cover}&width=720)` }} /> : <Box h={48} bg="gray.2" />}
            <Stack gap={8} p="sm">
              <Text fw={700} size="lg">
                {title}
              </Text>
              {elements.map((e, i) => (
                <Group key={e.page} gap="sm" p="sm" wrap="nowrap" style={{ background: `#${colors[i % 4]}`, borderRadius: 10, color: textOn(`#${colors[i % 4]}`) }}>
                  <Box bg="white" p={4} style={{ borderRadius: 8, display: 'flex' }}>
                    <IconImage file={e.prev} size={22} />
                  </Box>
                  <Text fw={600} size="sm">
                    {pickTranslation(e.translations, defaultLang, defaultLang, 'text')}
                  </Text>
                </Group>
              ))}
            </Stack>
          </PhoneFrame>
        </Grid.Col>
      </Grid>
    </>
  );
}

interface Values extends Record<string, unknown> {
  icon: string | null;
  text: LangTexts;
}

function ElementForm({ listId, current, flash, onDone }: { listId: string; current: ListElement | null; flash: Flash; onDone(): void }) {
  const { langs, defaultLang } = useSession();
  const insert = useElementInsert();
  const update = useElementUpdate();
  const f = useContractForm({
    initial: { icon: current?.icon ?? null, text: langTexts(current?.translations, 'text') } as Values,
    schema: listElementInsert,
    toBody: (v) => ({ icon: v.icon ?? '', translations: toTranslations({ text: v.text }, langs, defaultLang) }),
    check: (_, body) => textErrors(body.translations, defaultLang, [ELEMENT_TEXT]),
    translated: { fields: ['text'], warning: BOOKLET.subcategoryNotTranslated },
    save: (body) => (current ? update.mutateAsync({ id: listId, key: current.key, ...body }) : insert.mutateAsync({ id: listId, ...body })),
    action: current ? BOOKLET.updateElement : BOOKLET.createElement,
    success: current ? BOOKLET.subcategoryUpdated : BOOKLET.subcategoryCreated,
    onSaved: onDone,
    flash,
  });
  return (
    <FormCard form={f} title={current ? 'Modifier la sous-catégorie' : 'Nouvelle sous-catégorie'} submit={current ? 'Mettre à jour' : 'Créer'} onCancel={onDone} translated>
      <IconPicker label="Icône" required {...pickerProps(f, 'icon')} />
      <TranslatedInput form={f} field="text" label="Texte" max={ELEMENT_TEXT.max} />
    </FormCard>
  );
}
