import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reviewListQuery } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import { oneOf, textField, useAddress } from './useAddress';
import { useListQuery } from './useListQuery';

const SHAPE = { filtre: oneOf(['open', 'closed'] as const), period: oneOf(['30', '90'] as const, '90'), day: textField(/^\d{4}-\d{2}-\d{2}$/), c: textField() };

/** Renders a hook at `path`; `now()` is its latest answer, `address()` the router's, `entries()` the history's length. */
function probe<T>(path: string, hook: () => T) {
  let latest!: T;
  function Probe() {
    latest = hook();
    return null;
  }
  const { router } = renderApp({ [path.split('?')[0]]: <Probe /> });
  act(() => void router.navigate(path, { replace: true }));
  return { now: () => latest, address: () => Object.fromEntries(new URLSearchParams(router.state.location.search)), action: () => router.state.historyAction };
}

describe('useAddress: a screen’s state kept in the address', () => {
  it('reads each field with its declaration; a refused value is the default', () => {
    expect(probe('/s?filtre=open&day=2026-07-15&c=c1', () => useAddress(SHAPE)).now().values).toEqual({ filtre: 'open', period: '90', day: '2026-07-15', c: 'c1' });
    expect(probe('/s?filtre=bogus&period=12&day=15/07/2026', () => useAddress(SHAPE)).now().values).toEqual({ filtre: undefined, period: '90', day: undefined, c: undefined });
  });

  it('writes a change in place, leaving out a removed field and a default; push adds a history entry', () => {
    const p = probe('/s?filtre=open&keep=1', () => useAddress(SHAPE));
    act(() => p.now().set({ filtre: null, period: '30', c: 'c2' }));
    expect(p.address()).toEqual({ keep: '1', period: '30', c: 'c2' });
    expect(p.action()).toBe('REPLACE');
    act(() => p.now().set({ period: '90' }, { push: true }));
    expect(p.address()).toEqual({ keep: '1', c: 'c2' });
    expect(p.action()).toBe('PUSH');
  });
});

describe('useListQuery with a first page of 0 (the collected reviews, 001 §9)', () => {
  it('reads page 0 by default and leaves it out of the address', () => {
    const p = probe('/l?page=2', () => useListQuery(reviewListQuery));
    expect(p.now().query.page).toBe(2);
    expect(p.now().first).toBe(0);
    act(() => p.now().setPage(0));
    expect(p.address()).toEqual({});
    expect(p.now().query.page).toBe(0);
  });
});
