import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Piscine & Spa', 'piscine-spa'],
    ['Été à la plage', 'ete-a-la-plage'],
    ['  --Bœuf bourguignon!! ', 'boeuf-bourguignon'],
    ['Ex æquo', 'ex-aequo'],
    ['Straße', 'strasse'],
    ['Ça coûte 12,50 €', 'ca-coute-12-50'],
    ["L'Île-de-France", 'l-ile-de-france'],
    ['ÀÉÎÕÜ ñ ç', 'aeiou-n-c'],
    ['', ''],
    ['!!!', ''],
  ])('%s → %s', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('uses the given delimiter', () => {
    expect(slugify('Piscine & Spa', '_')).toBe('piscine_spa');
    expect(slugify('Mini club', '')).toBe('miniclub');
  });
});
