import { describe, expect, it } from 'vitest';
import { isBlankText, missingLanguages, pickTranslation } from './translations';

const tr = [
  { lang: 'fr', name: 'Piscine', content: '<p>Ouverte</p>' },
  { lang: 'en', name: '  ', content: '<p></p>' },
  { lang: 'de', name: 'Schwimmbad', content: '' },
  { lang: 'it', name: '', content: '<p><img src="x.png"></p>' },
];

describe('pickTranslation', () => {
  it('takes the requested language when filled', () => {
    expect(pickTranslation(tr, 'de', 'fr', 'name')).toBe('Schwimmbad');
  });
  it('falls back to the default language', () => {
    expect(pickTranslation(tr, 'en', 'fr', 'name')).toBe('Piscine');
    expect(pickTranslation(tr, 'es', 'fr', 'name')).toBe('Piscine');
    expect(pickTranslation(tr, 'en', 'fr', 'content')).toBe('<p>Ouverte</p>');
  });
  it('then to the first language that has it', () => {
    expect(pickTranslation(tr, 'en', 'nl', 'name')).toBe('Piscine');
    expect(pickTranslation(tr.slice(1), 'en', 'fr', 'name')).toBe('Schwimmbad');
    expect(pickTranslation(tr.slice(1), 'en', 'fr', 'content')).toBe('<p><img src="x.png"></p>');
  });
  it('returns empty when nothing is found', () => {
    expect(pickTranslation(tr, 'fr', 'fr', 'title')).toBe('');
    expect(pickTranslation([], 'fr', 'fr', 'name')).toBe('');
    expect(pickTranslation(null, 'fr', 'fr', 'name')).toBe('');
  });
  it('matches language codes regardless of case', () => {
    expect(pickTranslation(tr, 'DE', 'FR', 'name')).toBe('Schwimmbad');
  });
});

describe('missingLanguages', () => {
  it('lists enabled languages lacking any field, in the enabled order', () => {
    expect(missingLanguages(tr, ['fr', 'en', 'de', 'it', 'es'], ['name', 'content'])).toEqual(['en', 'de', 'it', 'es']);
    expect(missingLanguages(tr, ['es', 'de', 'fr'], ['name'])).toEqual(['es']);
    expect(missingLanguages(tr, ['fr', 'it'], ['content'])).toEqual([]);
  });
  it('returns lower-case codes', () => {
    expect(missingLanguages(tr, ['NL', 'FR'], ['name'])).toEqual(['nl']);
  });
  it('treats no translations as all missing', () => {
    expect(missingLanguages(undefined, ['fr', 'en'], ['name'])).toEqual(['fr', 'en']);
  });
});

describe('isBlankText', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['<p></p>', true],
    ['<p><br></p>', true],
    ['<p>&nbsp;</p>\n<p> </p>', true],
    [null, true],
    [42, true],
    ['a', false],
    ['<p>x</p>', false],
    ['<img src="a.png">', false],
    ['2 < 3', false],
  ])('%j → %s', (value, blank) => {
    expect(isBlankText(value)).toBe(blank);
  });
});
