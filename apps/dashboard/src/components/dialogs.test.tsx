import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { ConfirmProvider, useConfirm, useTranslationWarning } from './confirm';
import { FlashBanner, useFlash } from './flash';
import { UpsellBlock } from './Upsell';

const wrap = (ui: ReactNode) => render(<MantineProvider><ConfirmProvider>{ui}</ConfirmProvider></MantineProvider>);

function FlashDemo() {
  const flash = useFlash();
  return (
    <>
      <button onClick={() => flash.setError('Impossible de créer un module')}>erreur</button>
      <button onClick={() => flash.setSuccess('Le module a bien été créé')}>succès</button>
      <FlashBanner flash={flash} />
    </>
  );
}

describe('flash banner', () => {
  it('setting a success clears the error and the reverse; it can be dismissed', async () => {
    const user = userEvent.setup();
    wrap(<FlashDemo />);
    await user.click(screen.getByText('erreur'));
    expect(screen.getByRole('alert')).toHaveTextContent('Impossible de créer un module');
    await user.click(screen.getByText('succès'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Le module a bien été créé');
    await user.click(screen.getByText('erreur'));
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  describe('each sentence brought into view (issue 32)', () => {
    const scrolled: { el: Element; how: ScrollIntoViewOptions }[] = [];
    const own = Element.prototype.scrollIntoView;
    afterEach(() => {
      Element.prototype.scrollIntoView = own;
      scrolled.length = 0;
    });

    it('scrolls the banner the least needed into view for every sentence, the same one said twice included', async () => {
      Element.prototype.scrollIntoView = vi.fn(function (this: Element, how: ScrollIntoViewOptions) {
        scrolled.push({ el: this, how });
      }) as never;
      const user = userEvent.setup();
      wrap(<FlashDemo />);
      expect(scrolled).toEqual([]);
      await user.click(screen.getByText('succès'));
      await waitFor(() => expect(scrolled).toHaveLength(1));
      expect(scrolled[0].el).toBe(screen.getByRole('status'));
      expect(scrolled[0].how).toMatchObject({ block: 'nearest' });
      await user.click(screen.getByText('succès'));
      await waitFor(() => expect(scrolled).toHaveLength(2));
      await user.click(screen.getByText('erreur'));
      await waitFor(() => expect(scrolled).toHaveLength(3));
      expect(scrolled[2].el).toBe(screen.getByRole('alert'));
      // closing it brings nothing into view
      await user.click(screen.getByRole('button', { name: 'Fermer' }));
      expect(scrolled).toHaveLength(3);
    });
  });
});

function ConfirmDemo({ onAnswer }: { onAnswer(ok: boolean): void }) {
  const confirm = useConfirm();
  const warn = useTranslationWarning();
  return (
    <>
      <button onClick={() => void confirm().then(onAnswer)}>supprimer</button>
      <button onClick={() => void warn("Le module n'est pas traduite dans les langues suivantes :", ['en', 'de']).then(onAnswer)}>enregistrer</button>
    </>
  );
}

describe('confirmation modal', () => {
  it("asks 'Êtes-vous sûrs de vouloir continuer ?' with Oui and Non", async () => {
    const user = userEvent.setup();
    const answers: boolean[] = [];
    wrap(<ConfirmDemo onAnswer={(ok) => answers.push(ok)} />);
    await user.click(screen.getByText('supprimer'));
    expect(await screen.findByText('Êtes-vous sûrs de vouloir continuer ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Non' }));
    await user.click(screen.getByText('supprimer'));
    await user.click(await screen.findByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(answers).toEqual([false, true]));
  });

  it('lists the missing languages in capitals before saving', async () => {
    const user = userEvent.setup();
    const answers: boolean[] = [];
    wrap(<ConfirmDemo onAnswer={(ok) => answers.push(ok)} />);
    await user.click(screen.getByText('enregistrer'));
    expect(await screen.findByText("Le module n'est pas traduite dans les langues suivantes : EN, DE")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(answers).toEqual([true]));
  });
});

describe('premium upsell block', () => {
  it("opens 'Formule Premium', and confirming shows 'Un message nous a été envoyé !' and tells the server which screen (for the operator, in multi-site mode)", async () => {
    const user = userEvent.setup();
    const calls: unknown[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((...args: unknown[]) => {
      calls.push(args);
      return realFetch(...(args as Parameters<typeof fetch>));
    }) as typeof fetch;
    wrap(<UpsellBlock message="Mettez votre abonnement à niveau avec la formule premium pour accéder aux services !" />);
    await user.click(screen.getByRole('button', { name: 'En savoir plus !' }));
    expect(await screen.findByText('Formule Premium')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Oui, ça m'intéresse !" }));
    expect(await screen.findByText('Un message nous a été envoyé !')).toBeInTheDocument();
    await act(async () => {});
    // one request, after the yes only; the sentence does not wait for it (jsdom has no server: it fails)
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0] as [string, RequestInit];
    expect(url).toBe('/api/dashboard/upsell/request');
    expect(JSON.parse(String(init.body))).toEqual({ what: 'Mettez votre abonnement à niveau avec la formule premium pour accéder aux services !' });
    globalThis.fetch = realFetch;
  });
});
