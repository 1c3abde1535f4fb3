import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { ActionIcon, Alert, Anchor, Button, Card, Center, FileButton, Group, Image, Modal, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCopy, IconExternalLink, IconFileTypePdf, IconSearch, IconTrash } from '@tabler/icons-react';
import type { FileDoc } from '@campsite/shared';
import { CORE, APPEARANCE, MAX_IMAGE_BYTES, MAX_PDF_BYTES, fileListQuery, files, imageUrl } from '@campsite/shared';
import { upload } from '@campsite/shared/client';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../shell/session';
import { useConfirm } from '../../components/confirm';
import { FlashBanner, useFlash } from '../../components/flash';
import { PageHeader } from '../../components/PageHeader';
import { errorSentence } from '../../lib/errors';
import { keyOf } from '../../lib/query';
import { useDeleteImage, useDeletePdf, useFilesPage } from './api/files-queries';
import { EmptyList, Pager, useListQuery } from '../../components/list';
import { ScreenLoader } from '../../components/ListStates';
import { navCrumbs } from '../../shell/nav';

type Filter = 'all' | 'image' | 'pdf';
const isPdf = (f: FileDoc) => f.type === 'application/pdf';

function size(bytes: number) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo` : `${Math.max(1, Math.round(bytes / 1024))} Ko`;
}

/** 'Fichiers' (/pdf): the images and PDFs to link from the booklet, with their addresses (000 §7). */
export default function FilesScreen() {
  const { timeZone } = useSession();
  const list = useListQuery(fileListQuery, { per_page: 25 });
  const filter: Filter = list.filters.kind ?? 'all';
  const q = list.filters.search ?? '';
  // the icon library's pictures are not the establishment's files: they are left out
  const read = useFilesPage({ ...list.query, origin: 'establishment' });
  const page = read.data && !Array.isArray(read.data) ? read.data : undefined;
  // the address (and the call) follow the typing once it pauses
  const [search, setSearch] = useState(q);
  const searchLater = useDebouncedCallback((v: string) => list.set({ search: v, page: 1 }), 300);
  const [preview, setPreview] = useState<FileDoc | null>(null);
  const [busy, setBusy] = useState<'image' | 'pdf' | null>(null);
  const flash = useFlash();
  const confirm = useConfirm();
  const client = useQueryClient();
  const delImage = useDeleteImage();
  const delPdf = useDeletePdf();

  const link = (f: FileDoc) => `${window.location.origin}${f.url}`;

  async function add(kind: 'image' | 'pdf', file: File | null) {
    if (!file) return;
    const limit = kind === 'pdf' ? MAX_PDF_BYTES : MAX_IMAGE_BYTES;
    if (file.size > limit) return flash.setError(CORE.fileTooLarge(limit / 1024 / 1024));
    setBusy(kind);
    try {
      const doc = await upload(kind === 'pdf' ? files.addPdf : files.addImage, file, file.name);
      if (!doc) return flash.setError(errorSentence(APPEARANCE.fileAddFailed, null));
      await client.invalidateQueries({ queryKey: keyOf(files.list) });
      flash.setSuccess(APPEARANCE.fileAdded);
    } catch (err) {
      flash.setError(errorSentence(APPEARANCE.fileAddFailed, err));
    } finally {
      setBusy(null);
    }
  }

  async function del(f: FileDoc) {
    if (!(await confirm({ message: `Le fichier « ${f.originalname} » sera supprimé : les liens vers lui ne fonctionneront plus.` }))) return;
    try {
      const done = isPdf(f) ? await delPdf.mutateAsync({ id: f._id }) : await delImage.mutateAsync({ id: f._id });
      if (done) flash.setSuccess(APPEARANCE.fileDeleted);
      else flash.setError(errorSentence(APPEARANCE.fileDeleteFailed, null));
    } catch (err) {
      flash.setError(errorSentence(APPEARANCE.fileDeleteFailed, err));
    }
  }

  async function copy(f: FileDoc) {
    try {
      await navigator.clipboard.writeText(link(f));
      flash.setSuccess(`${APPEARANCE.linkCopied} : ${link(f)}`);
    } catch {
      // without clipboard access (plain http), the address is shown to copy by hand
      flash.setSuccess(link(f));
    }
  }

  const date = (epoch: number) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone }).format(new Date(epoch * 1000));

  return (
    <>
      <PageHeader
        title="Fichiers"
        crumbs={navCrumbs('/pdf')}
        description="Images (JPEG, PNG, WebP, GIF, 5 Mo maximum) et PDF (10 Mo maximum) à relier depuis vos pages."
        actions={
          <Group gap="xs">
            <FileButton onChange={(f) => add('image', f)} accept="image/png,image/jpeg,image/webp,image/gif">
              {(props) => (
                <Button {...props} loading={busy === 'image'}>
                  Ajouter une image
                </Button>
              )}
            </FileButton>
            <FileButton onChange={(f) => add('pdf', f)} accept="application/pdf">
              {(props) => (
                <Button {...props} variant="light" loading={busy === 'pdf'}>
                  Ajouter un PDF
                </Button>
              )}
            </FileButton>
          </Group>
        }
      />
      <FlashBanner flash={flash} />
      <Group mb="md" gap="sm" align="flex-end">
        <SegmentedControl
          aria-label="Type de fichier"
          value={filter}
          onChange={(v) => list.set({ kind: v === 'all' ? null : v, page: 1 })}
          data={[
            { value: 'all', label: 'Tous' },
            { value: 'image', label: 'Images' },
            { value: 'pdf', label: 'PDF' },
          ]}
        />
        <TextInput
          aria-label="Rechercher un fichier"
          placeholder="Rechercher par nom"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            searchLater(e.currentTarget.value);
          }}
          w={260}
        />
        <NativeSelect
          aria-label="Trier"
          value={`${list.sort}:${list.dir}`}
          onChange={(e) => {
            const [sort, dir] = e.currentTarget.value.split(':');
            list.set({ sort, order: dir, page: 1 });
          }}
          data={[
            { value: 'created_time:desc', label: 'Les plus récents' },
            { value: 'created_time:asc', label: 'Les plus anciens' },
            { value: 'originalname:asc', label: 'Nom (A → Z)' },
            { value: 'size:desc', label: 'Les plus lourds' },
          ]}
        />
      </Group>
      {read.error ? (
        <Alert color="red" role="alert">
          {errorSentence(CORE.genericError, read.error)}
        </Alert>
      ) : !page ? (
        <ScreenLoader />
      ) : page.rows.length === 0 ? (
        <EmptyList message={q ? 'Aucun fichier ne correspond à cette recherche' : APPEARANCE.filesEmpty} />
      ) : (
        <>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3, xl: 4 }} spacing="md">
          {page.rows.map((f) => (
            <Card key={f._id} withBorder radius="md" padding="sm" data-testid="file-card">
              <Card.Section>
                <button type="button" onClick={() => (isPdf(f) ? window.open(f.url, '_blank', 'noopener') : setPreview(f))} style={{ all: 'unset', cursor: 'pointer', display: 'block', width: '100%' }} aria-label={`Voir ${f.originalname}`}>
                  {isPdf(f) ? (
                    <Center h={140} bg="gray.1">
                      <IconFileTypePdf size={56} stroke={1.3} color="var(--mantine-color-red-7)" />
                    </Center>
                  ) : (
                    // small pictures (icons) are shown whole, photos fill the frame
                    <Image
                      src={imageUrl(f.name, 720)}
                      alt={f.originalname}
                      h={140}
                      fit={(f.width ?? 0) >= 400 ? 'cover' : 'contain'}
                      p={(f.width ?? 0) >= 400 ? 0 : 'md'}
                      bg="gray.1"
                      loading="lazy"
                    />
                  )}
                </button>
              </Card.Section>
              <Stack gap={2} mt="sm">
                <Text size="sm" fw={600} truncate="end" title={f.originalname}>
                  {f.originalname}
                </Text>
                <Text size="xs" c="dimmed">
                  {isPdf(f) ? 'PDF' : `Image ${f.width} × ${f.height}`} · {size(f.size)} · {date(f.created_time)}
                </Text>
              </Stack>
              <Group justify="space-between" mt="sm" wrap="nowrap">
                <Button size="compact-sm" variant="light" leftSection={<IconCopy size={14} />} onClick={() => copy(f)}>
                  Copier le lien
                </Button>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Ouvrir">
                    <ActionIcon component="a" href={f.url} target="_blank" rel="noopener" variant="subtle" aria-label={`Ouvrir ${f.originalname}`}>
                      <IconExternalLink size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Supprimer">
                    <ActionIcon color="red" variant="subtle" onClick={() => del(f)} aria-label={`Supprimer ${f.originalname}`}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
        <Pager page={page.page} pageSize={page.per_page} total={page.total} onPage={list.setPage} />
        </>
      )}
      <Modal opened={!!preview} onClose={() => setPreview(null)} title={preview?.originalname} size="xl" centered>
        {preview && (
          <Stack>
            <Image src={preview.url} alt={preview.originalname} fit="contain" mah="70vh" />
            <Anchor href={preview.url} target="_blank" rel="noopener" size="sm">
              {link(preview)}
            </Anchor>
          </Stack>
        )}
      </Modal>
    </>
  );
}
