import { Anchor, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ImportDoc } from '@campsite/shared';
import { IMPORTS } from '@campsite/shared';
import { figure } from '../lib/format';

/**
 * The rows an import refused (issue 20): each with its line, column, value and why, and the file of them
 * to download, fix and import again (one per file when the import had several).
 */
export function ImportRefused({ doc }: { doc: ImportDoc }) {
  if (!doc.refused && !doc.failures.length) return null;
  const files = [...new Set(doc.failures.map((f) => f.file ?? ''))];
  const several = files.length > 1;
  return (
    <Stack gap={6} mt="xs">
      <ScrollArea.Autosize mah={260} type="auto">
        <Table withTableBorder striped fz="xs" verticalSpacing={4} aria-label={IMPORTS.refusedTitle}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Ligne</Table.Th>
              {several && <Table.Th>Fichier</Table.Th>}
              <Table.Th>Colonne</Table.Th>
              <Table.Th>Valeur</Table.Th>
              <Table.Th>Motif</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {doc.failures.map((f) => (
              <Table.Tr key={`${f.file ?? ''}:${f.line}:${f.reason}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{figure(f.line)}</Table.Td>
                {several && <Table.Td>{f.file}</Table.Td>}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.column ?? '—'}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{f.value ?? ''}</Table.Td>
                <Table.Td>{f.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {doc.refused > doc.failures.length && (
        <Text size="xs" c="dimmed">
          {IMPORTS.refusedMore(doc.failures.length, doc.refused)}
        </Text>
      )}
      <Group gap="md">
        {files.map((file) => (
          <Anchor
            key={file}
            size="sm"
            // shade 9: 4.5:1 on the orange and green backgrounds of the result box
            c="blue.9"
            href={`/api/dashboard/imports/refused?id=${encodeURIComponent(doc._id)}${file ? `&file=${encodeURIComponent(file)}` : ''}`}
            download
          >
            <Group gap={4} component="span" wrap="nowrap">
              <IconDownload size={14} aria-hidden />
              {several ? IMPORTS.downloadRefusedOf(file) : IMPORTS.downloadRefused}
            </Group>
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}
