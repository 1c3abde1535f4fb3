import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * A screen's breadcrumb, title and actions, the same on every screen. The breadcrumb's last step is
 * the current screen: plain text, never a link.
 */
export function PageHeader({ title, crumbs = [], actions, description }: { title: string; crumbs?: Crumb[]; actions?: ReactNode; description?: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      {crumbs.length > 0 && (
        <Breadcrumbs separator="›" fz="sm" style={{ flexWrap: 'wrap', rowGap: 2 }} aria-label="Fil d'Ariane" component="nav">
          {crumbs.map((c, i) =>
            c.to && i < crumbs.length - 1 ? (
              <Anchor key={`${i}-${c.label}`} component={Link} to={c.to} size="sm">
                {c.label}
              </Anchor>
            ) : (
              <Text key={`${i}-${c.label}`} size="sm" c="dimmed" aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
                {c.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
      </Group>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
