import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedTimeToEpoch } from '@campsite/shared';
import { testApp, type TestApp } from '../../testing/harness';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';

/**
 * The people lists exported as CSV (issue 20): the bytes a spreadsheet opens. UTF-8 with BOM, ';', lines
 * ending \r\n, days as dd/mm/yyyy in the establishment's time zone (Europe/Paris here: a midnight in Paris
 * is the day before in UTC), a cell beginning with = + - @ written after a quote, quotes around a cell
 * holding ';' or '"'. The list's filters choose the rows. 100 000 rows: export-load.test.ts.
 */
let t: TestApp;
let staff: string;
let reader: string;
const paris = (y: number, m: number, d: number, h = 0, min = 0) => zonedTimeToEpoch(y, m, d, h, min, 'Europe/Paris');
const NOW = paris(2025, 7, 10, 15, 30);

beforeAll(async () => {
  t = await testApp({ now: () => NOW, env: { TIME_ZONE: 'Europe/Paris' } });
  staff = (await t.signIn({ users: 1 })).cookie;
  reader = (await t.signIn({ emails: 1 })).cookie;
  await addClient(t.deps, {
    client_number: '101', lastname: '=HYPERLINK("http://evil.test")', firstname: 'Zoé; "la petite"', civility: 'female',
    birthday: paris(1985, 5, 12), langage: 'fr', email1: '@piege.fr', phone1: '+33 6 12 34 56 78', phone2: '-1', client_type: 'tourist',
  });
  await addStay(t.deps, { client_number: '101', stay_number: 'S101', arrival: paris(2025, 7, 1), departure: paris(2025, 7, 15), location: 'A12' });
  await addClient(t.deps, { client_number: '102', lastname: 'Müller', firstname: 'Jörg', client_type: 'resident' });
  await addStay(t.deps, { client_number: '102', stay_number: 'S102', arrival: paris(2025, 8, 1), departure: paris(2025, 8, 8), location: 'B3' });
  await addGuest(t.deps, { clientNumber: '101', stayNumber: 'S101', email: 'zoe@example.fr', lastname: 'Petit', firstname: '-Zoé', civility: 'femme', activate: true });
});
afterAll(() => t.close());

const BOM = '\uFEFF';
const CREATED = '10/07/2025 15:30:00';

describe('CSV exports of the people lists', () => {
  it('clients on site: the exact bytes, with the header, the guard against formulas, French days in Paris time', async () => {
    const res = await t.get('dashboard/clients/export?on_site=1', staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="fiches-clients-2025-07-10.csv"');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe(
      BOM +
        "N° client;Code d'activation;Civilité;Nom;Prénom;Date de naissance;Langue;E-mail;E-mail 2;Téléphone;Téléphone 2;Téléphone 3;Type;Arrivée;Départ;Emplacement;Création;Modification\r\n" +
        `101;${await code('101')};Madame;"'=HYPERLINK(""http://evil.test"")";"Zoé; ""la petite""";12/05/1985;fr;'@piege.fr;;'+33 6 12 34 56 78;'-1;;Client;01/07/2025;15/07/2025;A12;${CREATED};${CREATED}\r\n`,
    );
  });

  it('every client without a filter, in number order; a selection by numbers', async () => {
    const all = (await t.get('dashboard/clients/export', staff)).body.split('\r\n');
    expect(all).toHaveLength(4); // header, two rows, and the empty string after the last line break
    expect(all[2]).toMatch(/^102;[A-Z0-9]{8};;Müller;Jörg;;;;;;;;Résident;01\/08\/2025;08\/08\/2025;B3;/);
    const picked = (await t.get('dashboard/clients/export?clients=102', staff)).body.split('\r\n');
    expect(picked.slice(1)).toEqual([all[2], '']);
  });

  it('stays and guest users, with their own columns', async () => {
    const stays = (await t.get('dashboard/stays/export?after_arrival=' + paris(2025, 7, 20), staff));
    expect(stays.headers['content-disposition']).toBe('attachment; filename="sejours-2025-07-10.csv"');
    expect(stays.body).toBe(
      BOM +
        "N° séjour;N° client;Nom;Prénom;Emplacement;Catégorie d'emplacement;Arrivée;Heure d'arrivée;Départ;Heure de départ;Participants;Création;Modification\r\n" +
        `S102;102;Müller;Jörg;B3;;01/08/2025;;08/08/2025;;;${CREATED};${CREATED}\r\n`,
    );
    const users = await t.get('webapp/users/export?activate=yes', staff);
    expect(users.body).toBe(
      BOM +
        "N° client;Civilité;Nom;Prénom;E-mail;Téléphone;Date de naissance;Langue;Compte activé;N° séjour;Arrivée;Départ;Inscription\r\n" +
        `101;Madame;Petit;'-Zoé;zoe@example.fr;;;;Oui;S101;01/07/2025;15/07/2025;${CREATED}\r\n`,
    );
  });

  it('needs the users flag, like the lists; a bad filter is a French 400', async () => {
    for (const path of ['dashboard/clients/export', 'dashboard/stays/export', 'webapp/users/export']) {
      expect((await t.get(path, reader)).statusCode).toBe(403);
      expect((await t.get(path)).statusCode).toBe(401);
    }
    const bad = await t.get('dashboard/clients/export?after_arrival=demain', staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[éè]|nombre|invalide/i);
  });
});

async function code(clientNumber: string) {
  return (await t.post('dashboard/clients/find', { client_number: clientNumber }, staff)).json().activation_code as string;
}
