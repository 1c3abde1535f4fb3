import { ScreenLoader, EmptyState } from '../../components/ListStates';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { Category, CategoryType, Group as Rubric, Lang } from '@campsite/shared';
import { B, M, TITLE_40, categories, categoryInsert, missingLanguages, slugify } from '@campsite/shared';
import { useSession } from '../../app/session';
import { useConfirm, useTranslationWarning } from '../../components/confirm';
import { FlashBanner, useFlash, type Flash } from '../../components/flash';
import { IconImage, IconPicker } from '../../components/IconPicker';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { keyOf } from '../../lib/query';
import {
  useCategories,
  useCategoryDelete,
  useCategoryDuplicate,
  useCategoryInsert,
  useCategoryOrder,
  useCategoryUpdate,
  useGroups,
} from './api/booklet-queries';
import { RowButtons } from './RowButtons';
import { type LangTexts, checkForm, langsWithErrors, moved, nameIn, textsOf, translationsOf } from './texts';

interface Form {
  _id?: string;
  group: string;
  type: CategoryType | null;
  /** the type saved, to confirm a change */
  savedType?: CategoryType;
  icon: string | null;
  name: LangTexts;
}

export const TYPE_LABELS: Record<CategoryType, string> = { page: 'Page', list: 'Liste' };

