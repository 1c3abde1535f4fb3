import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Box, Button, Grid, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { Lang, List, ListElement } from '@campsite/shared';
import { B, ELEMENT_TEXT, M, elementInput, missingLanguages, pickTranslation } from '@campsite/shared';
import { useSession } from '../../app/session';
import { useConfirm, useTranslationWarning } from '../../components/confirm';
import { FlashBanner, useFlash, type Flash } from '../../components/flash';
import { IconImage, IconPicker } from '../../components/IconPicker';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { PageHeader, type Crumb } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import {
  useCurrentTheme,
  useElementDelete,
  useElementInsert,
  useElementOrder,
  useElementTransform,
  useElementUpdate,
  useListCover,
} from './api/booklet-queries';
import { CoverEditor } from './CoverEditor';
import { PhoneFrame } from './PagePreview';
import { RowButtons } from './RowButtons';
import { type LangTexts, checkForm, langsWithErrors, moved, nameIn, textsOf, translationsOf } from './texts';

/** Used when the guest app has no theme yet. */
const FALLBACK = ['2a6f97', 'e07a5f', '3d8b5a', 'f2a541'];

interface Draft {
  key?: number;
  icon: string | null;
  text: LangTexts;
}

/** 001 §2 'List screen': the sub-categories of a list category, its cover, and a side preview. */
export function ListEditor({ list, groupId, crumbs }: { list: List; groupId: string; crumbs: Crumb[] }) {
  const { defaultLang } = useSession();
  const [lang, setLang] = useState<Lang>(defaultLang);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [elements, setElements] = useState<ListElement[]>(list.elements);
  useEffect(() => setElements(list.elements), [list.elements]);
  const flash = useFlash();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const order = useElementOrder();
  const remove = useElementDelete();
  const transform = useElementTransform();
  const cover = useListCover();
  const theme = useCurrentTheme().data;
  const colors = theme ? [theme.color1, theme.color2, theme.color3, theme.color4] : FALLBACK;

  async function move(index: number, delta: -1 | 1) {
    const next = moved(elements, index, delta);
    if (!next) return;
    setElements(next);
    try {
      if (!(await order.mutateAsync({ id: list._id, elements: next.map((e) => ({ key: e.key })) }))) flash.setError(errorSentence(B.orderElements, null, 1));
    } catch (err) {
      setElements(list.elements);
      flash.setError(errorSentence(B.orderElements, err, 2));
    }
  }

  async function onDelete(e: ListElement) {
    if (!(await confirm({ message: B.confirmDeleteSubcategory }))) return;
    try {
      if (await remove.mutateAsync({ id: list._id, key: e.key })) flash.setSuccess(B.subcategoryDeleted);
      else flash.setError(errorSentence(B.deleteElement, null, 1));
    } catch (err) {
      flash.setError(errorSentence(B.deleteElement, err, 2));
    }
  }

  async function onTransform(e: ListElement) {
    if (!(await confirm({ message: B.confirmTransform }))) return;
    try {
      if (await transform.mutateAsync({ id: list._id, page: e.page })) flash.setSuccess(B.subcategoryTransformed);
      else flash.setError(errorSentence(B.transformElement, null, 1));
    } catch (err) {
      flash.setError(errorSentence(B.transformElement, err, 2));
    }
  }

  const title = nameIn(list.translations, lang);
  return (
    <>
      <PageHeader title={title || 'Liste'} crumbs={crumbs} actions={<LanguageSwitcher value={lang} onChange={setLang} />} />
      <FlashBanner flash={flash} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack>
            <CoverEditor
              value={list.cover}
              onSave={async (id) => {
                try {
                  if (await cover.mutateAsync({ id: list._id, cover: id })) flash.setSuccess(B.coverUpdated);
                  else flash.setError(errorSentence(B.updateCover, null, 1));
                } catch (err) {
                  flash.setError(errorSentence(B.updateCover, err, 2));
                }
              }}
            />
            {draft ? (
              <ElementForm listId={list._id} initial={draft} lang={lang} setLang={setLang} flash={flash} onDone={() => setDraft(null)} />
            ) : (
              <Paper withBorder p="lg" radius="md">
                <Group justify="space-between" mb="sm">
                  <Text fw={600}>Sous-catégories</Text>
                  <Button size="xs" onClick={() => setDraft({ icon: null, text: {} })}>
                    Ajouter une sous-catégorie
                  </Button>
                </Group>
                {elements.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {B.noSubcategory}
                  </Text>
                ) : (
                  <Stack gap={6}>
                    {elements.map((e, i) => {
                      const text = pickTranslation(e.translations, lang, defaultLang, 'text');
                      return (
                        <Group key={e.page} justify="space-between" wrap="wrap" gap={6} p={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
                          <UnstyledButton onClick={() => navigate(`/rubriques/${groupId}/${list.category}/${e.page}`)} aria-label={`Ouvrir la page ${text}`} style={{ flex: '1 1 160px', minWidth: 140 }}>
                            <Group gap="sm" wrap="nowrap">
                              <IconImage file={e.prev} size={24} />
                              <Text size="sm" fw={500} truncate>
                                {text}
                              </Text>
                            </Group>
                          </UnstyledButton>
                          <RowButtons
                            item={text}
                            actions={[
                              { label: 'Monter', disabled: i === 0, onClick: () => void move(i, -1) },
                              { label: 'Descendre', disabled: i === elements.length - 1, onClick: () => void move(i, 1) },
                              { label: 'Éditer', onClick: () => setDraft({ key: e.key, icon: e.icon, text: textsOf(e.translations, 'text') }) },
                              { label: 'Transformer en catégorie', onClick: () => void onTransform(e) },
                              { label: 'Supprimer', color: 'red', onClick: () => void onDelete(e) },
                            ]}
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
                <Group key={e.page} gap="sm" p="sm" wrap="nowrap" style={{ background: `#${colors[i % 4]}`, borderRadius: 10, color: 'white' }}>
                  <Box bg="white" p={4} style={{ borderRadius: 8, display: 'flex' }}>
                    <IconImage file={e.prev} size={22} />
                  </Box>
                  <Text fw={600} size="sm">
                    {pickTranslation(e.translations, lang, defaultLang, 'text')}
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

function ElementForm({ listId, initial, lang, setLang, flash, onDone }: { listId: string; initial: Draft; lang: Lang; setLang(l: Lang): void; flash: Flash; onDone(): void }) {
  const { langs, defaultLang } = useSession();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const insert = useElementInsert();
  const update = useElementUpdate();
  const warn = useTranslationWarning();
  const editing = draft.key !== undefined;
  const action = editing ? B.updateElement : B.createElement;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = { icon: draft.icon ?? '', translations: translationsOf(langs, { text: draft.text }).filter((t) => t.text.trim() || t.lang === defaultLang) };
    const found = checkForm(elementInput, body, defaultLang, [ELEMENT_TEXT]);
    setErrors(found);
    if (Object.keys(found).length) return flash.setError(M.formError);
    if (!(await warn(B.subcategoryNotTranslated, missingLanguages(body.translations, langs, ['text'])))) return;
    try {
      const saved = editing ? await update.mutateAsync({ id: listId, key: draft.key!, ...body }) : await insert.mutateAsync({ id: listId, ...body });
      if (!saved) return flash.setError(errorSentence(action, null, 1));
      flash.setSuccess(editing ? B.subcategoryUpdated : B.subcategoryCreated);
      onDone();
    } catch (err) {
      flash.setError(errorSentence(action, err, 2));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        <Group justify="space-between" gap="sm">
          <Text fw={600}>{editing ? 'Modifier la sous-catégorie' : 'Nouvelle sous-catégorie'}</Text>
          <LanguageSwitcher value={lang} onChange={setLang} withErrors={langsWithErrors(errors)} />
        </Group>
        <IconPicker label="Icône" required value={draft.icon} onChange={(icon) => setDraft((d) => ({ ...d, icon }))} error={errors.icon} />
        <TextInput
          label={`Texte (${lang.toUpperCase()})`}
          required={lang === defaultLang}
          maxLength={60}
          value={draft.text[lang] ?? ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setDraft((d) => ({ ...d, text: { ...d.text, [lang]: v } }));
          }}
          error={errors[`text.${lang}`]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Annuler
          </Button>
          <Button type="submit" loading={insert.isPending || update.isPending}>
            {editing ? 'Mettre à jour' : 'Créer'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
