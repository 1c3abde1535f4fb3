import { useEffect } from 'react';
import { Alert, Badge, Group, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IMPORTS, imports } from '@campsite/shared';
import { useCallMutation } from '../../lib/query';
import { figure } from '../../lib/format';

/**
 * Before importing (issue 20): what the server will read in the chosen file, read by the import's own
 * parser (dashboard/imports/preview, nothing written): the columns recognised, the first rows as they will
 * be read, how many rows will be imported and refused, and why the first ones are.
 */
export function ImportPreview({ data, name }: { data: string | null; name: string }) {
  const preview = useCallMutation(imports.preview);
  const { mutate, reset } = preview;
  useEffect(() => {
    if (data) mutate({ file: data });
    else reset();
  }, [data, mutate, reset]);
  if (!data) return null;
  const p = preview.data;
  const labels = p ? p.columns.flatMap((c) => (c.column ? [c.column] : [])) : [];
  return (
    <Stack gap={6} aria-label={IMPORTS.previewTitle(name)} role="region">
      <Text size="sm" fw={600}>
        {IMPORTS.previewTitle(name)}
      </Text>
      {preview.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{IMPORTS.previewReading}</Text>
        </Group>
      )}
      {preview.isError && (
        <Alert color="red" p="xs">
          {IMPORTS.previewFailed}
        </Alert>
      )}
      {p && (
        <>
          <Group gap={6} role="group" aria-label={IMPORTS.previewColumns}>
            <Text size="xs" c="dimmed">
              {IMPORTS.previewColumns} :
            </Text>
            {p.columns.map((c, i) =>
              c.column ? (
                <Badge key={i} variant="light" tt="none" title={c.header}>
                  {c.header === c.column ? c.column : `${c.header} → ${c.column}`}
                </Badge>
              ) : (
                <Badge key={i} variant="outline" color="gray" tt="none" c="dimmed">
                  {c.header || '—'} ({IMPORTS.previewIgnored})
                </Badge>
              ),
            )}
          </Group>
          {p.message ? (
            <Alert color="red" p="xs" role="alert">
              {p.message}
            </Alert>
          ) : (
            <Text size="sm">{IMPORTS.previewCounts(p.readable, p.refused)}</Text>
          )}
          {p.rows.length > 0 && (
            <ScrollArea type="auto">
              <Table withTableBorder fz="xs" verticalSpacing={4} aria-label={IMPORTS.previewFirstRows}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Ligne</Table.Th>
                    {labels.map((l) => (
                      <Table.Th key={l} style={{ whiteSpace: 'nowrap' }}>
                        {l}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.rows.map((r) => (
                    <Table.Tr key={r.line}>
                      <Table.Td>{figure(r.line)}</Table.Td>
                      {labels.map((l) => (
                        <Table.Td key={l}>{r.values[l] ?? ''}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
          {p.failures.length > 0 && (
            <Stack gap={2}>
              {p.failures.map((f) => (
                <Text key={f.line} size="xs" c="red.9">
                  Ligne {figure(f.line)} : {f.reason}
                </Text>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
