import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedTimeToEpoch, type ImportDoc } from '@campsite/shared';
import { clients, imports, stays } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';

let t: TestApp;
let staff: string;
const dir = mkdtempSync(join(tmpdir(), 'imports-'));
const day = (y: number, m: number, d: number) => zonedTimeToEpoch(y, m, d, 0, 0, 'Europe/Paris');

beforeAll(async () => {
  t = await testApp();
  staff = (await t.signIn({ users: 1 })).cookie;
  // imports run on the scheduler, as in the server
  await t.deps.jobs.start();
});
afterAll(async () => {
  await t.deps.jobs.stop();
  await t.close();
});

/** Writes a file as an office program would, reads its bytes back and sends them as the browser does. */
function file(name: string, text: string, encoding: 'utf8' | 'utf8-bom' | 'win1252' = 'utf8'): string {
  const bytes = encoding === 'win1252' ? iconv.encode(text, 'win1252') : Buffer.concat([Buffer.from(encoding === 'utf8-bom' ? '\uFEFF' : ''), Buffer.from(text, 'utf8')]);
  writeFileSync(join(dir, name), bytes);
  return `data:text/csv;base64,${readFileSync(join(dir, name)).toString('base64')}`;
}

async function waitDone(doc: ImportDoc): Promise<ImportDoc> {
  for (let i = 0; i < 1200 && (doc.status === 'pending' || doc.status === 'running'); i++) {
    await new Promise((r) => setTimeout(r, 50));
    doc = (await t.get(`dashboard/imports/find?id=${doc._id}`, staff)).json();
  }
  return doc;
}
const importReservations = async (body: object) => {
  const res = await t.post('dashboard/clients/import', body, staff);
  expect(res.statusCode).toBe(200);
  return waitDone(res.json());
};
const client = async (n: string) => (await t.deps.db.select().from(clients).where(eq(clients.clientNumber, n)))[0];

const CLIENTS = [
  'N° client;Civilité;Nom;Prénom;Date de naissance;Langue;E-mail;Téléphone;Type',
  '101;Mme;Lefèvre;Élodie;12/05/1985;Français;elodie@exemple.fr;06 12 34 56 78;Client',
  '102;M.;"Dupont; Jean";Jean;;en;jean@exemple.fr;+44 20 7946 0958;Résident',
  '103;Mme;Nguyễn;Thảo;1/2/90;de;thao@exemple.fr;;',
].join('\r\n');
const STAYS = [
  'N° séjour;N° client;Emplacement;Hébergement;Arrivée;Départ;Heure d\'arrivée',
  '9001;101;A12;Mobil-home 4 places;01/07/2025;15/07/2025;15h00',
  '9002;102;B7;"Chalet ""Confort""";03/07/2025;10/07/2025;',
  '9003;103;C1;Emplacement nu;32/07/2025;02/08/2025;',
  '9004;999;C2;Emplacement nu;01/08/2025;05/08/2025;',
  '9005;101;A12;Mobil-home 4 places;01/06/2025;08/06/2025;',
].join('\r\n');

