import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { hasBadCharacter } from './validation';
import '../contract';

const messages = (schema: z.ZodType, input: unknown) => (schema.safeParse(input).error?.issues ?? []).map((i) => i.message);

describe('the French error map', () => {
  it('says every rule without a sentence of its own in French', () => {
    expect(messages(z.object({ a: z.string() }), {})).toEqual(['Ce champ est obligatoire']);
    expect(messages(z.string(), 3)).toEqual(['Veuillez indiquer un texte']);
    expect(messages(z.number().int(), 'x')).toEqual(['Veuillez indiquer un nombre']);
    expect(messages(z.number().int(), 1.5)).toEqual(['Veuillez indiquer un nombre entier']);
    expect(messages(z.string().max(5), 'abcdefg')).toEqual(['Ce texte ne doit pas dépasser 5 caractères']);
    expect(messages(z.string().min(3), 'ab')).toEqual(['Ce texte doit contenir au moins 3 caractères']);
    expect(messages(z.string().min(1), '')).toEqual(['Ce champ est obligatoire']);
    expect(messages(z.number().max(10), 11)).toEqual(['La valeur ne doit pas dépasser 10']);
    expect(messages(z.number().positive(), 0)).toEqual(['La valeur doit être supérieure à 0']);
    expect(messages(z.array(z.number()).max(2), [1, 2, 3])).toEqual(['Pas plus de 2 éléments']);
    expect(messages(z.enum(['a', 'b']), 'c')).toEqual(["Cette valeur n'est pas autorisée"]);
    expect(messages(z.email(), 'x')).toEqual(['Adresse e-mail invalide']);
    expect(messages(z.strictObject({}), { x: 1 })).toEqual(['Champ inconnu : x']);
    expect(messages(z.union([z.literal(''), z.string().min(8, 'Huit au moins')]), 'court')).toEqual(['Huit au moins']);
  });

  it('never falls back to an English sentence', () => {
    const english = /\b(Invalid|expected|received|Too (big|small)|must|Unrecognized)\b/;
    const inputs: [z.ZodType, unknown][] = [
      [z.boolean(), 'x'], [z.object({}), 3], [z.array(z.string()), {}], [z.tuple([z.string()]), []],
      [z.record(z.string(), z.number()), { a: 'x' }], [z.number().multipleOf(5), 3], [z.url(), 'x'],
      [z.string().regex(/^a$/), 'b'], [z.literal(1), 2], [z.date(), 'x'], [z.bigint(), 1],
    ];
    for (const [schema, input] of inputs) for (const m of messages(schema, input)) expect(m).not.toMatch(english);
  });
});

describe('hasBadCharacter', () => {
  it('finds a NUL and half surrogate pairs, not whole pairs', () => {
    expect(hasBadCharacter('a\u0000b')).toBe(true);
    expect(hasBadCharacter('a\uD800')).toBe(true);
    expect(hasBadCharacter('\uDC00a')).toBe(true);
    expect(hasBadCharacter('\uDC00\uD800')).toBe(true);
    expect(hasBadCharacter('Camping 🏕️ « été » ')).toBe(false);
  });
});
