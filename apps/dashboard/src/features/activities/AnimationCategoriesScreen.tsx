import { useState } from 'react';
import { ColorSwatch, Group, Table, Text } from '@mantine/core';
import type { AnimationCategory } from '@campsite/shared';
import { ACTIVITIES, pickTranslation } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useRowAction } from '../../components/rows';
import { useFlash } from '../../components/flash';
import { ActionsTh, ListScreen, ListTable } from '../../components/ListScreen';
import { RowActions } from '../../components/RowActions';
import { useAnimationCategories, useDeleteCategory } from './api/animation-categories-queries';
import { CategoryForm } from './CategoryForm';

/** 001 §2 'Animation categories': list with a colour dot, edit and delete, and the create/edit form. */
export default function AnimationCategoriesScreen() {
  const { defaultLang } = useSession();
  const categories = useAnimationCategories();
  const remove = useDeleteCategory();
  const flash = useFlash();
  const [editing, setEditing] = useState<AnimationCategory | 'new' | null>(null);

  const run = useRowAction(flash);

  return (
    <ListScreen
      title={ACTIVITIES.categoriesTitle}
      crumbs={[...navCrumbs('/animation-categories'), ...(editing ? [{ label: editing === 'new' ? 'Ajouter' : 'Éditer' }] : [])]}
      action={{ label: 'Ajouter une catégorie', onClick: () => (flash.clear(), setEditing('new')) }}
      flash={flash}
      read={categories}
      failed={ACTIVITIES.categoriesFetchFailed}
      empty={ACTIVITIES.categoriesEmpty}
      form={editing && <CategoryForm key={editing === 'new' ? 'new' : editing._id} current={editing === 'new' ? null : editing} flash={flash} onDone={() => setEditing(null)} />}
    >
      {(data) => (
        <ListTable
          head={
            <>
              <Table.Th>Titre</Table.Th>
              <Table.Th visibleFrom="xs">Couleur</Table.Th>
              <ActionsTh />
            </>
          }
        >
          {data.map((c) => {
            const name = pickTranslation(c.translations, defaultLang, defaultLang, 'name');
            return (
              <Table.Tr key={c._id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <ColorSwatch color={`#${c.color}`} size={18} aria-hidden />
                    <Text size="sm" fw={600}>
                      {name}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="xs">
                  <Text size="sm" c="dimmed" ff="monospace">
                    #{c.color.toUpperCase()}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RowActions item={name} onEdit={() => (flash.clear(), setEditing(c))} onDelete={() => void run(null, () => remove.mutateAsync({ id: c._id }), ACTIVITIES.categoryDeleted, ACTIVITIES.categoryDeleteFailed)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
    </ListScreen>
  );
}