describe('reservations import (amenitiz: clients and stays files)', () => {
  it('imports both files (UTF-8 with BOM), names each failed row and why, and keeps the good ones', async () => {
    const doc = await importReservations({ clients: file('clients.csv', CLIENTS, 'utf8-bom'), reservations: file('sejours.csv', STAYS) });
    expect(doc).toMatchObject({ kind: 'reservations', status: 'done', total: 8, done: 8, created: 6 });
    expect(doc.failures).toEqual([
      { line: 4, number: '9003', reason: 'date « 32/07/2025 » invalide dans la colonne Arrivée (jj/mm/aaaa)', column: 'Arrivée', value: '32/07/2025', file: 'réservations' },
      { line: 5, number: '9004', reason: 'client 999 inconnu', column: 'N° client', value: '999', file: 'réservations' },
    ]);
    expect(doc.refused).toBe(2);
    expect(await client('101')).toMatchObject({
      lastname: 'Lefèvre', firstname: 'Élodie', civility: 'female', langage: 'fr', birthday: day(1985, 5, 12), phone1: '06 12 34 56 78', clientType: 'tourist',
      // the latest stay gives the list its arrival
      arrival: day(2025, 7, 1), departure: day(2025, 7, 15), location: 'A12',
    });
    expect(await client('102')).toMatchObject({ lastname: 'Dupont; Jean', civility: 'male', clientType: 'resident', birthday: null });
    expect(await client('103')).toMatchObject({ lastname: 'Nguyễn', birthday: day(1990, 2, 1), arrival: null });
    const [s] = await t.deps.db.select().from(stays).where(eq(stays.stayNumber, '9002'));
    expect(s).toMatchObject({ locationCategory: 'Chalet "Confort"', arrival: day(2025, 7, 3), arrivalTime: null });
    const [s1] = await t.deps.db.select().from(stays).where(eq(stays.stayNumber, '9001'));
    expect(s1.arrivalTime).toBe('15:00');
  });

  it('finds the imported client by an accented last name typed without accents', async () => {
    const page = (await t.get('dashboard/clients/list?lastname=LEFEVRE', staff)).json();
    expect(page.rows.map((c: { client_number: string }) => c.client_number)).toEqual(['101']);
  });

  it('changes nothing when the same files come again, edition dates included', async () => {
    const before = await client('101');
    const doc = await importReservations({ clients: file('clients.csv', CLIENTS, 'utf8-bom'), reservations: file('sejours.csv', STAYS) });
    expect(doc).toMatchObject({ status: 'done', created: 0, updated: 0 });
    expect(await client('101')).toEqual(before);
  });

  it('reads Windows-1252 files (Excel on a French Windows) and merges a row broken by a line break', async () => {
    const text = ['Numéro client;Nom;Prénom;Commentaire;Ville', '201;Bérénice;Hélène;première ligne', 'seconde ligne;Orléans', '202;Çelik;Zoé;ok;Nîmes'].join('\r\n');
    const doc = await importReservations({ clients: file('win.csv', text, 'win1252'), reservations: null });
    expect(doc).toMatchObject({ status: 'done', total: 2, failures: [] });
    expect(await client('201')).toMatchObject({ lastname: 'Bérénice', firstname: 'Hélène' });
    expect(await client('202')).toMatchObject({ lastname: 'Çelik', firstname: 'Zoé' });
  });

  it('refuses a file that cannot be parsed with the spec sentence, and writes nothing', async () => {
    const text = ['N° client;Nom;Prénom', '301;Martin;Luc', '302;"Bernard;Anne', '303;Petit;Léa'].join('\n');
    const doc = await importReservations({ clients: file('bad.csv', text), reservations: null });
    expect(doc).toMatchObject({ status: 'failed', message: 'Erreur de parsing dans le fichier CSV à la ligne 3' });
    expect(await client('301')).toBeUndefined();
  });

  it('refuses a file without the columns it needs, and an empty request with the spec sentence', async () => {
    const doc = await importReservations({ clients: null, reservations: file('nodate.csv', 'N° séjour;N° client\n1;101') });
    expect(doc).toMatchObject({ status: 'failed', message: 'colonne « Arrivée » absente du fichier (réservations)' });
    const res = await t.post('dashboard/clients/import', { clients: null, reservations: null }, staff);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Veuillez uploader au moins un fichier');
  });

  it('imports thousands of rows in the background, with progress, and keeps the result', async () => {
    const lines = ['N° client;Nom;Prénom;N° séjour;Arrivée;Départ;Emplacement'];
    for (let i = 0; i < 3000; i++) lines.push(`${5000 + i};Nom${i};Prénom;${70000 + i};${1 + (i % 28)}/08/2025;${1 + (i % 28)}/09/2025;E${i % 90}`);
    const res = await t.post('dashboard/clients/import', { clients: file('big.csv', lines.join('\n')), reservations: null }, staff);
    const first: ImportDoc = res.json();
    expect(first.total === 3000 || first.status === 'pending').toBe(true);
    const doc = await waitDone(first);
    expect(doc).toMatchObject({ status: 'done', total: 3000, done: 3000, created: 6000, failures: [] });
    expect((await t.get('dashboard/imports/latest?kind=reservations', staff)).json()._id).toBe(doc._id);
    const [row] = await t.deps.db.select({ input: imports.input }).from(imports).where(eq(imports.id, doc._id));
    expect(row.input).toBeNull();
  });

  it('answers a large file after about 2 s with its progress, and answers other requests while it runs', async () => {
    const lines = ['N° client;Nom;Prénom'];
    for (let i = 0; i < 50000; i++) lines.push(`${400000 + i};Long;N${i}`);
    const started = Date.now();
    const res = await t.post('dashboard/clients/import', { clients: file('long.csv', lines.join('\n')), reservations: null }, staff);
    const elapsed = Date.now() - started;
    const first: ImportDoc = res.json();
    expect(first.status === 'pending' || first.status === 'running').toBe(true);
    expect(elapsed).toBeLessThan(5000);
    // the server answers others meanwhile (on PGlite the batches used to hold its one connection to the end)
    const asked = Date.now();
    const progress: ImportDoc = (await t.get(`dashboard/imports/find?id=${first._id}`, staff)).json();
    expect(Date.now() - asked).toBeLessThan(1500);
    expect(progress.done).toBeLessThan(50000);
    const doc = await waitDone(first);
    expect(doc).toMatchObject({ status: 'done', done: 50000, created: 50000 });
    // 50 000 rows take about 10 s on a quiet machine and 30 s on a loaded one: the harness's 30 s is not the point here
  }, 90_000);

  it('resumes an import stopped by a restart after the rows it had written', async () => {
    const lines = ['N° client;Nom;Prénom'];
    for (let i = 0; i < 1200; i++) lines.push(`${20000 + i};Reprise;N${i}`);
    // as a process killed after its first batch leaves it: running, 500 rows counted, its job queued again
    const id = 'resume000000000000000001';
    await t.deps.db.insert(imports).values({ id, kind: 'reservations', status: 'running', input: { files: [{ label: 'clients', text: lines.join('\n') }] }, total: 1200, done: 500, created: 500, createdTime: t.deps.now() });
    await t.deps.jobs.enqueue('people.import', { id });
    const doc = await waitDone((await t.get(`dashboard/imports/find?id=${id}`, staff)).json());
    expect(doc).toMatchObject({ status: 'done', done: 1200, created: 1200 });
    // the first 500 rows were not written again (in this simulation they were never written at all)
    expect(await client('20499')).toBeUndefined();
    expect(await client('20500')).toMatchObject({ firstname: 'N500' });
  });
});

