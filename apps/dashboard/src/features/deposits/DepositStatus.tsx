import { DEPOSITS, formatEuros } from '@campsite/shared';
import { WholeBadge } from '../../components/WholeBadge';

/** 002 §4: 'OK' shows 'Validé' (green), empty 'Non déposé' (grey), anything else the word itself in red. */
export function DepositStatus({ status }: { status: string }) {
  if (status === 'OK') return <WholeBadge color="green" autoContrast>{DEPOSITS.statusOk}</WholeBadge>;
  if (!status) return <WholeBadge color="gray" autoContrast>{DEPOSITS.statusNone}</WholeBadge>;
  return <WholeBadge color="red" autoContrast>{status}</WholeBadge>;
}

/** An amount in euros as the deposits' screens show it ('150,00 €'). */
export const euros = (n: number) => formatEuros(Math.round(n * 100));
