import type { DeskAccount, DeskGuest } from '@campsite/shared';
import { SERVICES } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { findGuest, guestsOfClients } from '../../platform/people/guests.repository';
import { searchStays, staysHolding } from './desk.repository';
import { refuse } from './services.service';

// A booking made at the desk (issue 32). The client number typed in was dropped unless the benefit asked
// for it, and the booking reached the guest's app and mail only when staff also picked an account in a
// list that said 'Aucun'. Now the desk finds the guest by one field, and a client number alone links the
// booking to that client's account.

const FOUND = 8;

/** The activated guest accounts of these clients, oldest first: the floor's look-up, with what the desk shows. */
const accountsOfClients = (db: Tx, clientNumbers: string[]) =>
  guestsOfClients(db, clientNumbers, ['id', 'clientNumber', 'firstname', 'lastname', 'email', 'civility', 'birthday', 'stayNumber'], { activated: true });
type Account = Awaited<ReturnType<typeof accountsOfClients>>[number];
const account = (a: Account): DeskAccount => ({
  _id: a.id,
  firstname: a.firstname,
  lastname: a.lastname,
  email: a.email,
  civility: a.civility,
  birthday: a.birthday,
  stay_number: a.stayNumber,
});

/** The desk's search: stays with their client, the client's activated accounts and the one a booking reaches. */
export async function deskGuests(deps: Deps, text: string, today: number): Promise<DeskGuest[]> {
  const stays = await searchStays(deps.db, text, today, FOUND);
  const accounts = await accountsOfClients(deps.db, [...new Set(stays.map((s) => s.client_number))]);
  return stays.map((s) => {
    const users = accounts.filter((a) => a.clientNumber === s.client_number);
    // the account that joined this stay, else the client's first one
    const user = users.find((a) => a.stayNumber === s.stay_number) ?? users[0] ?? null;
    return { ...s, users: users.map(account), user: user?.id ?? null };
  });
}

/**
 * Who a staff booking is for. A chosen account is kept (its client number fills a blank one); without one,
 * a client number reaches the client's account that joined a stay holding the booking's day, else the
 * client's first activated account, else none. The client number is kept whether the benefit asks for it
 * or not (digits only, as 001 §5 says of it).
 */
export async function deskLink(tx: Tx, body: { user?: string | null; client_number?: string | null }, day: number) {
  const typed = body.client_number?.trim() || null;
  if (typed && !/^\d+$/.test(typed)) refuse({ client_number: SERVICES.clientNumberDigits });
  if (body.user) {
    const guest = await findGuest(tx, body.user, ['id', 'clientNumber']);
    if (!guest) throw badRequest(SERVICES.bookingError, { user: SERVICES.bookingError });
    return { guestId: guest.id as string | null, clientNumber: typed ?? guest.clientNumber ?? null };
  }
  if (!typed) return { guestId: null, clientNumber: null };
  const accounts = await accountsOfClients(tx, [typed]);
  const holding = await staysHolding(tx, accounts.flatMap((a) => (a.stayNumber ? [a.stayNumber] : [])), day);
  const chosen = accounts.find((a) => a.stayNumber && holding.has(a.stayNumber)) ?? accounts[0];
  return { guestId: chosen?.id ?? null, clientNumber: typed };
}
