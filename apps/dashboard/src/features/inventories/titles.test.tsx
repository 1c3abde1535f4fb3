import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-harness';
import { NAV } from '../../shell/nav';
import { screenTitle } from '../../shell/titles';
import AccommodationsScreen from './AccommodationsScreen';
import ClientInventoriesScreen from './ClientInventoriesScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const CONFIG = { arrival: true, departure: true, arrival_staff: true, arrival_user: true, departure_staff: true, departure_user: false, delay: 48, translations: [], arrival_access: { staff: true, user: true }, departure_access: { staff: true, user: false } };
// empty lists and the settings: the screens as a new campsite sees them
beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => json(url.includes('config/inventory/list') ? CONFIG : url.includes('inventories/list') ? { rows: [], total: 0, page: 1, per_page: 50 } : [])),
  ),
);
afterEach(() => vi.unstubAllGlobals());

/** The sidebar's label of an address (an entry of the 'Inventaires' group). */
const navLabel = (path: string) => NAV.flatMap((e) => e.children ?? []).find((c) => c.path === path)?.label;

describe('the inventories screens are named as the sidebar names them (issue 32)', () => {
  it.each([
    ['/inventaires', <AccommodationsScreen key="a" />, 'Mes hébergements'],
    ['/inventaires/checkin', <ClientInventoriesScreen key="c" />, 'Inventaires clients'],
  ])('%s: one name in the sidebar, the tab and the heading', async (path, ui, name) => {
    expect(navLabel(path)).toBe(name);
    expect(screenTitle(path)).toBe(name);
    const { router } = renderApp({ [path]: ui }, { permissions: { inventories: 1 } });
    await act(() => router.navigate(path));
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
  });
});