/** 001 §2 'Categories (inside a rubric)': ordered list with Monter, Descendre, Éditer, Dupliquer, Supprimer. */
export default function CategoriesScreen() {
  const { groupId = '' } = useParams();
  const { defaultLang } = useSession();
  const [lang, setLang] = useState<Lang>(defaultLang);
  const [form, setForm] = useState<Form | null>(null);
  const flash = useFlash();
  const groups = useGroups();
  const group = groups.data?.find((g) => g._id === groupId);
  const list = useCategories(groupId);
  const order = useCategoryOrder();
  const duplicate = useCategoryDuplicate();
  const remove = useCategoryDelete();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const client = useQueryClient();
  const groupName = nameIn(group?.translations, lang);

  async function move(index: number, delta: -1 | 1) {
    const next = list.data && moved(list.data, index, delta);
    if (!next) return;
    // the change shows at once (001 §4); the answer replaces it
    client.setQueryData(keyOf(categories.findByGroup, { group: groupId }), next.map((c, i) => ({ ...c, order: i })));
    try {
      const saved = await order.mutateAsync({ categories: next.map((c) => ({ _id: c._id })) });
      if (!saved) flash.setError(errorSentence(B.orderCategory, null, 1));
    } catch (err) {
      flash.setError(errorSentence(B.orderCategory, err, 2));
      void list.refetch();
    }
  }

  async function onDuplicate(c: Category) {
    if (!(await confirm({ message: B.confirmDuplicateCategory }))) return;
    try {
      const copy = await duplicate.mutateAsync({ id: c._id });
      if (copy) flash.setSuccess(B.categoryDuplicated);
      else flash.setError(errorSentence(B.duplicateCategory, null, 1));
    } catch (err) {
      flash.setError(errorSentence(B.duplicateCategory, err, 2));
    }
  }

  async function onDelete(c: Category) {
    if (!(await confirm({ message: B.confirmDeleteCategory }))) return;
    try {
      if (await remove.mutateAsync({ id: c._id })) flash.setSuccess(B.categoryDeleted);
      else flash.setError(errorSentence(B.deleteCategory, null, 1));
    } catch (err) {
      flash.setError(errorSentence(B.deleteCategory, err, 2));
    }
  }

  return (
    <>
      <PageHeader
        title={groupName || 'Rubrique'}
        crumbs={[{ label: 'Rubriques', to: '/rubriques' }, { label: groupName || '…' }]}
        actions={
          <Group>
            <LanguageSwitcher value={lang} onChange={setLang} />
            {!form && <Button onClick={() => setForm({ group: groupId, type: null, icon: null, name: {} })}>Ajouter une catégorie</Button>}
          </Group>
        }
      />
      <FlashBanner flash={flash} />
      {form ? (
        <CategoryForm initial={form} groups={groups.data ?? []} lang={lang} setLang={setLang} flash={flash} onDone={() => setForm(null)} />
      ) : list.error ? (
        <Text c="red">{errorSentence(B.fetchCategories, list.error)}</Text>
      ) : !list.data ? (
        <ScreenLoader />
      ) : list.data.length === 0 ? (
        <EmptyState>{B.noCategory}</EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>Icône</Table.Th>
                <Table.Th>Nom</Table.Th>
                <Table.Th visibleFrom="sm">Type</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((c, i, all) => {
                const name = nameIn(c.translations, lang);
                return (
                  <Table.Tr key={c._id}>
                    <Table.Td>
                      <IconImage file={c.prev} />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component="button" fw={500} ta="left" onClick={() => navigate(`/rubriques/${groupId}/${c._id}`)}>
                        {name || '(sans nom)'}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        /{c.translations[0]?.url}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Badge variant="light" color={c.type === 'page' ? 'blue' : 'grape'}>
                        {TYPE_LABELS[c.type]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <RowButtons
                        item={name}
                        actions={[
                          { label: 'Monter', disabled: i === 0, onClick: () => void move(i, -1) },
                          { label: 'Descendre', disabled: i === all.length - 1, onClick: () => void move(i, 1) },
                          { label: 'Éditer', onClick: () => setForm({ _id: c._id, group: c.group, type: c.type, savedType: c.type, icon: c.icon, name: textsOf(c.translations, 'name') }) },
                          { label: 'Dupliquer', onClick: () => void onDuplicate(c) },
                          { label: 'Supprimer', color: 'red', onClick: () => void onDelete(c) },
                        ]}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </>
  );
}

function CategoryForm({ initial, groups, lang, setLang, flash, onDone }: { initial: Form; groups: Rubric[]; lang: Lang; setLang(l: Lang): void; flash: Flash; onDone(): void }) {
  const { langs, defaultLang } = useSession();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const insert = useCategoryInsert();
  const update = useCategoryUpdate();
  const warn = useTranslationWarning();
  const confirm = useConfirm();
  const editing = !!form._id;
  const group = groups.find((g) => g._id === form.group);
  const prefix = group?.translations.find((t) => t.lang === defaultLang)?.prefix ?? group?.translations[0]?.prefix ?? '';
  const action = editing ? B.updateCategory : B.createCategory;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = {
      group: form.group,
      type: form.type as CategoryType,
      icon: form.icon ?? '',
      translations: translationsOf(langs, { name: form.name }).filter((t) => t.name.trim() || t.lang === defaultLang),
    };
    const found = checkForm(categoryInsert, body, defaultLang, [TITLE_40]);
    setErrors(found);
    if (Object.keys(found).length) return flash.setError(M.formError);
    if (editing && form.savedType && form.type !== form.savedType && !(await confirm({ message: B.confirmTypeChange }))) return;
    if (!(await warn(B.categoryNotTranslated, missingLanguages(body.translations, langs, ['name'])))) return;
    try {
      const saved = editing ? await update.mutateAsync({ _id: form._id!, ...body }) : await insert.mutateAsync(body);
      if (saved === 1) return flash.setError(B.duplicatePageName);
      if (!saved) return flash.setError(errorSentence(action, null, 1));
      flash.setSuccess(editing ? B.categoryUpdated : B.categoryCreated);
      onDone();
    } catch (err) {
      flash.setError(errorSentence(action, err, 2));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" maw={680} component="form" onSubmit={submit} noValidate>
      <Stack>
        <Group justify="space-between" gap="sm">
          <Text fw={600}>{editing ? 'Modifier la catégorie' : 'Nouvelle catégorie'}</Text>
          <LanguageSwitcher value={lang} onChange={setLang} withErrors={langsWithErrors(errors)} />
        </Group>
        <Select
          label="Rubrique"
          required
          data={groups.map((g) => ({ value: g._id, label: nameIn(g.translations, defaultLang) }))}
          value={form.group || null}
          onChange={(v) => setForm((f) => ({ ...f, group: v ?? '' }))}
          error={errors.group}
          allowDeselect={false}
        />
        <div>
          <Text size="sm" fw={600} mb={4}>
            Type de catégorie <span style={{ color: 'var(--mantine-color-red-6)' }}>*</span>
          </Text>
          <SegmentedControl
            aria-label="Type de catégorie"
            data={[
              { value: 'page', label: 'Page' },
              { value: 'list', label: 'Liste' },
            ]}
            value={form.type ?? ''}
            onChange={(v) => setForm((f) => ({ ...f, type: v as CategoryType }))}
          />
          {errors.type && (
            <Text size="xs" c="red" mt={4}>
              {errors.type}
            </Text>
          )}
        </div>
        <IconPicker label="Icône" required value={form.icon} onChange={(icon) => setForm((f) => ({ ...f, icon }))} error={errors.icon} />
        <TextInput
          label={`Nom (${lang.toUpperCase()})`}
          required={lang === defaultLang}
          maxLength={60}
          value={form.name[lang] ?? ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setForm((f) => ({ ...f, name: { ...f.name, [lang]: v } }));
          }}
          error={errors[`name.${lang}`]}
        />
        <TextInput label="URL" readOnly value={`${prefix}/${slugify(form.name[defaultLang] ?? '')}`} description="Préfixe de la rubrique / suffixe de la catégorie (langue par défaut)" />
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
