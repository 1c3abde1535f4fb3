import { INVENTORIES, type InventoryStatus } from '@campsite/shared';
import { WholeBadge } from '../../components/WholeBadge';

/** 002 §3: uncompleted grey, completed green, warning yellow, infos blue, error red (the server's status, only shown). */
const COLOURS: Record<InventoryStatus, string> = { uncompleted: 'gray', completed: 'green', warning: 'yellow', infos: 'blue', error: 'red' };

export function StatusBadge({ status }: { status: InventoryStatus | null }) {
  if (!status) return <span aria-label="Pas d'inventaire">—</span>;
  return (
    <WholeBadge color={COLOURS[status]} autoContrast>
      {INVENTORIES.status[status]}
    </WholeBadge>
  );
}
