import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { clearCache, seed } from '../../lib/fetch-cache';
import { renderIn } from '../../testing/context';
import NotificationsScreen from './NotificationsScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const ME = '/api/webapp/account/me';
const me = { _id: 'g1', email: 'anna@example.de', firstname: 'Anna', lastname: 'Weber', civility: null, birthday: null, phone: null, langage: 'de', client_number: '12', user_type: null, participant_type: null, activate: true, created_time: 0, stay: null, client: null };
// 14 July 2025, 18:30 in Paris
const T = 1_752_510_600;
const row = (id: string, title: string, time: number, url = '/') => ({ _id: id, lang: 'de', title, content: `${title}: Text`, url, time });

/** The guest API's answers by page; the asked addresses are kept. */
function server(pages: Record<string, { rows: ReturnType<typeof row>[]; more: boolean }>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    asked.push(url);
    if (url.includes('notifications/history')) return json(pages[new URL(url, 'http://x').searchParams.get('page') ?? '1']);
    return json(false);
  }));
  return asked;
}

afterEach(() => {
  cleanup();
  clearCache();
  vi.unstubAllGlobals();
});

describe('the notifications received (issue 32)', () => {
  it('lists them newest first in German, each leading to its page, the older ones on a tap', async () => {
    const asked = server({
      '1': { rows: [row('n2', 'Markt heute Abend', T, '/seiten/p1'), row('n1', 'Schwimmbad offen', T - 86400)], more: true },
      '2': { rows: [row('n0', 'Willkommen', T - 2 * 86400)], more: false },
    });
    seed(ME, me, Date.now());
    const { navigated } = renderIn('de', <NotificationsScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Meine Mitteilungen');
    const list = await screen.findByRole('list', { name: 'Meine Mitteilungen' }, { timeout: 5000 });
    await within(list).findByText('Markt heute Abend');
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.querySelector('strong')!.textContent)).toEqual(['Markt heute Abend', 'Schwimmbad offen']);
    expect(links[0].textContent).toContain('Markt heute Abend: Text');
    expect(links[0].querySelector('time')!.textContent).toMatch(/14\. Juli?.*18:30/);
    expect(asked.some((u) => u.includes('page=1') && u.includes('lang=de'))).toBe(true);
    fireEvent.click(links[0]);
    expect(navigated).toEqual(['/seiten/p1']);
    fireEvent.click(within(list).getByRole('button', { name: 'Ältere anzeigen' }));
    expect(await within(list).findByText('Willkommen')).toBeTruthy();
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    expect(within(list).queryByRole('button')).toBeNull();
  });

  it('says when none came yet, and asks a guest signed out to sign in', async () => {
    server({ '1': { rows: [], more: false } });
    seed(ME, me, Date.now());
    renderIn('fr', <NotificationsScreen />);
    expect(await screen.findByText("Vous n'avez encore reçu aucune notification.", {}, { timeout: 5000 })).toBeTruthy();
    cleanup();
    clearCache();
    seed(ME, false, Date.now());
    renderIn('en', <NotificationsScreen />);
    expect(screen.getByText(/Sign in to see the notifications you received\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/account');
  });
});
