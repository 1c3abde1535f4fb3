import { Badge, type BadgeProps } from '@mantine/core';

const WHOLE = { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } as const;

/**
 * A badge whose word is never cut ('Rubrique', not 'Ru…'): in a table at 1024 px the column takes the
 * badge's width and the title beside it wraps instead.
 */
export function WholeBadge(props: BadgeProps & { children: React.ReactNode }) {
  return <Badge variant="light" tt="none" styles={WHOLE} {...props} />;
}
