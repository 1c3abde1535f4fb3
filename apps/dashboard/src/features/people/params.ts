import { useLocation, useSearchParams } from 'react-router';

export type Patch = Record<string, string | number | null>;

/**
 * The address's parameters as they are now. React Router commits a navigation in a transition, which a
 * heavy page (50 client cards) can hold back for a while on a slow machine: meanwhile the parameters a
 * render saw are stale, and a second change made from them (a checkbox after another) would drop the
 * first. The browser's address is ahead of the render; a memory router (tests) has no such lag.
 */
function liveParams(rendered: URLSearchParams, pathname: string): URLSearchParams {
  if (typeof window !== 'undefined' && window.location.pathname === pathname) return new URLSearchParams(window.location.search);
  return rendered;
}

/**
 * `set` (useListParams) applied to the live address: what a pending navigation changed is kept, then the
 * patch, which may be computed from the live parameters (a toggle flips what is, not what was shown).
 */
export function useLiveSet(set: (patch: Patch) => void) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  return (patchOf: Patch | ((live: URLSearchParams) => Patch)) => {
    const live = liveParams(params, pathname);
    const diff: Patch = {};
    for (const [k, v] of live) if (params.get(k) !== v) diff[k] = v;
    for (const k of new Set(params.keys())) if (!live.has(k)) diff[k] = null;
    set({ ...diff, ...(typeof patchOf === 'function' ? patchOf(live) : patchOf) });
  };
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
