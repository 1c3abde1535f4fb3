import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientListQuery, pageFields, stayListQuery, textFilter, userListQuery, webappUserListQuery } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import { useListQuery, type ListQuery } from './useListQuery';

/** Renders a list screen's query at `path`; `now()` is the hook's latest answer, `address()` the router's. */
function probe<S extends z.ZodObject>(path: string, schema: S, defaults?: Parameters<typeof useListQuery<S>>[1]) {
  let latest!: ListQuery<S>;
  function Probe() {
    latest = useListQuery(schema, defaults);
    return null;
  }
  const { router } = renderApp({ [path.split('?')[0]]: <Probe /> });
  act(() => void router.navigate(path, { replace: true }));
  return { now: () => latest, address: () => Object.fromEntries(new URLSearchParams(router.state.location.search)) };
}

describe('useListQuery: the address read with the list call’s own query schema', () => {
  it('reads paging and filters as the contract types them, under the address’s short names', () => {
    const { now } = probe('/l?page=3&sort=arrival&dir=desc&size=100&lastname=Dupont&on_site=1&after_arrival=1750000000&clients=12,13&search=1', clientListQuery);
    expect(now().query).toMatchObject({ page: 3, per_page: 100, sort: 'arrival', order: 'desc', lastname: 'Dupont', on_site: true, after_arrival: 1_750_000_000, clients: ['12', '13'] });
    // the count call gets the filters alone
    expect(now().filters).toEqual({ lastname: 'Dupont', on_site: true, after_arrival: 1_750_000_000, clients: ['12', '13'] });
    expect(now().filtered).toBe(true);
    expect(now().searched).toBe(true);
  });

  it('a value the schema refuses falls back to its default, and an empty filter is no filter', () => {
    const { now } = probe('/l?page=-2&sort=bogus&size=7&client_type=alien&after_arrival=abc&lastname=%20%20&on_site=0', clientListQuery);
    expect(now().query).toEqual({ page: 1, per_page: 50, sort: 'client_number', order: 'asc' });
    expect(now().filters).toEqual({});
    expect(now().filtered).toBe(false);
  });

  it('takes the screen’s defaults where they differ from the contract’s, and the staff search from ?q=', () => {
    expect(probe('/l', webappUserListQuery, { order: 'desc' }).now().query).toEqual({ page: 1, per_page: 50, sort: 'created_time', order: 'desc' });
    const staff = probe('/l?q=lea', userListQuery, { per_page: 25 }).now();
    expect(staff.query).toEqual({ page: 1, per_page: 25, sort: 'lastname', order: 'asc', search: 'lea' });
  });

  it('reads a filter added to the contract with no change here', () => {
    const withPitch = z.object({ ...pageFields(['stay_number'] as const, 'stay_number'), pitch: textFilter });
    expect(probe('/l?pitch=B12', withPitch).now().filters).toEqual({ pitch: 'B12' });
  });

  it('writes changes under the address’s names, leaving out page 1 and the default page size', () => {
    const { now, address } = probe('/l?page=4&size=100', userListQuery, { per_page: 25 });
    act(() => now().set({ per_page: 25, order: 'desc', search: 'x', page: 1 }));
    expect(address()).toEqual({ dir: 'desc', q: 'x' });
    act(() => now().toggleSort('lastname'));
    expect(address()).toEqual({ dir: 'asc', q: 'x', sort: 'lastname' });
  });

  it('search(): applies a panel from page 1 as search results; an empty panel does nothing, or clears a search', () => {
    /** runs a change as a user event does, and says what it returned */
    const run = <T,>(change: () => T): T => {
      let result!: T;
      act(() => void (result = change()));
      return result;
    };
    const { now, address } = probe('/l?page=2', stayListQuery);
    expect(run(() => now().search({ stay_number: null, location: null }))).toBe(false);
    expect(address()).toEqual({ page: '2' });
    expect(run(() => now().search({ stay_number: '601', location: null }))).toBe(true);
    expect(address()).toEqual({ stay_number: '601', search: '1' });
    expect(now().searched).toBe(true);

    // an empty search also drops what `clears` names (the client list's selection sent by the hub)
    const clients = probe('/l?lastname=x&clients=12,13&search=1', clientListQuery);
    expect(run(() => clients.now().search({ lastname: null }, ['clients']))).toBe(true);
    expect(clients.address()).toEqual({});

    const reset = probe('/l?stay_number=601&on_site=1&search=1&page=3', stayListQuery);
    run(() => reset.now().clearSearch(['stay_number']));
    expect(reset.address()).toEqual({ on_site: '1' });
  });
});
