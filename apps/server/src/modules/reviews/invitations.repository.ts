import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Participant } from '../../db/schema/people';
import type { Tx } from '../../db/client';
import { clients, reviewInvitations, reviewModels, serviceReservations, stays, webappUsers } from '../../db/schema';
import { clientContact } from '../../platform/people/clients.repository';
import { CONTACT, findGuest } from '../../platform/people/guests.repository';

// Drizzle only: the invitations of the reviews area (who is asked, when, and through which channel).

export type InvitationRow = typeof reviewInvitations.$inferSelect;
export type InvitationInsert = typeof reviewInvitations.$inferInsert;

export interface DepartedStay {
  stayNumber: string;
  clientNumber: string;
  departure: number;
  departureTime: string | null;
  createdTime: number;
  email1: string | null;
  langage: string | null;
  firstname: string;
  participants: Participant[];
}

/** Stays whose departure day is in [from, to), with their client's address and language, and their participants. */
export const departuresBetween = (db: Tx, from: number, to: number) =>
  db
    .select({
      stayNumber: stays.stayNumber,
      clientNumber: stays.clientNumber,
      departure: stays.departure,
      departureTime: stays.departureTime,
      createdTime: stays.createdTime,
      email1: clients.email1,
      langage: clients.langage,
      firstname: clients.firstname,
      participants: stays.participants,
    })
    .from(stays)
    .innerJoin(clients, eq(clients.clientNumber, stays.clientNumber))
    .where(and(gte(stays.departure, from), lt(stays.departure, to)));

/**
 * The bookings of a service whose slot ended in [from, to), made before it ended, with who booked: the guest
 * account (activated) or else the client file (issue 32).
 */
export const slotsEndedBetween = (db: Tx, serviceId: string, from: number, to: number) =>
  db
    .select({
      id: serviceReservations.id,
      end: serviceReservations.end,
      createdTime: serviceReservations.createdTime,
      userId: webappUsers.id,
      userEmail: webappUsers.email,
      userLang: webappUsers.langage,
      userStay: webappUsers.stayNumber,
      clientNumber: sql<string | null>`coalesce(${serviceReservations.clientNumber}, ${webappUsers.clientNumber})`,
      clientEmail: clients.email1,
      clientLang: clients.langage,
    })
    .from(serviceReservations)
    .leftJoin(webappUsers, and(eq(webappUsers.id, serviceReservations.userId), eq(webappUsers.activate, true)))
    .leftJoin(clients, eq(clients.clientNumber, sql`coalesce(${serviceReservations.clientNumber}, ${webappUsers.clientNumber})`))
    .where(and(eq(serviceReservations.service, serviceId), gte(serviceReservations.end, from), lt(serviceReservations.end, to)));

/** The addresses already invited (trimmed, lower case) for these stays by this questionnaire, as 'stay number e-mail'. */
export async function invitedAddresses(db: Tx, modelId: string, stayNumbers: string[]) {
  if (stayNumbers.length === 0) return new Set<string>();
  const rows = await db
    .select({ stay: reviewInvitations.stayNumber, email: sql<string>`lower(trim(${reviewInvitations.email}))` })
    .from(reviewInvitations)
    .where(and(eq(reviewInvitations.modelId, modelId), inArray(reviewInvitations.stayNumber, stayNumbers), sql`coalesce(trim(${reviewInvitations.email}), '') <> ''`));
  return new Set(rows.map((r) => `${r.stay} ${r.email}`));
}

/** Writes the invitations not written yet; answers the ids of those this call wrote. */
export async function insertInvitations(tx: Tx, rows: (typeof reviewInvitations.$inferInsert)[]) {
  if (rows.length === 0) return [];
  const written = await tx.insert(reviewInvitations).values(rows).onConflictDoNothing().returning({ id: reviewInvitations.id });
  return written.map((w) => w.id);
}

export async function findInvitation(db: Tx, id: string) {
  const [row] = await db
    .select({ invitation: reviewInvitations, model: reviewModels })
    .from(reviewInvitations)
    .innerJoin(reviewModels, eq(reviewModels.id, reviewInvitations.modelId))
    .where(eq(reviewInvitations.id, id))
    .limit(1);
  return row;
}
export const lockInvitation = async (tx: Tx, id: string) =>
  (await tx.select().from(reviewInvitations).where(eq(reviewInvitations.id, id)).for('update').limit(1))[0];
export const markInvitation = (tx: Tx, id: string, set: Partial<typeof reviewInvitations.$inferInsert>) => tx.update(reviewInvitations).set(set).where(eq(reviewInvitations.id, id));
/** Invitations of a questionnaire not sent yet (a deleted or disabled questionnaire drops them). */
export const unsentOf = (db: Tx, modelId: string) =>
  db.select({ id: reviewInvitations.id }).from(reviewInvitations).where(and(eq(reviewInvitations.modelId, modelId), isNull(reviewInvitations.sentTime)));

/** A signed-in guest's invitations sent, not answered nor expired, newest first. */
export const openInvitationsOf = (db: Tx, userId: string, now: number) =>
  db
    .select({ invitation: reviewInvitations, model: reviewModels })
    .from(reviewInvitations)
    .innerJoin(reviewModels, eq(reviewModels.id, reviewInvitations.modelId))
    .where(and(eq(reviewInvitations.userId, userId), isNull(reviewInvitations.answeredTime), sql`${reviewInvitations.sentTime} IS NOT NULL`, sql`${reviewInvitations.expiresAt} > ${now}`))
    .orderBy(desc(reviewInvitations.dueTime))
    .limit(20);

/** Issue 32: an invitation staff sent by hand ('Envoyer à un client', any questionnaire) and a staff member's test link (never recorded). */
export const SENT = 'sent:';
/** a booking's invitation by a questionnaire sent after its service (issue 32) */
export const BOOKING = 'booking:';
export const TEST = 'test:';
export const isSentByHand = (inv: Pick<InvitationRow, 'guest'>) => inv.guest.startsWith(SENT);
export const isTest = (inv: Pick<InvitationRow, 'guest'>) => inv.guest.startsWith(TEST);
/** The test links ended (a test link writes nothing else). */
export const dropEndedTests = (tx: Tx, now: number) => tx.delete(reviewInvitations).where(and(sql`${reviewInvitations.guest} LIKE 'test:%'`, lt(reviewInvitations.expiresAt, now)));

/** The invitation key of a stay's participant: their address, so that two participants sharing it are one guest. */
export const PARTICIPANT = 'participant:';
export const participantKey = (email: string) => `${PARTICIPANT}${email.trim().toLowerCase()}`;
/** The participant an invitation is for (their names and address), or null for an account's or the client file's. */
export const participantOf = (inv: Pick<InvitationRow, 'guest' | 'email' | 'firstname' | 'lastname'>) =>
  inv.guest.startsWith(PARTICIPANT) ? { email: inv.email ?? '', firstname: inv.firstname ?? '', lastname: inv.lastname ?? '' } : null;

/** Who an invitation greets and where it goes: the account, else the participant, else the client file. */
export async function guestOf(db: Tx, inv: InvitationRow) {
  const participant = participantOf(inv);
  // the participant has no language of their own: the client's, taken when the invitation was written
  if (participant) return { ...participant, langage: inv.lang };
  const account = inv.userId ? await findGuest(db, inv.userId, CONTACT) : undefined;
  if (account) return account;
  const c = await clientContact(db, inv.clientNumber);
  return c ? { ...c, email: c.email ?? inv.email ?? '' } : null;
}
