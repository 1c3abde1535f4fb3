import { eq, sql } from 'drizzle-orm';
import { clients, imports, pushSubscriptions, webappUsers } from '../db/schema';
import type { Deps } from '../http/deps';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import type { ClientInput, StayInput } from '../modules/imports/imports.parse';
import { upsertClients, upsertStays } from '../modules/imports/imports.repository';
import { runImport } from '../modules/imports/imports.service';

/** Factories of the people area for tests and benches: the same writes as the imports. */

const DAY = 86400;
let counter = 0;

export async function addClient(deps: Deps, data: Partial<ClientInput> = {}) {
  const client_number = data.client_number ?? String(900000 + ++counter);
  await upsertClients(deps.db, [{ lastname: 'Test', firstname: 'Client', client_type: 'tourist', ...data, client_number }], 'test', deps.now());
  const [row] = await deps.db.select().from(clients).where(eq(clients.clientNumber, client_number));
  return row;
}

export async function addStay(deps: Deps, data: Partial<StayInput> & { client_number: string }) {
  const stay_number = data.stay_number ?? `S${900000 + ++counter}`;
  const arrival = data.arrival ?? deps.now() - 2 * DAY;
  await upsertStays(deps.db, [{ departure: arrival + 7 * DAY, ...data, arrival, stay_number }], 'test', deps.now());
  return stay_number;
}

let hash: string | undefined;
export async function addGuest(
  deps: Deps,
  data: Partial<typeof webappUsers.$inferInsert> & { email?: string; password?: string; notification?: boolean } = {},
) {
  const { password, notification, ...row } = data;
  const passwordHash = password ? await hashPassword(password) : (hash ??= await hashPassword('motdepasse-invite'));
  const id = newId();
  await deps.db.insert(webappUsers).values({
    id,
    email: row.email ?? `guest${++counter}@example.test`,
    firstname: 'Invité',
    lastname: 'Test',
    activate: true,
    createdTime: deps.now(),
    editedTime: deps.now(),
    passwordHash,
    ...row,
  });
  if (notification) {
    await deps.db.insert(pushSubscriptions).values({ id: newId(), userId: id, endpoint: `https://push.example.test/${id}`, keys: { p256dh: 'x', auth: 'y' }, createdTime: deps.now() });
  }
  return id;
}

// Bench base (bench/people.ts) ----------------------------------------------------------------------------

const LAST = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier', 'Müller', 'Schmidt', 'De Vries', 'Rossi', 'Fernández', 'Nguyễn', 'Çelik', 'Le Gall', 'Béranger', 'Østergaard'];
const FIRST = ['Élodie', 'Camille', 'Léa', 'Jean', 'Pierre', 'Lucas', 'Hugo', 'Zoé', 'Anna', 'Lukas', 'Daan', 'Luca', 'Sofia', 'João'];
const arr = (list: string[]) => sql.raw(`ARRAY[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`);

/** The base, written by PostgreSQL itself (generate_series): minutes of inserts become seconds. */
export async function generatePeople(deps: Deps, SIZE: { clients: number; extraStays: number; guests: number }) {
  const db = deps.db;
  const now = Math.floor(Date.now() / 1000);
  const day = 86400;
  await db.execute(sql`
    INSERT INTO clients (client_number, activation_code, civility, firstname, lastname, email1, phone1, langage, client_type, created_by, created_time, edited_by, edited_time)
    SELECT (100000 + i)::text, 'B' || lpad(i::text, 7, '0'), CASE WHEN i % 2 = 0 THEN 'male' ELSE 'female' END,
      (${arr(FIRST)})[1 + i % ${FIRST.length}], (${arr(LAST)})[1 + (i * 7) % ${LAST.length}],
      'client' || i || '@exemple.fr', '06 ' || lpad((i % 100000000)::text, 8, '0'), 'fr',
      CASE WHEN i % 12 = 0 THEN 'resident' ELSE 'tourist' END, 'bench', ${now} - i, 'bench', ${now} - (i % 5000) * 60
    FROM generate_series(1, ${SIZE.clients}) AS i`);
  // 150 000 stays: one per client, a second for half of them, over a season around today
  await db.execute(sql`
    INSERT INTO stays (stay_number, client_number, location, location_category, arrival, departure, participants, created_by, created_time, edited_by, edited_time)
    SELECT (500000 + i)::text, (100000 + 1 + (i - 1) % ${SIZE.clients})::text, 'E' || (1 + i % 400), 'Mobil-home',
      ${now} + ((i * 37) % 180 - 90) * ${day}, ${now} + ((i * 37) % 180 - 90 + 3 + i % 14) * ${day}, '[]', 'bench', ${now}, 'bench', ${now}
    FROM generate_series(1, ${SIZE.clients + SIZE.extraStays}) AS i`);
  await db.execute(sql`
    UPDATE clients c SET (arrival, departure, location) = (
      SELECT s.arrival, s.departure, s.location FROM stays s WHERE s.client_number = c.client_number ORDER BY s.arrival DESC, s.number_key DESC LIMIT 1)`);
  await db.execute(sql`
    INSERT INTO webapp_users (id, client_number, firstname, lastname, email, activate, stay_number, langage, user_type, created_time, edited_time)
    SELECT md5(i::text)::varchar(24), (100000 + i)::text, 'Invité', 'Bench', 'guest' || i || '@exemple.fr', i % 5 <> 0, (500000 + i)::text, 'fr', 'primary', ${now} - i, ${now} - i
    FROM generate_series(1, ${SIZE.guests}) AS i`);
  // the state autovacuum keeps a live base in: without it the UPDATE above leaves every client twice in
  // its indexes, and a count walks the table instead of an index (lastname 'lef%': 9 ms instead of 0.2)
  await db.execute(sql`VACUUM ANALYZE`);
}

/** Imports `rows` generated reservation rows (clients and stays) as one import; answers its duration. */
export async function importGenerated(deps: Deps, rows: number) {
  const lines = ['N° client;Nom;Prénom;E-mail;N° séjour;Arrivée;Départ;Emplacement'];
  for (let i = 0; i < rows; i++) lines.push(`${900000 + i};Import${i};Élodie;import${i}@exemple.fr;${950000 + i};${1 + (i % 28)}/07/2026;${1 + (i % 28)}/08/2026;I${i % 300}`);
  const id = newId();
  await deps.db.insert(imports).values({ id, kind: 'reservations', status: 'pending', input: { files: [{ label: 'bench', text: lines.join('\n') }] }, createdTime: deps.now() });
  const start = performance.now();
  await runImport(deps, id);
  const seconds = (performance.now() - start) / 1000;
  return { seconds, rps: rows / seconds };
}

