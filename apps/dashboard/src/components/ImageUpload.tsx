import { useState } from 'react';
import { Button, FileButton, Group, Image, Stack, Text, VisuallyHidden } from '@mantine/core';
import { CORE, MAX_IMAGE_BYTES, fileUrl, files } from '@campsite/shared';
import { ApiError, upload } from '@campsite/shared/client';
import { errorSentence } from '../lib/errors';

/**
 * An image field: shows the current image, uploads a new one through files/add-image (checked and
 * resized by the server) and hands back its id.
 */
export function ImageUpload({
  label,
  value,
  onChange,
  removable = true,
  previewHeight = 140,
  accept = 'image/png,image/jpeg,image/webp,image/gif',
  tooLarge = CORE.fileTooLarge(5),
  required = false,
}: {
  label: string;
  value: string | null;
  onChange(id: string | null): void;
  removable?: boolean;
  previewHeight?: number;
  accept?: string;
  /** the sentence for an image over 5 MB, where an area has its own (activities, 001 §7) */
  tooLarge?: string;
  /** marked as the other required fields are (Mantine's red asterisk; said '(obligatoire)' to a screen reader) */
  required?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pick(file: File | null) {
    if (!file) return;
    setError(null);
    if (file.size > MAX_IMAGE_BYTES) {
      setError(tooLarge);
      return;
    }
    setBusy(true);
    try {
      const doc = await upload(files.addImage, file, file.name);
      if (doc) onChange(doc._id);
      else setError(CORE.genericError);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 413 ? tooLarge : errorSentence("Impossible d'envoyer l'image", err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {label}
        {required && (
          <>
            <span aria-hidden="true" style={{ color: 'var(--mantine-color-error)' }}>
              {' *'}
            </span>
            <VisuallyHidden> (obligatoire)</VisuallyHidden>
          </>
        )}
      </Text>
      {value ? (
        <Image src={fileUrl(value, 720)} alt={label} h={previewHeight} w="auto" fit="contain" radius="sm" bg="gray.1" />
      ) : (
        <Text size="sm" c="dimmed">
          Aucune image
        </Text>
      )}
      <Group gap="xs">
        <FileButton onChange={pick} accept={accept}>
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={busy}>
              {value ? "Changer l'image" : 'Choisir une image'}
            </Button>
          )}
        </FileButton>
        {value && removable && (
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
            Retirer
          </Button>
        )}
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
