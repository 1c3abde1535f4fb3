import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, dayCount, dayOf, precedingPeriod, statsPeriod, type StatsOverview } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import StatsScreen from './StatsScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const audience = (visits: number, visitors: number, app: number) => ({ visits, visitors, app_visits: app, app_visitors: Math.round(app / 3) });

function overview(q: URLSearchParams): StatsOverview {
  const from = q.get('from')!;
  const to = q.get('to')!;
  const cmp = q.get('compare_from') ? { compare_from: q.get('compare_from')!, compare_to: q.get('compare_to')! } : precedingPeriod(from, to);
  // as the server counts: a period in progress against as many days of the other
  const today = dayOf(Date.now() / 1000, 'Europe/Paris');
  const elapsed = dayCount(from, to > today ? today : to);
  return {
    from,
    to,
    ...cmp,
    compare_counted_to: elapsed < dayCount(cmp.compare_from, cmp.compare_to) ? addDays(cmp.compare_from, Math.max(elapsed, 1) - 1) : cmp.compare_to,
    current: audience(1200, 300, 600),
    previous: audience(1000, 300, 600),
    days: [{ day: from, visits: 1200, visitors: 300, app_visits: 600, previous_visits: 1000 }],
    weeks: [{ week: from, visits: 1200, visitors: 300 }],
    screens: [{ component: 'page', visits: 800, previous_visits: 700 }],
    pages: [
      { _id: 'p1', component: 'page', name: 'Piscine', visits: 500, visitors: 200 },
      { _id: 'p2', component: 'page', name: null, visits: 3, visitors: 1 },
    ],
    rubrics: [],
    activities: [],
    notifications: { subscribers: 1, devices: 1, new_subscriptions: 5, sends: 2, delivered: 1, opened: 0, previous: { new_subscriptions: 0, sends: 1, delivered: 40, opened: 10 } },
    bookings: [],
    reviews: [{ _id: 'm1', name: 'Fin de séjour', count: 12, score: 4.3, previous_count: 10, previous_score: 4.1 }],
  };
}

function server(held?: Promise<void>) {
  const asked: string[] = [];
  const posted: unknown[] = [];
  let season = { start: '04-01', end: '10-31' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('stats/overview')) {
        asked.push(url);
        // the second period's answer waits for the test (a slow read)
        if (held && asked.length > 1) await held;
        return json(overview(new URL(url, 'http://x').searchParams));
      }
      if (url.includes('summary-mail/update')) {
        posted.push(JSON.parse(String(init?.body)));
        return json({ subscribed: true });
      }
      if (url.includes('summary-mail')) return json({ subscribed: false });
      if (url.includes('stats/season/update')) {
        season = JSON.parse(String(init?.body));
        posted.push(season);
        return json(season);
      }
      if (url.includes('stats/season')) return json(season);
      return json(false);
    }),
  );
  return { asked, posted };
}

