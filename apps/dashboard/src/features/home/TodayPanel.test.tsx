import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-harness';
import { TodayPanel } from './TodayPanel';
import { dayBounds, midnight } from './today';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const NOW = Math.floor(Date.now() / 1000);
const importDoc = (over: object) => ({
  _id: 'i1', kind: 'reservations', status: 'done', source: 'dashboard', total: 600, done: 600, created: 590, updated: 8, failures: [], refused: 2, message: null,
  created_time: NOW - 3600, finished_time: NOW - 3500, ...over,
});
const campaign = (timestamp: number, failed: number) => ({ _id: `c${timestamp}`, timestamp, failed_count: failed, sent_count: 10, status: 'sent' });

/** Answers each count by its filters (so a test sees which filters a tile asked); records the addresses. */
function server() {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://x');
      asked.push(u);
      const p = u.searchParams;
      if (u.pathname.endsWith('stays/count')) {
        if (p.has('after_arrival')) return json({ total: 12 });
        if (p.has('after_departure') && p.has('before_departure')) return json({ total: 1 });
        return json({ total: 40 }); // the week
      }
      if (u.pathname.endsWith('clients/counts')) return json(p.get('on_site') === 'true' ? { clients: 31, stays: 33, users: 9, notifications: 2 } : { clients: 38, stays: 44, users: 10, notifications: 3 });
      if (u.pathname.endsWith('imports/latest')) return json(p.get('kind') === 'reservations' ? importDoc({}) : p.get('kind') === 'roomlist' ? importDoc({ created_time: NOW - 86400 * 3, refused: 0 }) : false);
      if (u.pathname.endsWith('cron_mail/list')) return json([campaign(NOW - 3600, 3), campaign(NOW - 86400 * 2, 1), campaign(NOW - 86400 * 30, 50)]);
      return json(false);
    }),
  );
  return asked;
}
const tile = (label: string) => screen.getByTestId(`today-${label}`);

describe('the home page for today', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts with the list calls and links to the lists with the same filters', async () => {
    const asked = server();
    renderApp({ '/': <TodayPanel /> }, { permissions: { homepage: 1, users: 1, emails: 1 } });
    await waitFor(() => expect(tile("Arrivées aujourd'hui")).toHaveTextContent('12 séjours'));
    const b = dayBounds(NOW, 'Europe/Paris');
    const link = (label: string) => new URL(tile(label).getAttribute('href')!, 'http://x');
    // the tile's link carries the filters its count was asked with
    const arrivals = link("Arrivées aujourd'hui");
    expect(arrivals.pathname).toBe('/users/sejours');
    expect(Object.fromEntries(arrivals.searchParams)).toEqual({ after_arrival: String(b.today), before_arrival: String(b.tomorrow) });
    const countAsked = asked.find((u) => u.pathname.endsWith('stays/count') && u.searchParams.get('after_arrival') === String(b.today))!;
    expect(Object.fromEntries(countAsked.searchParams)).toEqual(Object.fromEntries(arrivals.searchParams));
    expect(Object.fromEntries(link('Départs demain').searchParams)).toEqual({ after_departure: String(b.tomorrow), before_departure: String(b.afterTomorrow) });
    expect(tile('Départs demain')).toHaveTextContent('1 séjour');
    expect(tile('Départs demain')).not.toHaveTextContent('1 séjours');

    // on site: the client list's 'Fiches clients' and 'Utilisateurs' counters for on_site=1
    expect(link('Clients sur place').pathname + link('Clients sur place').search).toBe('/users/clients?on_site=1');
    expect(tile('Clients sur place')).toHaveTextContent("31 fiches clients9 utilisateurs de l'application");
    // adoption: the week's accounts (client list 'Utilisateurs') per stay of the week (stay list count)
    await waitFor(() => expect(tile("Adoption de l'application")).toHaveTextContent('25 %'));
    expect(tile("Adoption de l'application")).toHaveTextContent('10 comptes pour 40 séjours cette semaine');
    expect(Object.fromEntries(link("Adoption de l'application").searchParams)).toEqual({ before_arrival: String(b.weekEnd), after_departure: String(b.weekStart) });

    // the latest PMS import of any kind, orange when rows were refused
    await waitFor(() => expect(tile('Dernier import PMS')).toHaveTextContent('Incomplet'));
    expect(tile('Dernier import PMS')).toHaveTextContent('600 lignes lues, 2 refusées');
    // failed e-mails of the last seven days' campaigns, not older ones
    await waitFor(() => expect(tile('E-mails en échec')).toHaveTextContent('4 e-mails'));
    expect(link('E-mails en échec').pathname).toBe('/administration/auto-email');
  });

  it('shows only the tiles the flags let the user open, and asks nothing else', async () => {
    const asked = server();
    renderApp({ '/': <TodayPanel /> }, { permissions: { homepage: 1, emails: 1 } });
    await waitFor(() => expect(tile('E-mails en échec')).toHaveTextContent('4 e-mails'));
    const panel = screen.getByRole('region', { name: "Aujourd'hui" });
    expect(within(panel).getAllByRole('link')).toHaveLength(1);
    expect(asked.map((u) => u.pathname).filter((p) => /stays|clients|imports/.test(p))).toEqual([]);
  });

  it('shows nothing to staff with neither flag', () => {
    server();
    renderApp({ '/': <TodayPanel /> }, { permissions: { homepage: 1 } });
    expect(screen.queryByRole('region', { name: "Aujourd'hui" })).toBeNull();
  });

  it("today's and the week's bounds are the establishment's midnights, Monday to Monday", () => {
    // Sunday 29 March 2026, 23:30 in Paris (the night clocks went forward): the week began on the 23rd
    const t = Date.UTC(2026, 2, 29, 21, 30) / 1000;
    const b = dayBounds(t, 'Europe/Paris');
    expect(b.today).toBe(Date.UTC(2026, 2, 28, 23) / 1000); // 00:00 CET, before the change
    // 00:00 CEST: that day had 23 hours
    expect(b.tomorrow).toBe(Date.UTC(2026, 2, 29, 22) / 1000);
    expect(b.weekStart).toBe(Date.UTC(2026, 2, 22, 23) / 1000);
    expect(b.weekEnd).toBe(b.tomorrow);
    expect(midnight(Date.UTC(2026, 0, 31, 12) / 1000, 'Europe/Paris', 1)).toBe(Date.UTC(2026, 1, 0, 23) / 1000);
  });
});
