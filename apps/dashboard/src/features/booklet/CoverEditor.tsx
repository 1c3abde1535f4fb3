import { useEffect, useState } from 'react';
import { Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { fileUrl } from '@campsite/shared';
import { ImageUpload } from '../../components/ImageUpload';

/** The cover photo of a page or a list; editing it is toggled (001 §4), saved with its own call. */
export function CoverEditor({ value, onSave }: { value: string | null; onSave(id: string | null): Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [busy, setBusy] = useState(false);
  useEffect(() => setDraft(value), [value]);
  return (
    <Paper withBorder p="lg" radius="md">
      {editing ? (
        <Stack>
          <ImageUpload label="Photo de couverture" value={draft} onChange={setDraft} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              Annuler
            </Button>
            <Button
              loading={busy}
              onClick={async () => {
                setBusy(true);
                await onSave(draft);
                setBusy(false);
                setEditing(false);
              }}
            >
              Enregistrer la photo
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="space-between" gap="sm">
          <Group wrap="nowrap" gap="sm">
            {value ? <Image src={fileUrl(value, 720)} alt="Photo de couverture" h={56} w={96} fit="cover" radius="sm" /> : null}
            <Text fw={600}>Photo de couverture</Text>
            {!value && (
              <Text size="sm" c="dimmed">
                Aucune
              </Text>
            )}
          </Group>
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            Modifier la photo de couverture
          </Button>
        </Group>
      )}
    </Paper>
  );
}
