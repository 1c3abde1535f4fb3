import { useMutation, useQuery, useQueryClient, type QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { Answer, Body, CallDef, Query } from '@campsite/shared';
import { api } from '@campsite/shared/client';

export const keyOf = (def: CallDef, input?: unknown) => (input === undefined ? [def.path] : [def.path, input]);

/** A read of the contract, cached under its path and input. */
export function useCall<C extends CallDef>(
  def: C,
  input?: Query<C>,
  options: Omit<UseQueryOptions<Answer<C>>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<Answer<C>>({
    queryKey: keyOf(def, input),
    queryFn: ({ signal }) => api(def, input as never, { signal }),
    ...options,
  });
}

/**
 * A write of the contract; on success the reads named in `invalidates` are fetched again, so every
 * screen showing them is up to date. `answered` first puts what the answer already tells in the cache.
 */
export function useCallMutation<C extends CallDef>(def: C, invalidates: CallDef[] = [], answered?: (answer: Answer<C>, client: QueryClient) => void) {
  const client = useQueryClient();
  return useMutation<Answer<C>, Error, Body<C>>({
    mutationFn: (body) => api(def, body as never),
    onSuccess: async (answer) => {
      answered?.(answer, client);
      await Promise.all(invalidates.map((d) => client.invalidateQueries({ queryKey: [d.path] })));
    },
  });
}
