import { Button, Group } from '@mantine/core';

export interface RowAction {
  label: string;
  onClick(): void;
  disabled?: boolean;
  color?: string;
}

/** The action buttons of a row (Monter, Descendre, Éditer…), each named for screen readers with its item. */
export function RowButtons({ actions, item }: { actions: RowAction[]; item: string }) {
  return (
    <Group gap={4} wrap="wrap" justify="flex-end">
      {actions.map((a) => (
        <Button key={a.label} size="compact-xs" variant={a.color ? 'light' : 'subtle'} color={a.color} disabled={a.disabled} onClick={a.onClick} aria-label={`${a.label} ${item}`}>
          {a.label}
        </Button>
      ))}
    </Group>
  );
}