describe('client extraction file (dashboard/upload/file)', () => {
  it('creates or updates client files from the hub', async () => {
    const text = 'N° client;Civilité;Nom;Prénom;E-mail 1;E-mail 2;Téléphone 1;Téléphone 2;Langue;Code\n101;Mme;Lefèvre;Élodie;elodie@exemple.fr;elo@travail.fr;0612345678;0102030405;fr;IGNORED\n401;M;Roux;Paul;paul@exemple.fr;;;;nl;';
    const res = await t.post('dashboard/upload/file', { file: file('extraction.csv', text) }, staff);
    const doc = await waitDone(res.json());
    expect(doc).toMatchObject({ kind: 'extraction', status: 'done', created: 1, updated: 1 });
    expect(await client('101')).toMatchObject({ email2: 'elo@travail.fr', phone2: '0102030405' });
    expect((await client('401')).activationCode).toMatch(/^[A-Z2-9]{8}$/);
    expect((await t.post('dashboard/upload/file', { file: '' }, staff)).json().message).toBe('Veuillez sélectionner un fichier');
  });
});

describe('room list (koban)', () => {
  const participants = 'Nom;Prénom;E-mail\nMartin;Léa;lea@exemple.fr\nMartin;Hugo;\n';
  const insert = { lastname: 'Martin', firstname: 'Sophie', email: 'sophie@exemple.fr', phone: '06 11 22 33 44', arrival: '5/7/2025', departure: '12/07/2025', file: file('roomlist.csv', participants) };

  it('checks the form with the spec sentences and writes nothing', async () => {
    const res = await t.post('dashboard/clients/import', { lastname: 'D@rtagnan', firstname: 'L', email: 'x'.repeat(51), phone: '06 AB', arrival: '2025-07-05', departure: '', file: '' }, staff);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      lastname: "Ce nom n'est pas valide, veuillez réessayer",
      firstname: 'Un peu court pour un prénom !',
      email: 'Cette adresse e-mail est trop longue (50 caractères max.)',
      phone: 'Ce numéro de téléphone ne semble pas valide',
      arrival: "Date d'arrivée mal formatée : dd/mm/yyyy",
      departure: 'Date de départ mal formatée : dd/mm/yyyy',
      file: 'Veuillez importer un fichier CSV',
    });
    const update = await t.post('dashboard/clients/import', { client: '', arrival: '1/1/2025', departure: '2/1/2025' }, staff);
    expect(update.json().fields).toEqual({ client: 'Veuillez sélectionner un client' });
  });

  it('inserts the group as a client with one stay and its participants; update moves the dates', async () => {
    const doc = (await t.post('dashboard/clients/import', insert, staff)).json();
    expect(doc).toMatchObject({ kind: 'roomlist', status: 'done', total: 2 });
    const [c] = await t.deps.db.select().from(clients).where(eq(clients.email1, 'sophie@exemple.fr'));
    const [s] = await t.deps.db.select().from(stays).where(eq(stays.clientNumber, c.clientNumber));
    expect(s).toMatchObject({ arrival: day(2025, 7, 5), departure: day(2025, 7, 12), participants: [{ lastname: 'Martin', firstname: 'Léa', email: 'lea@exemple.fr' }, { lastname: 'Martin', firstname: 'Hugo', email: '' }] });
    const up = await t.post('dashboard/clients/import', { client: c.clientNumber, arrival: '06/07/2025', departure: '13/07/2025' }, staff);
    expect(up.json()).toMatchObject({ status: 'done' });
    const [moved] = await t.deps.db.select().from(stays).where(eq(stays.clientNumber, c.clientNumber));
    expect(moved).toMatchObject({ stayNumber: s.stayNumber, arrival: day(2025, 7, 6), participants: s.participants });
    const room = (await t.get('dashboard/clients/roomlist?sort=firstname&order=desc', staff)).json();
    expect(room.rows.map((r: { firstname: string }) => r.firstname)).toEqual(['Léa', 'Hugo']);
    expect(room.rows[0]).toMatchObject({ stay_number: s.stayNumber, downloaded: false, download_time: null });
  });

  it('keeps one group when the same room list comes again, or twice at once (a double click)', async () => {
    const group = { ...insert, email: 'groupe@exemple.fr', arrival: '01/08/2025', departure: '08/08/2025' };
    const rowsOf = async () => {
      const files = await t.deps.db.select().from(clients).where(eq(clients.email1, 'groupe@exemple.fr'));
      const held = files.length ? await t.deps.db.select().from(stays).where(eq(stays.clientNumber, files[0].clientNumber)) : [];
      return { files, held };
    };
    const [a, b] = await Promise.all([t.post('dashboard/clients/import', group, staff), t.post('dashboard/clients/import', group, staff)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().created, b.json().created].sort()).toEqual([0, 1]);
    const first = await rowsOf();
    expect(first.files).toHaveLength(1);
    expect(first.held).toHaveLength(1);
    // once more: nothing changes, edition dates included
    const again = (await t.post('dashboard/clients/import', group, staff)).json();
    expect(again).toMatchObject({ status: 'done', created: 0, updated: 0 });
    expect(await rowsOf()).toEqual(first);
    // the same contact on other dates is another group
    const other = (await t.post('dashboard/clients/import', { ...group, arrival: '10/08/2025', departure: '17/08/2025' }, staff)).json();
    expect(other).toMatchObject({ created: 1 });
    expect((await rowsOf()).files).toHaveLength(2);
  });

  it('imports the same reservations file twice at once without a duplicate nor an error', async () => {
    const text = ['N° client;Nom;Prénom;N° séjour;Arrivée;Départ', '601;Parallèle;Anne;6001;01/07/2025;08/07/2025', '602;Parallèle;Marc;6002;02/07/2025;09/07/2025'].join('\n');
    const [a, b] = await Promise.all([importReservations({ clients: file('twice.csv', text), reservations: null }), importReservations({ clients: file('twice.csv', text), reservations: null })]);
    expect([a.status, b.status]).toEqual(['done', 'done']);
    expect([a.failures, b.failures]).toEqual([[], []]);
    expect(a.created + b.created).toBe(4);
    expect(await t.deps.db.select().from(stays).where(eq(stays.clientNumber, '601'))).toHaveLength(1);
  });

  it('refuses an update for a client that does not exist', async () => {
    const res = await t.post('dashboard/clients/import', { client: 'inconnu', arrival: '06/07/2025', departure: '13/07/2025' }, staff);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.client).toBe("Ce client n'existe pas");
  });

  it("takes names with an apostrophe or a hyphen (O'Brien, N'Diaye, Jean-Luc)", async () => {
    const res = await t.post('dashboard/clients/import', { ...insert, lastname: "N'Diaye-O'Brien", firstname: 'Jean-Luc', email: 'ndiaye@exemple.fr' }, staff);
    expect(res.statusCode).toBe(200);
    const [c] = await t.deps.db.select().from(clients).where(eq(clients.email1, 'ndiaye@exemple.fr'));
    expect(c).toMatchObject({ lastname: "N'Diaye-O'Brien", firstname: 'Jean-Luc' });
  });
});

describe('access', () => {
  it('needs the users flag', async () => {
    const other = (await t.signIn({ stats: 1 })).cookie;
    expect((await t.post('dashboard/clients/import', { clients: file('x.csv', CLIENTS) }, other)).statusCode).toBe(403);
    expect((await t.post('dashboard/upload/file', { file: 'x' }, other)).statusCode).toBe(403);
    expect((await t.get('dashboard/imports/latest?kind=reservations', other)).statusCode).toBe(403);
  });
});