describe('the statistics screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows this week by default with its changes, then the season from the address', async () => {
    const { asked } = server();
    const { router } = renderApp({ '/stats': <StatsScreen /> }, { permissions: { stats: 1 } });
    await act(() => router.navigate('/stats'));
    expect(await screen.findByTestId('stat-Pages vues')).toHaveTextContent('1 200');
    expect(screen.getByTestId('stat-Pages vues').parentElement).toHaveTextContent('1 200+20 %');
    expect(screen.getByTestId('stat-Depuis l’application installée')).toHaveTextContent('50 %');
    const week = statsPeriod('week', dayOf(Date.now() / 1000, 'Europe/Paris'));
    expect(asked[0]).toContain(`from=${week.from}&to=${week.to}`);
    const pages = screen.getByRole('region', { name: 'Pages les plus lues' });
    expect(within(pages).getByText('Piscine')).toBeInTheDocument();
    expect(within(pages).getByText('Élément supprimé')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Réservations par service' })).toHaveTextContent('Aucune réservation sur cette période');
    const reviews = screen.getByRole('region', { name: 'Avis' });
    expect(within(reviews).getByRole('row', { name: /Fin de séjour/ })).toHaveTextContent('Fin de séjour12+20 %4,3 / 5+0,2');

    await userEvent.setup().click(screen.getByText('La saison'));
    expect(router.state.location.search).toBe('?periode=saison');
    await vi.waitFor(() => expect(asked.at(-1)).toMatch(/from=\d{4}-04-01&to=\d{4}-10-31/));
  });

  it('refuses a custom period ending before it starts, in French, without asking the server', async () => {
    const { asked } = server();
    const { router } = renderApp({ '/stats': <StatsScreen /> }, { permissions: { stats: 1 } });
    await act(() => router.navigate('/stats?periode=perso&du=2026-07-14&au=2026-08-15'));
    expect(await screen.findByTestId('period-text')).toHaveTextContent('Du 14 juillet 2026 au 15 août 2026 · comparé à la période du 11 juin 2026 au 13 juillet 2026 (33 jours chacune)');
    const user = userEvent.setup();
    // French days whatever the browser's language (issue 32)
    expect(screen.getByLabelText('Du')).toHaveValue('14/07/2026');
    const to = screen.getByLabelText('Au');
    expect(to).toHaveValue('15/08/2026');
    await user.clear(to);
    await user.type(to, '01/07/2026');
    const before = asked.length;
    await user.click(screen.getByRole('button', { name: 'Afficher' }));
    expect(screen.getByText('La date de fin doit être postérieure ou égale à la date de début')).toBeInTheDocument();
    expect(asked.length).toBe(before);
  });

  it('says how many days each side of a period in progress counts, and writes French plurals and narrow spaces', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    server();
    const { router } = renderApp({ '/stats': <StatsScreen /> }, { permissions: { stats: 1 } });
    await act(() => router.navigate('/stats?periode=mois'));
    // November so far (27 days) against the first 27 days of October, not 'autant de jours' of a 30-day month
    await vi.waitFor(() =>
      expect(screen.getByTestId('period-text')).toHaveTextContent(
        'Du 1 novembre 2026 au 30 novembre 2026 · comparé à la période du 1 octobre 2026 au 27 octobre 2026 (27 jours chacune, jusqu’à aujourd’hui)',
      ),
    );
    // a Monday: the week so far is one day, against the Monday before
    vi.setSystemTime(new Date('2026-11-30T12:00:00Z'));
    await act(() => router.navigate('/stats'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('period-text')).toHaveTextContent('Du 30 novembre 2026 au 6 décembre 2026 · comparé au 23 novembre 2026 (1 jour chacune, jusqu’à aujourd’hui)'),
    );
    await act(() => router.navigate('/stats?periode=mois'));
    vi.useRealTimers();
    // thousands and percents with a narrow no-break space (U+202F), as fr-FR writes them
    expect(screen.getByTestId('stat-Pages vues').textContent).toBe('1\u202f200');
    expect(screen.getByTestId('stat-Depuis l’application installée').textContent).toBe('50\u202f%');
    expect(screen.getByTestId('stat-Pages vues').parentElement!.textContent).toBe('1\u202f200+20\u202f%');
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(notifications).toHaveTextContent('1 appareil abonné');
    expect(notifications).toHaveTextContent('0 notification ouverte / 1 reçue');
  });

  it('subscribes the signed-in staff member to the weekly mail', async () => {
    const { posted } = server();
    const { router } = renderApp({ '/stats': <StatsScreen /> }, { permissions: { stats: 1 } });
    await act(() => router.navigate('/stats'));
    const toggle = await screen.findByRole('switch', { name: 'Recevoir chaque lundi le résumé de la semaine par e-mail' });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Vous recevrez le résumé chaque lundi matin')).toBeInTheDocument();
    expect(posted).toEqual([{ subscribed: true }]);
  });

  it('sets a winter season, which the season period then covers', async () => {
    const { asked, posted } = server();
    const { router } = renderApp({ '/stats': <StatsScreen /> }, { permissions: { stats: 1 } });
    await act(() => router.navigate('/stats?periode=saison'));
    expect(await screen.findByText('Saison du 1er avril au 31 octobre')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Modifier la saison' }));
    const pick = async (label: string, option: string) => {
      const combo = await screen.findByRole('combobox', { name: label });
      await user.click(combo);
      await vi.waitFor(() => expect(combo.getAttribute('aria-controls')).toBeTruthy());
      await user.click(within(document.getElementById(combo.getAttribute('aria-controls')!)!).getByRole('option', { name: option, hidden: true }));
    };
    await pick('Mois d’ouverture', 'décembre');
    await pick('Mois de fermeture', 'avril');
    await pick('Jour de fermeture', '30');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La saison a bien été mise à jour')).toBeInTheDocument();
    expect(posted).toEqual([{ start: '12-01', end: '04-30' }]);
    expect(await screen.findByText('Saison du 1er décembre au 30 avril')).toBeInTheDocument();
    // the last winter season begun: from a December to the next April
    await vi.waitFor(() => {
      const [, from, to] = asked.at(-1)!.match(/from=(\d{4})-12-01&to=(\d{4})-04-30/) ?? [];
      expect(Number(to) - Number(from)).toBe(1);
    });
  });

  it('keeps the figures at full contrast while another period loads, and says it is loading (issue 32: muted text failed axe)', async () => {
    let release = () => {};
    server(new Promise<void>((done) => (release = done)));
    const { router } = renderApp({ '/stats': <StatsScreen /> }, { permissions: { stats: 1 } });
    await act(() => router.navigate('/stats'));
    const figure = await screen.findByTestId('stat-Pages vues');
    await userEvent.setup().click(screen.getByText('Ce mois-ci'));
    expect(await screen.findByRole('status', { name: 'Chargement' })).toBeInTheDocument();
    // the last figures stay readable: nothing around them fades (0.6 of gray.7 on white is under 3:1)
    for (let el: HTMLElement | null = screen.getByTestId('stat-Pages vues'); el; el = el.parentElement) expect(getComputedStyle(el).opacity || '1').toBe('1');
    expect(figure.isConnected).toBe(true);
    act(() => release());
    await vi.waitFor(() => expect(screen.queryByRole('status', { name: 'Chargement' })).toBeNull());
  });
});
