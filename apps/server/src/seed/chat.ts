import { and, eq, gt, lte } from 'drizzle-orm';
import { chatMessages, conversations, stays, webappUsers } from '../db/schema';
import { newId } from '../lib/ids';
import type { SeedContext } from './context';

type Line = { author: 'guest' | 'staff' | 'system'; text?: string; event?: 'closed'; ago: number };
const MIN = 60;

/** Three conversations of guests on site: an unread gas bottle, a leak answered and closed, a question answered. */
const DEMO: { subject: 'gas' | 'intervention' | 'other'; lines: Line[] }[] = [
  {
    subject: 'gas',
    lines: [{ author: 'guest', text: 'Bonjour, notre bouteille de gaz est vide. Pouvez-vous nous en apporter une ? Merci !', ago: 25 * MIN }],
  },
  {
    subject: 'intervention',
    lines: [
      { author: 'guest', text: "La chasse d'eau fuit dans le mobil-home depuis ce matin.", ago: 26 * 60 * MIN },
      { author: 'staff', text: 'Merci de nous avoir prévenus, un technicien passe cet après-midi.', ago: 25 * 60 * MIN },
      { author: 'guest', text: "C'est réparé, merci beaucoup !", ago: 20 * 60 * MIN },
      { author: 'system', event: 'closed', ago: 19 * 60 * MIN },
    ],
  },
  {
    subject: 'other',
    lines: [
      { author: 'guest', text: 'À quelle heure ouvre la piscine demain ?', ago: 3 * 60 * MIN },
      { author: 'staff', text: 'Bonjour, la piscine est ouverte de 10 h à 19 h.', ago: 2 * 60 * MIN },
    ],
  },
];

/** The demo campsite's guest messages (issue 25): the inbox has something to show, one of them unread. */
export async function seedChat({ tx, now }: SeedContext): Promise<void> {
  const onSite = await tx
    .select({ id: webappUsers.id, firstname: webappUsers.firstname })
    .from(webappUsers)
    .innerJoin(stays, eq(stays.stayNumber, webappUsers.stayNumber))
    .where(and(lte(stays.arrival, now), gt(stays.departure, now), eq(webappUsers.userType, 'primary')))
    .orderBy(webappUsers.id)
    .limit(DEMO.length);
  for (const [i, demo] of DEMO.entries()) {
    const guest = onSite[i];
    if (!guest) return;
    const id = newId();
    const first = now - demo.lines[0].ago;
    await tx.insert(conversations).values({ id, guestId: guest.id, subject: demo.subject, status: 'open', clientKey: `demo-${id}`, createdTime: first, lastTime: first, lastAuthor: 'guest' });
    const state = { lastSeq: 0, lastGuestSeq: 0, lastStaffSeq: 0, lastTime: first, lastAuthor: 'guest' as Line['author'], lastExcerpt: '' };
    for (const line of demo.lines) {
      const [row] = await tx
        .insert(chatMessages)
        .values({ id: newId(), conversationId: id, author: line.author, name: line.author === 'guest' ? guest.firstname : line.author === 'staff' ? 'Accueil' : '', body: line.text ?? '', event: line.event ?? null, createdTime: now - line.ago })
        .returning({ seq: chatMessages.seq });
      state.lastSeq = row.seq;
      state.lastTime = now - line.ago;
      if (line.author === 'guest') state.lastGuestSeq = row.seq;
      if (line.author === 'staff') state.lastStaffSeq = row.seq;
      if (line.author !== 'system') Object.assign(state, { lastAuthor: line.author, lastExcerpt: line.text ?? '' });
    }
    const closed = demo.lines.some((l) => l.event === 'closed');
    // staff read everything but the gas bottle; the guests read their answers
    await tx
      .update(conversations)
      .set({ ...state, status: closed ? 'closed' : 'open', staffReadSeq: demo.subject === 'gas' ? 0 : state.lastSeq, guestReadSeq: state.lastSeq })
      .where(eq(conversations.id, id));
  }
}
