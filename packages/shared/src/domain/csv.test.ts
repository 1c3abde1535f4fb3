import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes CRLF lines and quotes only when needed', () => {
    expect(
      toCsv(['nom', 'note'], [
        { nom: 'Dupont; Jean', note: 'il a dit "oui"' },
        { nom: 'Martin', note: 'ligne 1\nligne 2' },
        { nom: ' espace', note: null },
        { nom: 12, note: true },
      ]),
    ).toBe('nom;note\r\n"Dupont; Jean";"il a dit ""oui"""\r\nMartin;"ligne 1\nligne 2"\r\n" espace";\r\n12;true\r\n');
  });

  it('takes arrays, another delimiter and a BOM', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'z']], ',', { bom: true })).toBe('\uFEFFa,b\r\n"x,y",z\r\n');
  });
});
