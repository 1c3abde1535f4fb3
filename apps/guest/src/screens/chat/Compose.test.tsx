import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { CHAT } from '@campsite/shared/messages/chat';
import { renderIn } from '../../testing/context';
import { Compose } from './Compose';

describe("a guest's message refused by the server", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("is said in the guest's language, never in the server's French", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: CHAT.photoFormat }), { status: 400, headers: { 'content-type': 'application/json' } })));
    renderIn('de', <Compose conversation="c1" onSent={() => {}} />);
    fireEvent.change(screen.getByLabelText('Ihre Nachricht'), { target: { value: 'Hallo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Das Foto muss ein JPEG oder PNG sein.')).toBeTruthy();
    expect(screen.queryByText(CHAT.photoFormat)).toBeNull();
  });
});
