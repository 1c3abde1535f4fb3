import { describe, expect, it } from 'vitest';
import { toCsv } from '@campsite/shared';
import { MAX_ABSORBED, readCsv, readCsvSync } from './csv';

/** The table as header and rows keyed by it (refused rows apart), or the whole file's refusal. */
function parseCsv(text: string, opts: { delimiter?: string } = {}) {
  const t = readCsvSync(text, opts);
  if (!t.ok) return t;
  const rows = t.rows.map((r) => Object.fromEntries(t.header.map((h, i) => [h, r.cells[i]])));
  return t.refused.length ? { ok: true, header: t.header, rows, refused: t.refused.map((r) => ({ line: r.line, reason: r.reason })) } : { ok: true, header: t.header, rows };
}

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

  it('refuses a row with too many fields at its line and keeps the others', () => {
    expect(parseCsv('a;b\n1;2\n1;2;3\n4;5\n')).toEqual({
      ok: true,
      header: ['a', 'b'],
      rows: [
        { a: '1', b: '2' },
        { a: '4', b: '5' },
      ],
      refused: [{ line: 3, reason: 'la ligne compte 3 colonnes au lieu de 2' }],
    });
  });

  it('refuses a short row that merging cannot repair at the line where it starts, and reads the next afresh', () => {
    expect(parseCsv('a;b;c\n1;2;3\n4;5\n6;7;8\n')).toMatchObject({
      ok: true,
      rows: [{ a: '1' }, { a: '6', b: '7', c: '8' }],
      refused: [{ line: 3, reason: 'la ligne compte 2 colonnes au lieu de 3' }],
    });
    expect(parseCsv('a;b;c\n1;2;3\n4;5\n\n')).toMatchObject({ ok: true, rows: [{ a: '1' }], refused: [{ line: 3 }] });
    // a short row that the following ones overflow is refused; the next line is read afresh (and may itself
    // be the start of a broken row)
    expect(parseCsv('a;b;c;d\n1;2\n3\n4;5;6;7\n')).toMatchObject({ rows: [{ a: '3\n4', d: '7' }], refused: [{ line: 2 }] });
  });

  it('lets a short row absorb only a few following lines', () => {
    // the row's own line and MAX_ABSORBED more
    const lines = Array.from({ length: MAX_ABSORBED + 2 }, (_, i) => `l${i}`);
    const repaired = parseCsv(`id;texte;n\n1;${lines.slice(0, MAX_ABSORBED + 1).join('\n')};9\n`);
    expect(repaired).toMatchObject({ ok: true, rows: [{ id: '1', n: '9' }] });
    const tooLong = parseCsv(`id;texte;n\n1;${lines.join('\n')};9\n2;x;3\n`);
    expect(tooLong).toMatchObject({ ok: true, rows: [{ id: '2' }] });
    expect(tooLong.ok && 'refused' in tooLong && tooLong.refused?.[0]).toEqual({ line: 2, reason: 'la ligne compte 2 colonnes au lieu de 3' });
  });

  it('reads a file of too-short rows in one bounded pass: every row refused, none absorbing the rest', async () => {
    const text = `a;b;c\n${'x\n'.repeat(50_000)}`;
    const t = await readCsv(text);
    expect(t.ok && t.rows.length).toBe(0);
    expect(t.ok && t.refused.length).toBe(50_000);
    expect(t.ok && t.refused[49_999]).toMatchObject({ line: 50_001, cells: ['x'] });
    // only the first ones kept with their cells, the rest counted
    const kept = await readCsv(text, { keepRefused: 10 });
    expect(kept.ok && [kept.refused.length, kept.refusedMore]).toEqual([10, 49_990]);
  });

  it('counts lines inside quoted fields and refuses the whole file for an unclosed quote', () => {
    expect(parseCsv('a;b\n"x\ny";1\n1;2;3')).toMatchObject({ ok: true, refused: [{ line: 4 }] });
    expect(parseCsv('a;b\n1;2\n"oops;3\n')).toEqual({ ok: false, line: 3, message: 'Erreur de parsing dans le fichier CSV à la ligne 3' });
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
