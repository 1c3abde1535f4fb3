import { ActionIcon, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';

/** The headers of the four action columns. */
export function ActionHeaders() {
  return (
    <>
      {['Monter', 'Descendre', 'Modifier', 'Supprimer'].map((h) => (
        <Table.Th key={h} w={36} px={2}>
          <VisuallyHidden>{h}</VisuallyHidden>
        </Table.Th>
      ))}
    </>
  );
}

/** Up, down, edit and delete of one row, a column each; the first cannot go up, the last cannot go down (000 §4). */
export function ActionCells({ label, first, last, busy, onMove, onEdit, onDelete }: {
  label: string;
  first: boolean;
  last: boolean;
  busy?: boolean;
  onMove(step: -1 | 1): void;
  onEdit(): void;
  onDelete(): void;
}) {
  return (
    <>
      <Table.Td px={2}>
        <Tooltip label="Monter">
          <ActionIcon variant="subtle" disabled={first || busy} onClick={() => onMove(-1)} aria-label={`Monter ${label}`}>
            <IconArrowUp size={18} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
      <Table.Td px={2}>
        <Tooltip label="Descendre">
          <ActionIcon variant="subtle" disabled={last || busy} onClick={() => onMove(1)} aria-label={`Descendre ${label}`}>
            <IconArrowDown size={18} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
      <Table.Td px={2}>
        <Tooltip label="Modifier">
          <ActionIcon variant="subtle" onClick={onEdit} aria-label={`Modifier ${label}`}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
      <Table.Td px={2}>
        <Tooltip label="Supprimer">
          <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={`Supprimer ${label}`}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </>
  );
}
