import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { List } from '@campsite/shared/contract/lists';
import { renderIn } from '../../testing/context';
import { ListView } from './ListView';

afterEach(cleanup);

const el = (key: number, order: number, fr: string, nl?: string) => ({
  key, order, icon: '', page: `page-${key}`, prev: null,
  translations: [{ lang: 'fr', text: fr }, ...(nl ? [{ lang: 'nl', text: nl }] : [])],
});
const list: List = {
  _id: 'l1', category: 'c1', cover: null, translations: [{ lang: 'fr', name: 'Restaurants' }],
  elements: [el(0, 3, 'Pizzeria', 'Pizzeria NL'), el(1, 1, 'Snack'), el(2, 2, 'Crêperie'), el(3, 4, 'Bar'), el(4, 5, 'Glacier')],
};

describe('a list of sub-categories', () => {
  it('shows them in order, in the four theme colours in turn, each leading to its page', () => {
    const { navigated } = renderIn('nl', <ListView list={list} fallbackTitle="Restaurants" />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Snack', 'Crêperie', 'Pizzeria NL', 'Bar', 'Glacier']);
    expect(links.map((a) => a.className.split(' ').pop())).toEqual(['c1', 'c2', 'c3', 'c4', 'c1']);
    expect(links[0].getAttribute('href')).toBe('/paginas/page-1');
    fireEvent.click(links[2]);
    expect(navigated).toEqual(['/paginas/page-0']);
  });
});
