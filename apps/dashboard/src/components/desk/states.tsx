import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import type { TodayApp, TodayDeposit, TodayInventory } from '@campsite/shared';
import { TODAY } from '@campsite/shared';
import { WholeBadge } from '../WholeBadge';

// The areas' states at a glance (issue 33): the to-do list's rows and the stay's page say them alike.

export type Tone = 'green' | 'orange' | 'red' | 'gray';

export const APP: Record<TodayApp['state'], [string, Tone]> = {
  active: [TODAY.appActive, 'green'],
  invited: [TODAY.appInvited, 'green'],
  pending: [TODAY.appPending, 'orange'],
  none: [TODAY.appNone, 'red'],
};
export const DEPOSIT: Record<TodayDeposit['state'], [string, Tone]> = {
  none: [TODAY.depositNone, 'gray'],
  to_request: [TODAY.depositToRequest, 'red'],
  requested: [TODAY.depositRequested, 'orange'],
  made: [TODAY.depositMade, 'green'],
  settling: [TODAY.depositSettling, 'orange'],
  settled: [TODAY.depositSettled, 'green'],
};
export const INVENTORY: Record<TodayInventory['state'], [string, Tone]> = {
  none: [TODAY.inventoryNone, 'gray'],
  todo: [TODAY.inventoryTodo, 'red'],
  started: [TODAY.inventoryStarted, 'orange'],
  done: [TODAY.inventoryDone, 'green'],
};

/** One area's state: its name, the state's word, and the action that moves it on, if any. */
export function StateCell({ label, state, children }: { label: string; state: [string, Tone]; children?: ReactNode }) {
  return (
    <Stack gap={4} align="flex-start">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <WholeBadge color={state[1]}>{state[0]}</WholeBadge>
      {children}
    </Stack>
  );
}

