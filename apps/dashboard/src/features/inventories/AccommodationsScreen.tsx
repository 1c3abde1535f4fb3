import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCopy, IconListCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { INVENTORIES, accommodationInsert, accommodations, type Accommodation } from '@campsite/shared';
import { useFlash, type Flash } from '../../components/flash';
import { FormModal } from '../../components/FormCard';
import { useContractForm, useFreshRead } from '../../components/form';
import { ActionsTh, ListScreen, ListTable } from '../../components/ListScreen';
import { ActionsMenu } from '../../components/RowActions';
import { useRowAction } from '../../components/rows';
import { navCrumbs } from '../../shell/nav';
import { useAccommodationDelete, useAccommodationDuplicate, useAccommodationInsert, useAccommodationUpdate, useAccommodations } from './api/inventories-queries';
import { ConfigCard } from './ConfigCard';

type NameMode = { mode: 'create' } | { mode: 'duplicate'; source: Accommodation } | { mode: 'rename'; current: Accommodation };

/** 002 §2 'Mes inventaires' (titled 'Mes hébergements', issue 32): the accommodation types, their name modal and menu, and the general settings. */
export default function AccommodationsScreen() {
  const flash = useFlash();
  const list = useAccommodations();
  const remove = useAccommodationDelete();
  const run = useRowAction(flash);
  const [naming, setNaming] = useState<NameMode | null>(null);
  const open = (m: NameMode) => {
    flash.clear();
    setNaming(m);
  };

  return (
    <Stack gap="xl">
      <div>
        <ListScreen
          title={INVENTORIES.accommodationsTitle}
          crumbs={navCrumbs('/inventaires')}
          action={{ label: 'Nouvel hébergement', onClick: () => open({ mode: 'create' }) }}
          flash={flash}
          read={list}
          failed={INVENTORIES.cannotReadAccommodations}
          empty="Pas d'hébergement pour le moment."
        >
          {(rows) => (
            <ListTable
              head={
                <>
                  <Table.Th>Hébergement</Table.Th>
                  <Table.Th>Inventaire</Table.Th>
                  <ActionsTh />
                </>
              }
            >
              {rows.map((a) => (
                <Table.Tr key={a._id}>
                  <Table.Td fw={600}>{a.name}</Table.Td>
                  <Table.Td>
                    <Button component={Link} to={`/inventaires/edit/${a._id}`} size="compact-sm" variant="light" leftSection={<IconListCheck size={16} />} aria-label={`Inventaire ${a.name}`}>
                      Inventaire
                    </Button>
                    <Text span size="sm" c="dimmed" ml="sm">
                      {a.inventory_count === 0 ? 'aucune catégorie' : a.inventory_count === 1 ? '1 catégorie' : `${a.inventory_count} catégories`}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <ActionsMenu
                      label={`Actions pour ${a.name}`}
                      actions={[
                        { label: 'Renommer', icon: <IconPencil size={16} />, onClick: () => open({ mode: 'rename', current: a }) },
                        { label: 'Dupliquer', icon: <IconCopy size={16} />, onClick: () => open({ mode: 'duplicate', source: a }) },
                        {
                          label: 'Supprimer',
                          icon: <IconTrash size={16} />,
                          danger: true,
                          onClick: () => void run(INVENTORIES.deleteAccommodation, () => remove.mutateAsync({ id: a._id }), INVENTORIES.accommodationDeleted, INVENTORIES.cannotDeleteAccommodation),
                        },
                      ]}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )}
        </ListScreen>
        {naming && <NameModal naming={naming} flash={flash} onDone={() => setNaming(null)} />}
      </div>
      <ConfigCard />
    </Stack>
  );
}

const TITLES = { create: 'Nouvel hébergement', duplicate: "Dupliquer l'hébergement", rename: "Renommer l'hébergement" } as const;

/** The one name modal of 002 §4: create, duplicate (carries the source id), rename. */
function NameModal({ naming, flash, onDone }: { naming: NameMode; flash: Flash; onDone(): void }) {
  const insert = useAccommodationInsert();
  const duplicate = useAccommodationDuplicate();
  const update = useAccommodationUpdate();
  const success = naming.mode === 'create' ? INVENTORIES.accommodationCreated : naming.mode === 'duplicate' ? INVENTORIES.accommodationDuplicated(naming.source.name) : INVENTORIES.accommodationUpdated;
  const fresh = useFreshRead();
  // a rename sends the type's PMS categories as they were read: after a 409, as reloaded (issue 29)
  const latest = useRef(naming.mode === 'rename' ? naming.current : null);
  const f = useContractForm({
    initial: { name: naming.mode === 'rename' ? naming.current.name : naming.mode === 'duplicate' ? `${naming.source.name} (copie)` : '' },
    revision: naming.mode === 'rename' ? naming.current.revision : undefined,
    reload:
      naming.mode === 'rename'
        ? async () => {
            const now = (await fresh(accommodations.list)).find((a) => a._id === naming.current._id);
            latest.current = now ?? latest.current;
            return now ? { values: { name: now.name }, revision: now.revision } : null;
          }
        : undefined,
    schema: accommodationInsert.pick({ name: true }),
    toBody: (v) => ({ name: v.name }),
    save: (body) =>
      naming.mode === 'create'
        ? insert.mutateAsync(body)
        : naming.mode === 'duplicate'
          ? duplicate.mutateAsync({ name: body.name, duplicate: naming.source._id })
          : update.mutateAsync({ ...body, id: naming.current._id, name: body.name, categories: (latest.current ?? naming.current).categories }),
    action: naming.mode === 'create' ? INVENTORIES.cannotCreateAccommodation : naming.mode === 'duplicate' ? INVENTORIES.cannotDuplicateAccommodation : INVENTORIES.cannotUpdateAccommodation,
    success,
    // a modal shows its own failures; the success goes to the screen's banner once it closes
    onSaved: () => {
      flash.setSuccess(success);
      onDone();
    },
  });
  return (
    <FormModal form={f} title={TITLES[naming.mode]} submit={naming.mode === 'rename' ? 'Renommer' : naming.mode === 'duplicate' ? 'Dupliquer' : 'Créer'} onClose={onDone} size="md">
      {naming.mode === 'duplicate' && <Text size="sm">Toutes les catégories et tous les objets de « {naming.source.name} » seront copiés.</Text>}
      <TextInput label="Nom de l'hébergement" placeholder="ex: Mobil-home 6 places" required maxLength={60} {...f.form.getInputProps('name')} />
    </FormModal>
  );
}
