import type { DeskGuest } from '@campsite/shared';
import { SERVICES } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { findGuest } from '../../platform/people/guests.repository';
import { accountsOfClients, searchStays, staysHolding, type DeskAccountRow } from './desk.repository';
import { refuse } from './services.service';

// A booking made at the desk (issue 32). The client number typed in was dropped unless the benefit asked
// for it, and the booking reached the guest's app and mail only when staff also picked an account in a
// list that said 'Aucun'. Now the desk finds the guest by one field, and a client number alone links the
// booking to that client's account.

const FOUND = 8;

const account = ({ client_number: _, ...a }: DeskAccountRow) => a;

/** The desk's search: stays with their client, the client's activated accounts and the one a booking reaches. */
export async function deskGuests(deps: Deps, text: string, today: number): Promise<DeskGuest[]> {
  const stays = await searchStays(deps.db, text, today, FOUND);
  const accounts = await accountsOfClients(deps.db, [...new Set(stays.map((s) => s.client_number))]);
  return stays.map((s) => {
    const users = accounts.filter((a) => a.client_number === s.client_number);
    // the account that joined this stay, else the client's first one
    const user = users.find((a) => a.stay_number === s.stay_number) ?? users[0] ?? null;
    return { ...s, users: users.map(account), user: user?._id ?? null };
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
  const holding = await staysHolding(tx, accounts.flatMap((a) => (a.stay_number ? [a.stay_number] : [])), day);
  const chosen = accounts.find((a) => a.stay_number && holding.has(a.stay_number)) ?? accounts[0];
  return { guestId: chosen?._id ?? null, clientNumber: typed };
}
