import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';

/** A detail's fields as a definition list: each label beside its value, the value wrapping anywhere (an address, a reference). */
export function Details({ rows, labelWidth = 150 }: { rows: [string, ReactNode][]; labelWidth?: number }) {
  return (
    <Stack gap={6} component="dl" m={0}>
      {rows.map(([k, v]) => (
        <Group key={k} gap="sm" wrap="nowrap" align="baseline">
          <Text component="dt" fw={600} w={labelWidth} size="sm" style={{ flexShrink: 0 }}>
            {k}
          </Text>
          <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {v}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
