import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import { PageEditor } from './PageEditor';

const PAGE: Page = {
  _id: 'p1',
  category: 'c1',
  cover: null,
  sections: [],
  service: null,
  link: null,
  translations: [{ lang: 'fr', name: 'Accueil', category_name: 'Accueil', title: '' }],
};

describe('the page editor', () => {
  // every read answers an empty list: the editor needs only the page it is given
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { headers: { 'content-type': 'application/json' } }))));
  afterEach(() => vi.unstubAllGlobals());

  it('warns that guests would see only the title of a page without a section, and offers the service button as an option', async () => {
    renderApp({ '/': <PageEditor page={PAGE} crumbs={[]} /> });
    expect(await screen.findByText("Vos clients ne verront que le titre de cette page tant qu'elle n'a pas de section. Ajoutez-en une.")).toBeInTheDocument();
    expect(screen.getByText('Bouton de service (facultatif)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter un bouton de service' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Lien externe/ })).not.toBeInTheDocument();
  });

  it('shows in the phone preview only the links the form would accept, as they are typed', async () => {
    const user = userEvent.setup();
    renderApp({ '/': <PageEditor page={PAGE} crumbs={[]} /> });
    await user.click(await screen.findByRole('button', { name: 'Ajouter une section' }));
    const preview = screen.getByRole('figure', { name: 'Aperçu de la page' });
    const phone = screen.getByRole('textbox', { name: 'Téléphone' });
    await user.type(phone, 'abc');
    await user.type(screen.getByRole('textbox', { name: 'Site web' }), 'www.camping.fr');
    expect(within(preview).queryByText('Appeler')).not.toBeInTheDocument();
    expect(within(preview).getByText('Site web')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '04 67 96 00 00');
    expect(within(preview).getByText('Appeler')).toBeInTheDocument();
  });
});
