import { eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORTS, type ImportDoc, type ImportPreview } from '@campsite/shared';
import { clients, importParts, imports, stays } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';

/**
 * Issue 20, imports that keep the good rows: one bad row no longer throws a whole PMS export away. The
 * readable rows are imported, each refused one is listed (line, column, value, reason) and can be
 * downloaded to fix and import again; a file with no usable row changes nothing; a preview shows what
 * will be read before anything is written.
 */
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await testApp();
  staff = (await t.signIn({ users: 1 })).cookie;
  await t.deps.jobs.start();
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await t.close();
});

const win1252 = (text: string) => `data:text/csv;base64,${iconv.encode(text, 'win1252').toString('base64')}`;
const utf8 = (text: string) => `data:text/csv;base64,${Buffer.from(text, 'utf8').toString('base64')}`;

async function waitDone(doc: ImportDoc): Promise<ImportDoc> {
  for (let i = 0; i < 1200 && (doc.status === 'pending' || doc.status === 'running'); i++) {
    await new Promise((r) => setTimeout(r, 50));
    doc = (await t.get(`dashboard/imports/find?id=${doc._id}`, staff)).json();
  }
  return doc;
}
const count = async (table: typeof clients | typeof stays | typeof imports) => (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

const HEADER = 'N° client;Nom;Prénom;Téléphone;N° séjour;Arrivée;Départ;Emplacement';
/** A PMS export of 600 stays as Excel writes it on a French Windows, rows 6 and 301 bad. */
function export600() {
  const lines = [HEADER];
  for (let i = 0; i < 600; i++) {
    const n = 1000 + i;
    if (i === 4) lines.push(`${n};Dupré`); // line 6: a row cut short
    else if (i === 299) lines.push(`${n};Lefèvre;Zoé;=1+2;S${n};31/02/2025;07/03/2025;A${i}`); // line 301: no 31 February
    else lines.push(`${n};Müller-Éloi;Jean-Luc;+33 6 12 34 56 ${String(i % 100).padStart(2, '0')};S${n};01/07/2025;08/07/2025;A${i}`);
  }
  return lines.join('\r\n');
}

describe('a 600-row Windows-1252 export with two bad rows', () => {
  let doc: ImportDoc;

  it('imports the 598 good rows and lists the two others with line, column, value and reason', async () => {
    const res = await t.post('dashboard/clients/import', { clients: null, reservations: win1252(export600()) }, staff);
    expect(res.statusCode).toBe(200);
    doc = await waitDone(res.json());
    expect(doc).toMatchObject({ status: 'done', total: 600, done: 600, refused: 2, message: null });
    expect(doc.failures).toEqual([
      { line: 6, number: '1004', reason: 'la ligne compte 2 colonnes au lieu de 8', value: '1004;Dupré', file: 'réservations' },
      {
        line: 301, number: 'S1299', column: 'Arrivée', value: '31/02/2025', file: 'réservations',
        reason: 'date « 31/02/2025 » invalide dans la colonne Arrivée (jj/mm/aaaa)',
      },
    ]);
    const written = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(stays).where(sql`${stays.stayNumber} LIKE 'S1%'`);
    expect(written[0].n).toBe(598);
    expect((await t.deps.db.select().from(stays).where(eq(stays.stayNumber, 'S1005')))[0]).toMatchObject({ location: 'A5' });
    // the file is not kept once imported
    expect(await t.deps.db.select().from(importParts).where(eq(importParts.importId, doc._id))).toEqual([]);
  });

  it('gives the refused rows back as a CSV to fix (BOM, ;, formulas neutralised)', async () => {
    const res = await t.get(`dashboard/imports/refused?id=${doc._id}`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('lignes-refusees-r');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(`Ligne d'origine;Motif du refus;${HEADER}`);
    expect(lines[1]).toBe('6;la ligne compte 2 colonnes au lieu de 8;1004;Dupré;;;;;;');
    // the spreadsheet would run '=1+2' as a formula: a quote before it, taken off again on import
    expect(lines[2]).toBe(
      "301;date « 31/02/2025 » invalide dans la colonne Arrivée (jj/mm/aaaa);1299;Lefèvre;Zoé;'=1+2;S1299;31/02/2025;07/03/2025;A299",
    );
    expect(lines[3]).toBe('');
  });

  it('imports the downloaded file once fixed, without the formula guard', async () => {
    const text = (await t.get(`dashboard/imports/refused?id=${doc._id}`, staff)).rawPayload.toString('utf8');
    const fixed = text.replace('1004;Dupré;;;;;;', '1004;Dupré;Anne;;S1004;01/07/2025;08/07/2025;A4').replace('31/02/2025;07/03/2025', '28/02/2025;07/03/2025');
    const again = await waitDone((await t.post('dashboard/clients/import', { clients: null, reservations: utf8(fixed) }, staff)).json());
    expect(again).toMatchObject({ status: 'done', total: 2, refused: 0, failures: [] });
    expect((await t.deps.db.select().from(stays).where(eq(stays.stayNumber, 'S1299')))[0]).toBeDefined();
  });

  it('answers a French 404 for an import without refused rows, and needs the flag', async () => {
    const none = await t.get('dashboard/imports/refused?id=000000000000000000000000', staff);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(IMPORTS.noRefusedRow);
    const other = (await t.signIn({ stats: 1 })).cookie;
    expect((await t.get(`dashboard/imports/refused?id=${doc._id}`, other)).statusCode).toBe(403);
    expect((await t.get(`dashboard/imports/refused?id=${doc._id}`)).statusCode).toBe(401);
  });
});

describe('a file with no usable row', () => {
  it('changes nothing and says why, its rows listed', async () => {
    const before = { clients: await count(clients), stays: await count(stays) };
    const text = [HEADER, '2001;Martin', '2002;Durand;Paul;;S2002;32/07/2025;01/08/2025;B1', ''].join('\n');
    const doc = await waitDone((await t.post('dashboard/clients/import', { clients: utf8(text), reservations: null }, staff)).json());
    expect(doc).toMatchObject({ status: 'failed', message: IMPORTS.noUsableRow('clients'), refused: 2 });
    expect(doc.failures.map((f) => f.line)).toEqual([2, 3]);
    expect({ clients: await count(clients), stays: await count(stays) }).toEqual(before);
    // its rows can be downloaded to fix, under the file's own header
    const csv = (await t.get(`dashboard/imports/refused?id=${doc._id}`, staff)).rawPayload.toString('utf8');
    expect(csv.split('\r\n')[0]).toBe(`\uFEFFLigne d'origine;Motif du refus;${HEADER}`);
  });

  it('refuses a file of 50 000 too-short rows whole, listing the first thousand and counting all', async () => {
    const text = `${HEADER}\n${'ab\n'.repeat(50_000)}`;
    const doc = await waitDone((await t.post('dashboard/clients/import', { clients: utf8(text), reservations: null }, staff)).json());
    expect(doc).toMatchObject({ status: 'failed', refused: 50_000 });
    expect(doc.failures).toHaveLength(1000);
  });
});

describe('preview before importing', () => {
  it('shows the columns recognised and the first rows as they will be read, and writes nothing', async () => {
    const before = { clients: await count(clients), imports: await count(imports) };
    const text = ['Numéro client;Civilité;NOM;Prénom;Date de naissance;Commentaire;Arrivée;Départ;N° séjour', '3001;Mme;Roux;Léa;3/4/1990;vue mer;1/7/2025;8/7/2025;S3001', '3002;M;Blanc', '3003;;Noir;Max;;;02/07/2025;01/07/2025;S3003'].join('\n');
    const res = await t.post('dashboard/imports/preview', { file: win1252(text) }, staff);
    expect(res.statusCode).toBe(200);
    const p: ImportPreview = res.json();
    expect(p.columns).toEqual([
      { header: 'Numéro client', column: 'N° client' },
      { header: 'Civilité', column: 'Civilité' },
      { header: 'NOM', column: 'Nom' },
      { header: 'Prénom', column: 'Prénom' },
      { header: 'Date de naissance', column: 'Date de naissance' },
      { header: 'Commentaire', column: null },
      { header: 'Arrivée', column: 'Arrivée' },
      { header: 'Départ', column: 'Départ' },
      { header: 'N° séjour', column: 'N° séjour' },
    ]);
    expect(p.rows).toEqual([
      {
        line: 2,
        values: { 'N° client': '3001', Civilité: 'Mme', Nom: 'Roux', Prénom: 'Léa', 'Date de naissance': '03/04/1990', 'N° séjour': 'S3001', Arrivée: '01/07/2025', Départ: '08/07/2025' },
      },
    ]);
    expect(p).toMatchObject({ readable: 1, refused: 2, message: null });
    expect(p.failures.map((f) => [f.line, f.reason])).toEqual([
      [3, 'la ligne compte 3 colonnes au lieu de 9'],
      [4, 'le départ est avant l’arrivée'],
    ]);
    expect({ clients: await count(clients), imports: await count(imports) }).toEqual(before);
  });

  it('says why a file cannot be imported at all, with the columns it has', async () => {
    const p: ImportPreview = (await t.post('dashboard/imports/preview', { file: utf8('Nom;Prénom\nRoux;Léa\n') }, staff)).json();
    expect(p).toMatchObject({ readable: 0, message: 'colonne « N° client » absente du fichier (fichier)' });
    expect(p.columns).toEqual([
      { header: 'Nom', column: 'Nom' },
      { header: 'Prénom', column: 'Prénom' },
    ]);
  });
});
