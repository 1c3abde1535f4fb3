import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Box, Button, Group, Menu, Tooltip } from '@mantine/core';
import classes from './RowActions.module.css';
import { IconArrowDown, IconArrowUp, IconCopy, IconDots, IconExternalLink, IconPencil, IconTrash } from '@tabler/icons-react';

/** The class of a list's frame, in which row actions decide to fold. */
export const listContainer = classes.list;

/** An action as a button or a menu item: `href` makes it a real link; `divided` draws a line above it in a menu. */
export type MenuAction = ExtraAction & { icon?: ReactNode; href?: string; divided?: boolean };
type Shown = MenuAction;

function Inline({ actions, item }: { actions: Shown[]; item: string }) {
  return actions.map((a) =>
    a.href ? (
      <Button key={a.label} component={Link} to={a.href} size="compact-sm" variant="subtle" leftSection={a.icon} aria-label={`${a.label} ${item}`}>
        {a.label}
      </Button>
    ) : (
      <Button key={a.label} size="compact-sm" variant="subtle" color={a.danger ? 'red' : undefined} leftSection={a.icon} onClick={a.onClick} aria-label={`${a.label} ${item}`}>
        {a.label}
      </Button>
    ),
  );
}

function IconOnly({ action: a, item }: { action: Shown; item: string }) {
  return (
    <Tooltip label={a.label}>
      {a.href ? (
        <ActionIcon component={Link} to={a.href} variant="subtle" aria-label={`${a.label} ${item}`}>
          {a.icon}
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" color={a.danger ? 'red' : undefined} onClick={a.onClick} aria-label={`${a.label} ${item}`}>
          {a.icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

/** One more action of a row ('Transformer en catégorie'), listed after the usual ones. */
export interface ExtraAction {
  label: string;
  onClick(): void;
  danger?: boolean;
}

export interface RowActionsProps {
  /** the item's name: every button is named with it for screen readers ('Éditer Piscine') */
  item: string;
  /** Éditer: always visible where the item can be edited */
  onEdit?(): void;
  /** Monter / Descendre: given with `first` / `last` so that the ends are disabled */
  onMove?(step: -1 | 1): void;
  first?: boolean;
  last?: boolean;
  /** while a move is saved, the arrows wait */
  busy?: boolean;
  onDuplicate?(): void;
  onDelete?(): void;
  /** Ouvrir: a real link (middle-click, new tab) */
  open?: string;
  extra?: ExtraAction[];
}

/**
 * The actions of a row (Éditer, Monter, Descendre, Dupliquer, Supprimer, Ouvrir) in one place and one
 * order. Éditer and the arrows stay visible; in a narrow list (under 760 px: a table at 1024 px, a
 * panel beside a preview) the others fold into a menu 'Plus d'actions', so that a row keeps one line.
 * The list's frame carries `listContainer` (ListTable does).
 */
export function RowActions({ item, onEdit, onMove, first, last, busy, onDuplicate, onDelete, open, extra = [] }: RowActionsProps) {
  const others: Shown[] = [
    ...(open ? [{ label: 'Ouvrir', href: open, onClick: () => {}, icon: <IconExternalLink size={16} /> }] : []),
    ...(onDuplicate ? [{ label: 'Dupliquer', onClick: onDuplicate, icon: <IconCopy size={16} /> }] : []),
    ...extra,
    ...(onDelete ? [{ label: 'Supprimer', onClick: onDelete, danger: true, icon: <IconTrash size={16} /> }] : []),
  ];
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {onEdit && (
        <Button size="compact-sm" variant="light" leftSection={<IconPencil size={14} />} onClick={onEdit} aria-label={`Éditer ${item}`}>
          Éditer
        </Button>
      )}
      {onMove && (
        <>
          <Tooltip label="Monter">
            <ActionIcon variant="subtle" color="gray" disabled={first || busy} onClick={() => onMove(-1)} aria-label={`Monter ${item}`}>
              <IconArrowUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Descendre">
            <ActionIcon variant="subtle" color="gray" disabled={last || busy} onClick={() => onMove(1)} aria-label={`Descendre ${item}`}>
              <IconArrowDown size={18} />
            </ActionIcon>
          </Tooltip>
        </>
      )}
      {others.length === 1 && !others[0].icon ? (
        <Inline actions={others} item={item} />
      ) : (
        others.length > 0 && (
          <>
            <Group gap={4} wrap="nowrap" className={classes.wide}>
              <Inline actions={others} item={item} />
            </Group>
            {others.length === 1 ? (
              // one action left: its icon, named and with its word on hover, keeps the row on one line
              <Box className={classes.narrow}>
                <IconOnly action={others[0]} item={item} />
              </Box>
            ) : (
              <Box className={classes.narrow}>
                <ActionsMenu label={`Plus d'actions pour ${item}`} actions={others} item={item} />
              </Box>
            )}
          </>
        )
      )}
    </Group>
  );
}

/**
 * Actions behind one button '…' named `label`: the fold of a narrow row's actions, and the menu of a card
 * (a service, a questionnaire: 'Actions du service Kayak'). With `item`, each entry is named with it
 * ('Supprimer Piscine'); a card's menu names the item once, on its button.
 */
export function ActionsMenu({ label, actions, item }: { label: string; actions: MenuAction[]; item?: string }) {
  const named = (a: MenuAction) => (item ? `${a.label} ${item}` : undefined);
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => (
          <Fragment key={a.label}>
            {a.divided && <Menu.Divider />}
            {a.href ? (
              <Menu.Item component={Link} to={a.href} leftSection={a.icon} aria-label={named(a)}>
                {a.label}
              </Menu.Item>
            ) : (
              <Menu.Item color={a.danger ? 'red' : undefined} leftSection={a.icon} onClick={a.onClick} aria-label={named(a)}>
                {a.label}
              </Menu.Item>
            )}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
