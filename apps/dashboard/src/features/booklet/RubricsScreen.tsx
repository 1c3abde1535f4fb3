import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Table } from '@mantine/core';
import type { Group as Rubric } from '@campsite/shared';
import { BOOKLET, TITLE_40, groupInsert, textErrors } from '@campsite/shared';
import { useRowAction } from '../../components/rows';
import { useFlash, type Flash } from '../../components/flash';
import { FormCard } from '../../components/FormCard';
import { langTexts, pickerProps, toTranslations, useContractForm, type LangTexts } from '../../components/form';
import { IconImage, IconPicker } from '../../components/IconPicker';
import { ActionsTh, ListScreen, ListTable } from '../../components/ListScreen';
import { RowActions } from '../../components/RowActions';
import { TranslatedInput } from '../../components/translated';
import { useGroupDelete, useGroupInsert, useGroupUpdate, useGroups } from './api/booklet-queries';
import { nameIn } from './texts';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';

/** 001 §2 'Rubriques': the rubrics by default-language name, and their form (list view / edit view). */
export default function RubricsScreen() {
  const { defaultLang } = useSession();
  const [editing, setEditing] = useState<Rubric | 'new' | null>(null);
  const flash = useFlash();
  const groups = useGroups();
  const remove = useGroupDelete();
  const run = useRowAction(flash);

  return (
    <ListScreen
      title="Mes rubriques"
      crumbs={navCrumbs('/rubriques')}
      action={{ label: 'Ajouter une rubrique', onClick: () => (flash.clear(), setEditing('new')) }}
      flash={flash}
      read={groups}
      failed={BOOKLET.fetchRubrics}
      empty={BOOKLET.noRubric}
      form={editing && <RubricForm key={editing === 'new' ? 'new' : editing._id} current={editing === 'new' ? null : editing} flash={flash} onDone={() => setEditing(null)} />}
    >
      {(data) => (
        <ListTable
          head={
            <>
              <Table.Th w={60}>Icône</Table.Th>
              <Table.Th>Titre</Table.Th>
              <ActionsTh />
            </>
          }
        >
          {data.map((g) => {
            const name = nameIn(g.translations, defaultLang);
            return (
              <Table.Tr key={g._id}>
                <Table.Td>
                  <IconImage file={g.prev} />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/rubriques/${g._id}`} fw={600}>
                    {name || '(sans nom)'}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <RowActions item={name} onEdit={() => (flash.clear(), setEditing(g))} open={`/rubriques/${g._id}`} onDelete={() => void run(BOOKLET.confirmDeleteRubric, () => remove.mutateAsync({ id: g._id }), BOOKLET.rubricDeleted, BOOKLET.deleteRubric)} />
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
  icon: string | null;
  name: LangTexts;
}

function RubricForm({ current, flash, onDone }: { current: Rubric | null; flash: Flash; onDone(): void }) {
  const { langs, defaultLang } = useSession();
  const insert = useGroupInsert();
  const update = useGroupUpdate();
  const f = useContractForm({
    initial: { icon: current?.icon ?? null, name: langTexts(current?.translations, 'name') } as Values,
    schema: groupInsert,
    toBody: (v) => ({ icon: v.icon ?? '', translations: toTranslations({ name: v.name }, langs, defaultLang) }),
    check: (_, body) => textErrors(body.translations, defaultLang, [TITLE_40]),
    translated: { fields: ['name'], warning: BOOKLET.rubricNotTranslated },
    save: (body) => (current ? update.mutateAsync({ _id: current._id, ...body }) : insert.mutateAsync(body)),
    action: current ? BOOKLET.updateRubric : BOOKLET.createRubric,
    success: current ? BOOKLET.rubricUpdated : BOOKLET.rubricCreated,
    onSaved: onDone,
    flash,
  });
  return (
    <FormCard form={f} title={current ? 'Modifier la rubrique' : 'Nouvelle rubrique'} submit={current ? 'Mettre à jour' : 'Créer'} onCancel={onDone} translated maw={640}>
      <IconPicker label="Icône" required {...pickerProps(f, 'icon')} />
      <TranslatedInput form={f} field="name" label="Titre" max={TITLE_40.max} />
    </FormCard>
  );
}
