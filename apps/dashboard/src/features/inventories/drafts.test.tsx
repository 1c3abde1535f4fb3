import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@campsite/shared/client';
import { SYNC_WORDS, readDraft, useDraftSync } from './drafts';

let online = true;
Object.defineProperty(navigator, 'onLine', { get: () => online, configurable: true });

function Counts({ send }: { send: (body: { count: number }) => Promise<unknown> }) {
  const sync = useDraftSync('inv-1', send);
  return (
    <>
      <p>{SYNC_WORDS[sync.state]}</p>
      <button onClick={() => sync.keep({ count: 3 })}>taper</button>
      <button onClick={() => void sync.submit({ count: 4 })}>Enregistrer</button>
    </>
  );
}

describe('the inventory drafts kept on the device', () => {
  beforeEach(() => {
    localStorage.clear();
    online = true;
  });
  afterEach(() => vi.useRealTimers());

  it('keeps what is typed without sending it', async () => {
    const send = vi.fn(async () => true);
    render(<Counts send={send} />);
    act(() => screen.getByText('taper').click());
    expect(readDraft('inv-1')).toMatchObject({ body: { count: 3 }, queued: false });
    expect(screen.getByText('Modifications gardées sur cet appareil')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('a save while offline waits, survives a reload, and is sent once the network is back', async () => {
    const send = vi.fn(async () => true);
    online = false;
    const first = render(<Counts send={send} />);
    act(() => screen.getByText('Enregistrer').click());
    expect(await screen.findByText('En attente de réseau')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    first.unmount(); // the tablet reloads the page while still offline
    render(<Counts send={send} />);
    expect(screen.getByText('En attente de réseau')).toBeInTheDocument();
    expect(readDraft('inv-1')).toMatchObject({ body: { count: 4 }, queued: true });
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Enregistré')).toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ count: 4 });
    expect(readDraft('inv-1')).toBeNull();
  });

  it('a request lost on the way (weak Wi-Fi) keeps the draft and is tried again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = true;
    const send = vi.fn(async () => {
      if (fail) throw new NetworkError('Failed to fetch');
      return true;
    });
    render(<Counts send={send} />);
    act(() => screen.getByText('Enregistrer').click());
    expect(await screen.findByText('En attente de réseau')).toBeInTheDocument();
    expect(readDraft('inv-1')?.queued).toBe(true);
    fail = false;
    await act(async () => void vi.advanceTimersByTime(10_000));
    await waitFor(() => expect(screen.getByText('Enregistré')).toBeInTheDocument());
    expect(send).toHaveBeenCalledTimes(2);
    expect(readDraft('inv-1')).toBeNull();
  });

  it('a refusal by the server stops the retries and keeps what was typed', async () => {
    const send = vi.fn(async () => false);
    render(<Counts send={send} />);
    act(() => screen.getByText('Enregistrer').click());
    expect(await screen.findByText('Non enregistré')).toBeInTheDocument();
    expect(readDraft('inv-1')).toMatchObject({ body: { count: 4 }, queued: false });
  });
});
