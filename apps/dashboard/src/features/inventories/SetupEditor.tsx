import { ActionIcon, Button, Group, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { AccommodationSetup, SetupCategory } from '@campsite/shared';
import { INVENTORIES, accommodations, setupObjectsBody } from '@campsite/shared';
import { useTranslationWarning } from '../../components/confirm';
import type { Flash } from '../../components/flash';
import { FormModal } from '../../components/FormCard';
import { langTexts, toTranslations, useContractForm, useFreshRead, type LangTexts } from '../../components/form';
import { useSession } from '../../shell/session';
import { useObjectsSave } from './api/inventories-queries';
import { missingLangs, nameErrors, nameIn } from './names';

interface SupplyRow {
  _id?: string;
  name: LangTexts;
  quantity: string;
  price: string;
}
interface StateRow {
  _id?: string;
  name: LangTexts;
}
interface Values extends Record<string, unknown> {
  objects: SupplyRow[];
  reviews: StateRow[];
}

/** What was typed as a number: '' is missing, a comma is a decimal point, anything else not a number is refused as negative. */
const numberOf = (typed: string) => {
  const t = typed.trim().replace(',', '.');
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : -1;
};

/** The editor's values from the category (when it opens, and reloaded after a 409). */
const valuesOf = (category: SetupCategory): Values => ({
  objects: category.objects.map((o) => ({ _id: o._id, name: langTexts(o.translations, 'name'), quantity: String(o.quantity), price: o.price === null ? '' : String(o.price).replace('.', ',') })),
  reviews: category.reviews.map((r) => ({ _id: r._id, name: langTexts(r.translations, 'name') })),
});

/**
 * The editor of one category (002 §2): 'Fournitures :' (Désignation, Quantité, Prix unitaire (€), Monter,
 * Descendre, Supprimer) and 'État des lieux :' rows, saved together; items keep their _id so that
 * inventories already made still know them.
 */
export function SetupEditor({ accommodation, category, flash, onDone }: { accommodation: string; category: SetupCategory; flash: Flash; onDone(): void }) {
  const { langs, defaultLang } = useSession();
  const save = useObjectsSave();
  const warn = useTranslationWarning();
  const fresh = useFreshRead();
  const f = useContractForm({
    initial: valuesOf(category),
    // the category is one record of the setup: its revision (issue 29)
    revision: category.revision,
    // the save answers the whole setup: the category's revision is in it
    revisionOf: (answer) => (answer ? (answer as AccommodationSetup).inventory.find((c) => c._id === category._id)?.revision : undefined),
    reload: async () => {
      const setup = await fresh(accommodations.find, { id: accommodation });
      const now = setup ? setup.inventory.find((c) => c._id === category._id) : undefined;
      return now ? { values: valuesOf(now), revision: now.revision } : null;
    },
    schema: setupObjectsBody,
    toBody: (v) => ({
      accommodation,
      category: category._id,
      objects: v.objects.map((o) => ({ ...(o._id ? { _id: o._id } : {}), translations: toTranslations({ name: o.name }, langs, defaultLang), quantity: numberOf(o.quantity) as number, price: numberOf(o.price) ?? null })),
      reviews: v.reviews.map((r) => ({ ...(r._id ? { _id: r._id } : {}), translations: toTranslations({ name: r.name }, langs, defaultLang) })),
    }),
    check: (v) => ({
      ...Object.assign({}, ...v.objects.map((o, i) => nameErrors(`objects.${i}.name`, o.name, langs, defaultLang, INVENTORIES.objectNameRequired))),
      ...Object.assign({}, ...v.reviews.map((r, i) => nameErrors(`reviews.${i}.name`, r.name, langs, defaultLang, INVENTORIES.objectNameRequired))),
    }),
    ask: (v) => warn(INVENTORIES.objectsNotTranslated, missingLangs([...v.objects, ...v.reviews].map((x) => x.name), langs, defaultLang)),
    save: (body) => save.mutateAsync(body),
    action: INVENTORIES.cannotUpdateAccommodation,
    success: INVENTORIES.inventoryUpdated,
    onSaved: () => {
      flash.setSuccess(INVENTORIES.inventoryUpdated);
      onDone();
    },
  });
  const { form, lang } = f;
  const blank = langTexts([], 'name');
  const label = (what: string, i: number) => `${what} ${i + 1}`;
  const moves = (list: 'objects' | 'reviews', i: number, n: number, name: string) => (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" color="gray" disabled={i === 0} onClick={() => form.reorderListItem(list, { from: i, to: i - 1 })} aria-label={`Monter ${name}`}>
        <IconArrowUp size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" disabled={i === n - 1} onClick={() => form.reorderListItem(list, { from: i, to: i + 1 })} aria-label={`Descendre ${name}`}>
        <IconArrowDown size={18} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" onClick={() => form.removeListItem(list, i)} aria-label={`Supprimer ${name}`}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
  const objects = form.values.objects;
  const reviews = form.values.reviews;
  return (
    <FormModal form={f} title={`Inventaire : ${nameIn(category.translations, defaultLang, defaultLang)}`} submit="Enregistrer" onClose={onDone} size="xl" translated>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {INVENTORIES.supplies}
        </Title>
        {objects.length === 0 ? (
          <Text size="sm" c="dimmed">Pas encore de fourniture.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Désignation ({lang.toUpperCase()})</Table.Th>
                  <Table.Th w={110}>Quantité</Table.Th>
                  <Table.Th w={140}>Prix unitaire (€)</Table.Th>
                  <Table.Th w={110}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {objects.map((o, i) => {
                  const name = o.name[defaultLang] || label('Fourniture', i);
                  return (
                    <Table.Tr key={form.key(`objects.${i}`)}>
                      <Table.Td>
                        <TextInput aria-label={`Désignation ${i + 1} (${lang.toUpperCase()})`} required={lang === defaultLang} {...form.getInputProps(`objects.${i}.name.${lang}`)} />
                      </Table.Td>
                      <Table.Td>
                        <TextInput aria-label={`Quantité ${name}`} inputMode="numeric" required {...form.getInputProps(`objects.${i}.quantity`)} />
                      </Table.Td>
                      <Table.Td>
                        <TextInput aria-label={`Prix unitaire (€) ${name}`} inputMode="decimal" {...form.getInputProps(`objects.${i}.price`)} />
                      </Table.Td>
                      <Table.Td>{moves('objects', i, objects.length, name)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group>
          <Button variant="light" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('objects', { name: { ...blank }, quantity: '1', price: '' })}>
            {INVENTORIES.newSupply}
          </Button>
        </Group>
        <Title order={3} size="h5" mt="md">
          {INVENTORIES.roomStates}
        </Title>
        {reviews.length === 0 ? (
          <Text size="sm" c="dimmed">Pas encore d'état des lieux.</Text>
        ) : (
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Désignation ({lang.toUpperCase()})</Table.Th>
                <Table.Th w={110}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reviews.map((r, i) => {
                const name = r.name[defaultLang] || label('État des lieux', i);
                return (
                  <Table.Tr key={form.key(`reviews.${i}`)}>
                    <Table.Td>
                      <TextInput aria-label={`État des lieux ${i + 1} (${lang.toUpperCase()})`} required={lang === defaultLang} {...form.getInputProps(`reviews.${i}.name.${lang}`)} />
                    </Table.Td>
                    <Table.Td>{moves('reviews', i, reviews.length, name)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        <Group>
          <Button variant="light" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('reviews', { name: { ...blank } })}>
            {INVENTORIES.newRoomState}
          </Button>
        </Group>
      </Stack>
    </FormModal>
  );
}
