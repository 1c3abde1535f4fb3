import { sql, type SQL } from 'drizzle-orm';
import { fold } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { escapeLike } from '../../db/paging';
import { readRows } from '../../db/rows';

// The top bar's search (issue 33, docs/search.md): plain SQL on the people tables' search keys, as the desk's
// search reads them (services/desk.repository.ts), each condition served by an index: numbers and pitch by
// equality, names and e-mails by their folded prefix (text_pattern_ops), phones by the prefix of their key
// (drizzle/0085_search.sql). Only the columns the answer sends are read.

/** The JavaScript twin of people_phone_key (drizzle/0085_search.sql): digits, without '+33'/'0033' nor leading zeros. */
export const phoneKey = (text: string) =>
  text
    .replace(/^\s*(\+|00)\s*33/, '')
    .replace(/\D/g, '')
    .replace(/^0+/, '');

/** A phone is looked for when what was typed is written as one and holds this many digits ('0612'). */
const PHONE_DIGITS = 4;
/** A name typed in more words than this is looked for as a whole only. */
const SPLITS = 3;
const prefix = (folded: string) => `${escapeLike(folded)}%`;

/**
 * Names: the start of the last or first name (whole text, 'de la tour'), or, for two words or more, the first
 * words starting one of them and the rest the other, in either order ('jean dup', 'dupont je').
 */
function namesMatch(text: string): SQL {
  const words = fold(text).split(/\s+/).filter(Boolean);
  const whole = prefix(words.join(' '));
  const parts: SQL[] = [sql`lastname_key LIKE ${whole}`, sql`firstname_key LIKE ${whole}`];
  for (let i = 1; i < words.length && i <= SPLITS; i++) {
    const head = prefix(words.slice(0, i).join(' '));
    const tail = prefix(words.slice(i).join(' '));
    parts.push(sql`(lastname_key LIKE ${head} AND firstname_key LIKE ${tail})`, sql`(firstname_key LIKE ${head} AND lastname_key LIKE ${tail})`);
  }
  return sql.join(parts, sql` OR `);
}

/**
 * Names and e-mails are looked for from this many characters: one letter matches a tenth of the clients, whose
 * rows would all be read for eight results (a number or a pitch of one character is still found).
 */
const WORD = 2;
const wordy = (text: string) => text.length >= WORD;
const oneWord = (text: string) => wordy(text) && !/\s/.test(text);

/** The conditions on a client's row (table `clients`, unaliased) for what was typed. */
function clientMatch(text: string): SQL {
  const parts: SQL[] = [sql`number_key = people_number_key(${text})`];
  if (wordy(text)) parts.push(namesMatch(text));
  if (oneWord(text)) parts.push(sql`email1_key LIKE ${prefix(fold(text))}`, sql`email2_key LIKE ${prefix(fold(text))}`);
  const phone = phoneKey(text);
  if (/^[\d\s.+()/-]+$/.test(text) && text.replace(/\D/g, '').length >= PHONE_DIGITS && phone) {
    const start = `${phone}%`;
    parts.push(sql`people_phone_key(phone1) LIKE ${start}`, sql`people_phone_key(phone2) LIKE ${start}`, sql`people_phone_key(phone3) LIKE ${start}`);
  }
  return sql.join(parts, sql` OR `);
}

/** The conditions on a guest account (table `webapp_users`): its names and e-mail reach its client. */
function accountMatch(text: string): SQL {
  if (!wordy(text)) return sql`false`;
  const parts: SQL[] = [namesMatch(text)];
  if (oneWord(text)) parts.push(sql`email_key LIKE ${prefix(fold(text))}`);
  return sql`client_number IS NOT NULL AND (${sql.join(parts, sql` OR `)})`;
}

export interface FoundClient {
  client_number: string;
  firstname: string;
  lastname: string;
  email: string | null;
  /** has at least one stay */
  stays: boolean;
}

export interface FoundStay {
  stay_number: string;
  client_number: string;
  firstname: string;
  lastname: string;
  location: string | null;
  arrival: number;
  departure: number;
  when: 'current' | 'coming' | 'gone';
}

/**
 * The `limit` clients that match what was typed best: by their number, name, e-mail or phone, or by the name or
 * e-mail of one of their accounts; those on site at `now` first, then those whose latest stay is to come (nearest
 * first), then those whose latest stay is gone (latest first), then those without a stay. The rank is read on
 * the client's row (its stays' periods and latest arrival, drizzle/0071), so that a name a few thousand clients
 * share costs the reading of their rows, not of their stays.
 */
export async function findClients(db: Tx, text: string, now: number, limit: number) {
  const columns = sql`client_number, firstname, lastname, email1, stay_periods, arrival, lastname_key, firstname_key`;
  const matched = clientMatch(text);
  const rank = sql`CASE WHEN m.stay_periods @> ${now}::bigint THEN 0 WHEN m.arrival > ${now} THEN 1 WHEN m.arrival IS NOT NULL THEN 2 ELSE 3 END`;
  return readRows<FoundClient>(
    db,
    sql`SELECT m.client_number, m.firstname, m.lastname, m.email1 AS email, m.arrival IS NOT NULL AS stays
      FROM (SELECT ${columns} FROM clients WHERE ${matched}
        UNION ALL SELECT ${columns} FROM clients WHERE client_number IN (SELECT client_number FROM webapp_users WHERE ${accountMatch(text)}) AND (${matched}) IS NOT TRUE) m
      ORDER BY ${rank}, abs(m.arrival - ${now}), m.lastname_key, m.firstname_key, m.client_number LIMIT ${limit}`,
  );
}

/**
 * The `limit` first stays of these clients, and of those whose stay number or pitch (whole, without case or
 * accents) is what was typed: on site at `now` first (the arrival day has come, the departure day is not over),
 * then the coming ones (nearest first), then the gone ones (latest first). Chosen before their clients are read.
 */
export async function findStays(db: Tx, text: string, clientNumbers: string[], now: number, limit: number) {
  const when = sql`CASE WHEN s.arrival <= ${now} AND s.departure > ${now - 86400} THEN 0 WHEN s.arrival > ${now} THEN 1 ELSE 2 END`;
  const order = sql`${when}, abs(s.arrival - ${now}), s.stay_number`;
  const columns = sql`s.stay_number, s.client_number, s.location, s.arrival, s.departure`;
  return readRows<FoundStay>(
    db,
    sql`SELECT s.stay_number, s.client_number, c.firstname, c.lastname, s.location, s.arrival, s.departure,
        (ARRAY['current', 'coming', 'gone'])[${when} + 1] AS "when"
      FROM (SELECT ${columns} FROM (
          SELECT ${columns} FROM stays s WHERE s.client_number = ANY(${sql.param(clientNumbers)}::text[])
          UNION SELECT ${columns} FROM stays s WHERE s.number_key = people_number_key(${text}) OR s.location_key = people_fold(${text})
        ) s ORDER BY ${order} LIMIT ${limit}) s
      JOIN clients c ON c.client_number = s.client_number
      ORDER BY ${order}`,
  );
}
