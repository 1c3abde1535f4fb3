import { useRef, useState } from 'react';
import { ActionIcon, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { INVENTORIES, inventories, type InventoryDoc } from '@campsite/shared';
import { upload } from '@campsite/shared/client';
import { useConfirm } from '../../components/confirm';
import type { Flash } from '../../components/flash';
import { errorSentence } from '../../lib/errors';
import { dayTime } from '../../lib/format';
import { useSession } from '../../shell/session';
import { usePictureDelete } from './api/inventories-queries';

/** 002 §2 'Photos tab': entry and exit photos with who and when; exit photos can be deleted. */
export function PicturesTab({ stayNumber, arrival, departure, flash }: { stayNumber: string; arrival: InventoryDoc; departure: InventoryDoc; flash: Flash }) {
  return (
    <Stack gap="lg">
      <Section title="Photos d'entrée" stayNumber={stayNumber} inventory={arrival} flash={flash} deletable={false} />
      <Section title="Photos de sortie" stayNumber={stayNumber} inventory={departure} flash={flash} deletable />
    </Stack>
  );
}

function Section({ title, stayNumber, inventory, flash, deletable }: { title: string; stayNumber: string; inventory: InventoryDoc; flash: Flash; deletable: boolean }) {
  const { global, timeZone } = useSession();
  const client = useQueryClient();
  const remove = usePictureDelete();
  const confirm = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  async function add(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith('image/')) return flash.setError(INVENTORIES.fileFormat);
    setBusy(true);
    try {
      await upload(inventories.addPicture, file, file.name, { stay_number: stayNumber, type: inventory.type });
      await client.invalidateQueries({ queryKey: [inventories.findByStayNumber.path] });
      flash.clear();
    } catch (err) {
      flash.setError(errorSentence(INVENTORIES.cannotUpdateInventory, err, 2));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }
  async function drop(picture: string) {
    if (!inventory._id || !(await confirm())) return;
    try {
      if (!(await remove.mutateAsync({ picture, inventory: inventory._id }))) flash.setError(errorSentence(INVENTORIES.cannotUpdateInventory, null, 1));
    } catch (err) {
      flash.setError(errorSentence(INVENTORIES.cannotUpdateInventory, err, 2));
    }
  }
  return (
    <section aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        <input ref={input} type="file" accept="image/*" hidden onChange={(e) => void add(e.currentTarget.files?.[0])} aria-label={`Ajouter une photo : ${title}`} />
        <Button size="compact-sm" variant="light" leftSection={<IconUpload size={14} />} loading={busy} onClick={() => input.current?.click()}>
          Ajouter une photo
        </Button>
      </Group>
      {inventory.pictures.length === 0 ? (
        <Text size="sm" c="dimmed">Pas de photo.</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {inventory.pictures.map((p) => (
            <Paper key={p._id} withBorder radius="md" p={4}>
              <a href={p.url} target="_blank" rel="noreferrer">
                <Image src={p.thumb} alt={`Photo du ${dayTime(p.created_time, timeZone)}`} radius="sm" h={120} fit="cover" />
              </a>
              <Group justify="space-between" wrap="nowrap" gap={4} mt={4}>
                <Text size="xs" c="dimmed">
                  {p.user?.name ?? global.establishment}, {dayTime(p.created_time, timeZone)}
                </Text>
                {deletable && (
                  <ActionIcon variant="subtle" color="red" size="sm" onClick={() => void drop(p._id)} aria-label={`Supprimer la photo du ${dayTime(p.created_time, timeZone)}`}>
                    <IconTrash size={14} />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
