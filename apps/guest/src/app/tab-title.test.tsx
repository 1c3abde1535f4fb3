import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, waitFor } from '@testing-library/react';
import { CONFIG, renderIn } from '../testing/context';
import Agenda from '../screens/Agenda';
import { useTabTitle } from './tab-title';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
/** The app's frame around a screen, as App.tsx draws it. */
function Frame({ children }: { children: ReactNode }) {
  useTabTitle(CONFIG.establishment);
  return (
    <main id="main" className="main" tabIndex={-1}>
      {children}
    </main>
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => json([])));
  document.title = '';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the browser tab's title", () => {
  it("names the screen in the guest's language, then the establishment", async () => {
    renderIn('de', <Frame><Agenda /></Frame>);
    await waitFor(() => expect(document.title).toBe('Aktivitäten · Camping Les Pins'));
    cleanup();
    renderIn('en', <Frame><Agenda /></Frame>);
    await waitFor(() => expect(document.title).toBe('Activities · Camping Les Pins'));
  });

  it("follows the heading when the screen changes it (a page's title once read), and is the establishment alone on the home", async () => {
    const { rerender } = renderIn('fr', <Frame><p>…</p></Frame>);
    await waitFor(() => expect(document.title).toBe('Camping Les Pins'));
    rerender(<Frame><h1>Horaires de la piscine</h1></Frame>);
    await waitFor(() => expect(document.title).toBe('Horaires de la piscine · Camping Les Pins'));
    await act(async () => void (document.querySelector('#main h1')!.textContent = 'Wi-Fi'));
    await waitFor(() => expect(document.title).toBe('Wi-Fi · Camping Les Pins'));
    rerender(<Frame><h1>Camping Les Pins</h1></Frame>);
    await waitFor(() => expect(document.title).toBe('Camping Les Pins'));
  });
});
