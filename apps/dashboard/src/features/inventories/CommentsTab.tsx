import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { INVENTORIES, type InventoryDoc } from '@campsite/shared';
import type { Flash } from '../../components/flash';
import { ApiError } from '@campsite/shared/client';
import { errorSentence } from '../../lib/errors';
import { dayTime } from '../../lib/format';
import { useSession } from '../../shell/session';
import { useCommentAdd } from './api/inventories-queries';

/** 002 §2 'Comments tab': entry and exit comments with author and date, each with its own field. */
export function CommentsTab({ stayNumber, arrival, departure, flash }: { stayNumber: string; arrival: InventoryDoc; departure: InventoryDoc; flash: Flash }) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={3} size="h5">
          {INVENTORIES.commentsSpace}
        </Title>
        <Text size="sm" c="dimmed">
          {INVENTORIES.commentVisible}
        </Text>
      </div>
      <Comments title="Commentaires d'entrée" stayNumber={stayNumber} inventory={arrival} flash={flash} />
      <Comments title="Commentaires de sortie" stayNumber={stayNumber} inventory={departure} flash={flash} />
    </Stack>
  );
}

function Comments({ title, stayNumber, inventory, flash }: { title: string; stayNumber: string; inventory: InventoryDoc; flash: Flash }) {
  const { global, timeZone } = useSession();
  const add = useCommentAdd();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!text.trim()) return setError(INVENTORIES.commentRequired);
    try {
      // a key made here: sent twice (a retry on weak Wi-Fi), the comment is kept once
      await add.mutateAsync({ inventory: inventory._id, stay_number: stayNumber, type: inventory.type, comment: text, key: crypto.randomUUID() });
      setText('');
      setError(null);
      flash.setSuccess(INVENTORIES.inventoryUpdated);
    } catch (err) {
      if (err instanceof ApiError && err.fields.comment) setError(err.fields.comment);
      flash.setError(errorSentence(INVENTORIES.cannotUpdateInventory, err, 2));
    }
  }
  return (
    <section aria-label={title}>
      <Title order={4} size="h6" mb="xs">
        {title}
      </Title>
      <Stack gap="xs">
        {inventory.comment.length === 0 && <Text size="sm" c="dimmed">Pas de commentaire.</Text>}
        {inventory.comment.map((c) => (
          <Paper key={c._id} withBorder p="xs" radius="sm">
            <Text size="xs" c="dimmed">
              {c.user?.name ?? global.establishment}, {dayTime(c.timestamp, timeZone)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {c.comment}
            </Text>
          </Paper>
        ))}
        <form onSubmit={save} noValidate>
          <Textarea label={`Votre commentaire (${title.toLowerCase()})`} autosize minRows={2} maxLength={2000} value={text} error={error} onChange={(e) => (setText(e.currentTarget.value), setError(null))} />
          <Group justify="flex-end" mt="xs">
            <Button type="submit" size="compact-sm" loading={add.isPending}>
              Enregistrer
            </Button>
          </Group>
        </form>
      </Stack>
    </section>
  );
}
