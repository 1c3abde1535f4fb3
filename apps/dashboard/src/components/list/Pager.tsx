import { Group, Pagination, Text } from '@mantine/core';
import { PEOPLE } from '@campsite/shared';
import { figure } from '../../lib/format';

/**
 * The pages of a paged list under it, with the count ('26 à 50 sur 112'). `first` is the list's first
 * page (0 where the spec says so: the collected reviews); the pages are shown from 1 whatever it is.
 * `counted={false}`: the pages alone, at the right, with `siblings` either side (001 §9).
 */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  first = 1,
  counted = true,
  siblings,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage(n: number): void;
  first?: 0 | 1;
  counted?: boolean;
  siblings?: number;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0 || (!counted && pages < 2)) return null;
  const shown = page - first + 1;
  const from = (shown - 1) * pageSize + 1;
  const to = Math.min(total, shown * pageSize);
  return (
    <Group justify={counted ? 'space-between' : 'flex-end'} {...(counted ? { mt: 'md' } : { my: 'sm' })} gap="sm">
      {counted && (
        <Text size="sm" c="dimmed">
          {figure(from)} à {figure(to)} sur {figure(total)}
        </Text>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(shown, pages)}
          onChange={(n) => onPage(n - 1 + first)}
          siblings={siblings}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Page précédente' : control === 'next' ? 'Page suivante' : control === 'first' ? 'Première page' : 'Dernière page' })}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
        />
      )}
    </Group>
  );
}

/**
 * 'Nombre de lignes : 150 000' above a paged list. A page counts its matches up to 1 000 (`more` beyond):
 * then the figure is the list's count call (`exact`, useCappedCount), and 'plus de 1 000' until it answers.
 */
export function RowCount({ total, more, exact }: { total: number; more?: boolean; exact?: number }) {
  return (
    <Text size="sm" mb="xs">
      {PEOPLE.rowCount} : {!more ? figure(total) : exact !== undefined ? figure(exact) : `plus de ${figure(total)}`}
    </Text>
  );
}
