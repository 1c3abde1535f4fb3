import { useState } from 'react';
import { Button, Center, FileButton, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { CORE, MAX_IMAGE_BYTES } from '@campsite/shared';
import { ApiError } from '@campsite/shared/client';
import type { Flash } from '../../components/flash';
import { useLogo, useUpdateLogo } from './api/appearance-queries';

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** The guest app's logo (000 §2.6, §8): sent as a data URL, stored by the server as an image file. */
export function LogoPanel({ flash }: { flash: Flash }) {
  const { data } = useLogo();
  const update = useUpdateLogo();
  const [reading, setReading] = useState(false);

  async function pick(file: File | null) {
    if (!file) return;
    // the cause, when the server or the browser tells one, follows the spec's sentence
    const fail = (cause?: string) => flash.setError(cause ? `${CORE.logoFailed} (${cause.replace(/\.$/, '')})` : CORE.logoFailed);
    if (file.size > MAX_IMAGE_BYTES) return fail(CORE.fileTooLarge(5));
    setReading(true);
    try {
      const saved = await update.mutateAsync({ logo: await readDataUrl(file) });
      if (saved) flash.setSuccess(CORE.logoUpdated);
      else fail();
    } catch (err) {
      fail(err instanceof ApiError && [400, 413].includes(err.status) ? err.message : undefined);
    } finally {
      setReading(false);
    }
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          Logo
        </Title>
        <Center h={140} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          {data?.url ? (
            <Image src={data.url} alt="Logo de l'application" mah={120} maw="90%" fit="contain" />
          ) : (
            <Text size="sm" c="dimmed">
              Pas encore de logo
            </Text>
          )}
        </Center>
        <Text size="xs" c="dimmed">
          PNG, JPEG, WebP ou GIF, 5 Mo maximum. Un fond transparent rend mieux sur les couleurs du thème.
        </Text>
        <FileButton onChange={pick} accept="image/png,image/jpeg,image/webp,image/gif">
          {(props) => (
            <Button {...props} variant="light" loading={reading || update.isPending}>
              {data?.url ? 'Changer le logo' : 'Choisir un logo'}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Paper>
  );
}
