import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Group, Radio, Select, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import type { Category, CategoryType, Group as Rubric } from '@campsite/shared';
import { BOOKLET, TITLE_40, categoryInsert, slugify, textErrors } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useConfirm } from '../../components/confirm';
import { WholeBadge } from '../../components/WholeBadge';
import { useFlash, type Flash } from '../../components/flash';
import { FormCard } from '../../components/FormCard';
import { langTexts, pickerProps, toTranslations, useContractForm, type LangTexts } from '../../components/form';
import { IconImage, IconPicker } from '../../components/IconPicker';
import { ActionsTh, ListScreen, ListTable } from '../../components/ListScreen';
import { RowActions } from '../../components/RowActions';
import { TranslatedInput } from '../../components/translated';
import { useReorder, useRowAction } from '../../components/rows';
import { useCategories, useCategoryDelete, useCategoryDuplicate, useCategoryInsert, useCategoryOrder, useCategoryUpdate, useGroups } from './api/booklet-queries';
import { nameIn } from './texts';

export const TYPE_LABELS: Record<CategoryType, string> = { page: 'Page', list: 'Liste' };
const TYPE_HELP: Record<CategoryType, string> = {
  page: 'Une page de sections (texte, liens, photo).',
  list: 'Une liste de sous-catégories, chacune avec sa page.',
};

