import { keepPreviousData } from '@tanstack/react-query';
import { search } from '@campsite/shared';
import { useCall } from '../../lib/query';

/** The top bar's search (contract.search): asked once something is typed; the previous answer stays shown while the next comes. */
export const useGlobalSearch = (q: string) =>
  useCall(search.find, { q }, { enabled: q.length > 0 && q.length <= 80, staleTime: 10_000, placeholderData: keepPreviousData });
