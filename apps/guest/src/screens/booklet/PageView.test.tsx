import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { Page } from '@campsite/shared/contract/pages';
import { renderIn } from '../../testing/context';
import { PageView } from './PageView';

afterEach(cleanup);

const section = (over: Partial<Page['sections'][number]>): Page['sections'][number] => ({
  key: 0, icon: '', phone: '', email: '', website: '', localisation: '', facebook: '', instagram: '', order: 1, prev: null,
  translations: [], ...over,
});

const page: Page = {
  _id: 'p1',
  category: 'c1',
  cover: null,
  service: null,
  link: null,
  translations: [
    { lang: 'fr', name: 'Piscine', category_name: 'Piscine', title: '' },
    { lang: 'de', name: '', category_name: '', title: '' },
  ],
  sections: [
    section({
      key: 0, order: 2, phone: '+33467123456', email: 'accueil@pins.fr', website: 'https://pins.fr', localisation: 'https://maps.app.goo.gl/xyz',
      translations: [{ lang: 'fr', title: 'Contact', html: '<p>Appelez-nous</p>' }, { lang: 'de', title: 'Kontakt', html: '<p>Rufen Sie uns an</p>' }],
    }),
    section({ key: 1, order: 1, translations: [{ lang: 'fr', title: 'Horaires', html: '<p>De <strong>9 h</strong> à 20 h</p>' }] }),
  ],
};

describe('a booklet page', () => {
  it('shows German where it exists and French where it is missing: never an empty title', () => {
    renderIn('de', <PageView page={page} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Piscine');
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    // sections in their order
    expect(titles).toEqual(['Horaires', 'Kontakt']);
    expect(screen.getByText('Rufen Sie uns an')).toBeTruthy();
    expect(screen.getByText('9 h').tagName).toBe('STRONG');
  });

  it('turns the contact fields into buttons: tel:, mailto:, and links that open apart', () => {
    renderIn('en', <PageView page={page} />);
    expect(screen.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+33467123456');
    expect(screen.getByRole('link', { name: 'E-mail' }).getAttribute('href')).toBe('mailto:accueil@pins.fr');
    const site = screen.getByRole('link', { name: 'Website (new window)' });
    expect(site.getAttribute('href')).toBe('https://pins.fr');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Directions (new window)' }).getAttribute('href')).toBe('https://maps.app.goo.gl/xyz');
    expect(screen.queryByRole('link', { name: /Facebook/ })).toBeNull();
  });
});
