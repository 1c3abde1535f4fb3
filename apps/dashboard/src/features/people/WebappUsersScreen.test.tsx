import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-harness';
import WebappUsersScreen from './WebappUsersScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const user = (n: number) => ({
  _id: `u${n}`, client_number: null, civility: null, firstname: 'Invité', lastname: `Nombreux${n}`, birthday: null, phone: null, email: `n${n}@exemple.fr`,
  activate: true, stay: null, created_time: 0, edited_time: 0, username: null, avatar: null, langage: null, user_type: null, participant_type: null, notification: false,
});

describe('the guest-user list beyond 1 000 matches', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says 'plus de 1 000' until the count call answers for the same filters, then the exact figure, and pages over it", async () => {
    let answer!: (n: number) => void;
    const count = new Promise<number>((done) => (answer = done));
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        if (url.includes('users/count')) return json({ total: await count });
        if (url.includes('users/list')) return json({ rows: Array.from({ length: 50 }, (_, i) => user(i)), total: 1000, more: true, page: 2, per_page: 50 });
        return json(false);
      }),
    );
    const { router } = renderApp({ '/users/webapp': <WebappUsersScreen /> });
    await act(() => router.navigate('/users/webapp?lastname=nomb&activate=yes&page=2'));
    expect(await screen.findByText(/^Nombre de lignes : plus de 1\s000$/)).toBeInTheDocument();
    const call = new URL(asked.find((u) => u.includes('users/count'))!, 'http://x');
    expect(Object.fromEntries(call.searchParams)).toEqual({ lastname: 'nomb', activate: 'yes' });
    answer(48000);
    expect(await screen.findByText(/^Nombre de lignes : 48\s000$/)).toBeInTheDocument();
    expect(screen.getByText(/^51 à 100 sur 48\s000$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 960' })).toBeInTheDocument();
  });
});
