import { useLocation, useSearchParams } from 'react-router';
import { liveParams } from '../../components/ListScreen';

export type Patch = Record<string, string | number | null>;

/**
 * `set` (useListParams, which already starts from the live address) with a patch that may be computed
 * from the live parameters: a toggle flips what is, not what a stale render showed.
 */
export function useLiveSet(set: (patch: Patch) => void) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  return (patchOf: Patch | ((live: URLSearchParams) => Patch)) => set(typeof patchOf === 'function' ? patchOf(liveParams(params, pathname)) : patchOf);
}

/**
 * A with/without pair of 002 §4 after one of its boxes is clicked: never both off (turning one off when
 * the other is off turns the other on). `null` is both on (no filter).
 */
export function toggledPair(current: string | null, side: 'with' | 'without'): 'with' | 'without' | null {
  let withBox = current !== 'without';
  let withoutBox = current !== 'with';
  if (side === 'with') {
    withBox = !withBox;
    if (!withBox) withoutBox = true;
  } else {
    withoutBox = !withoutBox;
    if (!withoutBox) withBox = true;
  }
  return withBox && withoutBox ? null : withBox ? 'with' : 'without';
}