/** 001 §2 'Categories (inside a rubric)': ordered list with Monter, Descendre, Éditer, Dupliquer, Supprimer. */
export default function CategoriesScreen() {
  const { groupId = '' } = useParams();
  const { defaultLang } = useSession();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const flash = useFlash();
  const groups = useGroups();
  const group = groups.data?.find((g) => g._id === groupId);
  const list = useCategories(groupId);
  const order = useCategoryOrder();
  const duplicate = useCategoryDuplicate();
  const remove = useCategoryDelete();
  const groupName = nameIn(group?.translations, defaultLang);

  const run = useRowAction(flash);
  const rows = useReorder(list.data, (next) => order.mutateAsync({ categories: next.map((c) => ({ _id: c._id })) }), flash, BOOKLET.orderCategory);

  const open = (c: Category) => `/rubriques/${groupId}/${c._id}`;
  return (
    <ListScreen
      title={groupName || 'Rubrique'}
      crumbs={[...navCrumbs('/rubriques'), { label: groupName || '…' }]}
      action={{ label: 'Ajouter une catégorie', onClick: () => (flash.clear(), setEditing('new')) }}
      flash={flash}
      read={{ data: rows.items, error: list.error }}
      failed={BOOKLET.fetchCategories}
      empty={BOOKLET.noCategory}
      form={
        editing && (
          <CategoryForm key={editing === 'new' ? 'new' : editing._id} current={editing === 'new' ? null : editing} groupId={groupId} groups={groups.data ?? []} flash={flash} onDone={() => setEditing(null)} />
        )
      }
    >
      {(data) => (
        <ListTable
          head={
            <>
              <Table.Th w={60}>Icône</Table.Th>
              <Table.Th>Titre</Table.Th>
              <Table.Th w={90}>Type</Table.Th>
              <ActionsTh />
            </>
          }
        >
          {data.map((c, i) => {
            const name = nameIn(c.translations, defaultLang);
            return (
              <Table.Tr key={c._id}>
                <Table.Td>
                  <IconImage file={c.prev} />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={open(c)} fw={600}>
                    {name || '(sans nom)'}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    /{c.translations[0]?.url}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <WholeBadge color={c.type === 'page' ? 'blue' : 'grape'}>
                    {TYPE_LABELS[c.type]}
                  </WholeBadge>
                </Table.Td>
                <Table.Td>
                  <RowActions
                    item={name}
                    onEdit={() => (flash.clear(), setEditing(c))}
                    onMove={(step) => void rows.move(i, step)}
                    first={i === 0}
                    last={i === data.length - 1}
                    busy={rows.busy}
                    open={open(c)}
                    onDuplicate={() => void run(BOOKLET.confirmDuplicateCategory, () => duplicate.mutateAsync({ id: c._id }), BOOKLET.categoryDuplicated, BOOKLET.duplicateCategory)}
                    onDelete={() => void run(BOOKLET.confirmDeleteCategory, () => remove.mutateAsync({ id: c._id }), BOOKLET.categoryDeleted, BOOKLET.deleteCategory)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
    </ListScreen>
  );
}

interface Values extends Record<string, unknown> {
  group: string;
  type: CategoryType | null;
  icon: string | null;
  name: LangTexts;
}

function CategoryForm({ current, groupId, groups, flash, onDone }: { current: Category | null; groupId: string; groups: Rubric[]; flash: Flash; onDone(): void }) {
  const { langs, defaultLang } = useSession();
  const insert = useCategoryInsert();
  const update = useCategoryUpdate();
  const confirm = useConfirm();
  const f = useContractForm({
    initial: { group: current?.group ?? groupId, type: current?.type ?? null, icon: current?.icon ?? null, name: langTexts(current?.translations, 'name') } as Values,
    schema: categoryInsert,
    toBody: (v) => ({ group: v.group, type: v.type as CategoryType, icon: v.icon ?? '', translations: toTranslations({ name: v.name }, langs, defaultLang) }),
    check: (_, body) => textErrors(body.translations, defaultLang, [TITLE_40]),
    // changing the type deletes the page or the list below (001 §4)
    ask: (v) => (current && v.type !== current.type ? confirm({ message: BOOKLET.confirmTypeChange }) : true),
    translated: { fields: ['name'], warning: BOOKLET.categoryNotTranslated },
    save: (body) => (current ? update.mutateAsync({ _id: current._id, ...body }) : insert.mutateAsync(body)),
    refused: (answer) => (answer === 1 ? BOOKLET.duplicatePageName : null),
    action: current ? BOOKLET.updateCategory : BOOKLET.createCategory,
    success: current ? BOOKLET.categoryUpdated : BOOKLET.categoryCreated,
    onSaved: onDone,
    flash,
  });
  const { values } = f.form;
  const group = groups.find((g) => g._id === values.group);
  const prefix = group?.translations.find((t) => t.lang === defaultLang)?.prefix ?? group?.translations[0]?.prefix ?? '';
  const type = f.form.getInputProps('type');
  return (
    <FormCard form={f} title={current ? 'Modifier la catégorie' : 'Nouvelle catégorie'} submit={current ? 'Mettre à jour' : 'Créer'} onCancel={onDone} translated maw={680}>
      <Select
        label="Rubrique"
        required
        data={groups.map((g) => ({ value: g._id, label: nameIn(g.translations, defaultLang) }))}
        allowDeselect={false}
        {...f.form.getInputProps('group')}
      />
      {/* a real required choice: nothing is chosen until the user picks one */}
      <Radio.Group label="Type de catégorie" required value={(type.value as string | null) ?? ''} onChange={type.onChange} error={type.error}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt={6} spacing="sm">
          {(['page', 'list'] as const).map((t) => (
            <Radio.Card
              key={t}
              value={t}
              radius="md"
              p="sm"
              withBorder
              data-path={t === 'page' ? 'type' : undefined}
              // a refused choice shows on both cards, as a refused field does
              style={type.error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <div>
                  <Text fw={600} size="sm">
                    {TYPE_LABELS[t]}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {TYPE_HELP[t]}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <IconPicker label="Icône" required {...pickerProps(f, 'icon')} />
      <TranslatedInput form={f} field="name" label="Titre" max={TITLE_40.max} />
      <TextInput label="URL" readOnly value={`${prefix}/${slugify(values.name[defaultLang] ?? '')}`} description="Préfixe de la rubrique / suffixe de la catégorie (langue par défaut)" />
    </FormCard>
  );
}
