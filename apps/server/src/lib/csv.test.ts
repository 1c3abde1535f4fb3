import { describe, expect, it } from 'vitest';
import { toCsv } from '@campsite/shared';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads a header and rows with ; by default, LF or CRLF', () => {
    const expected = {
      ok: true,
      header: ['nom', 'prenom'],
      rows: [
        { nom: 'Dupont', prenom: 'Jean' },
        { nom: 'Martin', prenom: '' },
      ],
    };
    expect(parseCsv('nom;prenom\nDupont;Jean\nMartin;\n')).toEqual(expected);
    expect(parseCsv('nom;prenom\r\nDupont;Jean\r\nMartin;')).toEqual(expected);
  });

  it('handles quotes, escaped quotes, delimiters and line breaks in quotes', () => {
    const r = parseCsv('a;b\r\n"x;y";"il a dit ""oui"""\r\n"ligne 1\r\nligne 2";""\r\n');
    expect(r).toEqual({
      ok: true,
      header: ['a', 'b'],
      rows: [
        { a: 'x;y', b: 'il a dit "oui"' },
        { a: 'ligne 1\nligne 2', b: '' },
      ],
    });
  });

  it('accepts another delimiter, a BOM and trims header names', () => {
    expect(parseCsv('\uFEFF id , name\n1,Zoé\n', { delimiter: ',' })).toEqual({
      ok: true,
      header: ['id', 'name'],
      rows: [{ id: '1', name: 'Zoé' }],
    });
  });

  it('merges a too-short row with the next (unquoted line break)', () => {
    const r = parseCsv('id;comment;nb\n1;première ligne\nseconde ligne;4\n2;ok;5\n');
    expect(r).toEqual({
      ok: true,
      header: ['id', 'comment', 'nb'],
      rows: [
        { id: '1', comment: 'première ligne\nseconde ligne', nb: '4' },
        { id: '2', comment: 'ok', nb: '5' },
      ],
    });
  });

  it('merges over several lines, blank ones included', () => {
    const r = parseCsv('id;comment;nb\n1;a\n\nb\nc;9\n');
    expect(r.ok && r.rows).toEqual([{ id: '1', comment: 'a\n\nb\nc', nb: '9' }]);
  });

  it('ignores blank lines between and after rows', () => {
    const r = parseCsv('a;b\n\n1;2\n   \n3;4\n\n\r\n\n');
    expect(r.ok && r.rows).toEqual([
      { a: '1', b: '2' },
      { a: '3', b: '4' },
    ]);
  });

  it('reports a row with too many fields at its line', () => {
    expect(parseCsv('a;b\n1;2\n1;2;3\n')).toEqual({
      ok: false,
      line: 3,
      message: 'Erreur de parsing dans le fichier CSV à la ligne 3',
    });
  });

  it('reports a short row that merging cannot repair at the line where it starts', () => {
    expect(parseCsv('a;b;c\n1;2;3\n4;5\n6;7;8\n')).toMatchObject({ ok: false, line: 3 });
    expect(parseCsv('a;b;c\n1;2;3\n4;5\n\n')).toMatchObject({ ok: false, line: 3 });
  });

  it('counts lines inside quoted fields and reports an unclosed quote', () => {
    expect(parseCsv('a;b\n"x\ny";1\n1;2;3')).toMatchObject({ ok: false, line: 4 });
    expect(parseCsv('a;b\n1;2\n"oops;3\n')).toMatchObject({ ok: false, line: 3 });
  });

  it('returns nothing for an empty file and no rows for a header only', () => {
    expect(parseCsv('')).toEqual({ ok: true, header: [], rows: [] });
    expect(parseCsv('a;b\r\n')).toEqual({ ok: true, header: ['a', 'b'], rows: [] });
  });

  it('keeps quotes inside unquoted fields literally', () => {
    expect(parseCsv('a;b\n5" pouces;x\n')).toMatchObject({ ok: true, rows: [{ a: '5" pouces', b: 'x' }] });
  });
});

describe('toCsv and parseCsv', () => {
  it('round-trips through parseCsv', () => {
    const rows = [{ id: '1', texte: 'Été; "plage"\nsoir' }, { id: '2', texte: '' }];
    expect(parseCsv(toCsv(['id', 'texte'], rows, ';', { bom: true }))).toEqual({ ok: true, header: ['id', 'texte'], rows });
  });
});
