import { CORE, REVIEWS, epochToZoned, selectAnswers, zonedTimeToEpoch } from '@campsite/shared';
import type { GuestReviewForm, ReviewAnswer, ReviewQuestion, ReviewRefusal, SubmittedReview } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { reviewAlertJob } from './reviews.jobs';
import * as invitations from './invitations.repository';
import * as repo from './reviews.repository';
import { invitationOfToken } from './token.service';

/** The midnight of the day holding `epoch` in the establishment's zone (the statistics' day). */
export function localMidnight(epoch: number, tz: string) {
  const p = epochToZoned(epoch, tz);
  return zonedTimeToEpoch(p.year, p.month, p.day, 0, 0, tz);
}

type Found = NonNullable<Awaited<ReturnType<typeof invitations.findInvitation>>>;

function refusalOf(deps: Deps, f: Found): ReviewRefusal | null {
  if (f.invitation.answeredTime !== null) return 'answered';
  // a questionnaire sent by hand or tried by staff stays open whatever its 'Envoi'
  if (f.model.type === '' && !invitations.isSentByHand(f.invitation) && !invitations.isTest(f.invitation)) return 'closed';
  if (deps.now() >= f.invitation.expiresAt) return 'expired';
  return null;
}

async function formOf(deps: Deps, f: Found, known?: { firstname: string } | null): Promise<GuestReviewForm> {
  const test = invitations.isTest(f.invitation);
  // a test link greets the staff member who made it
  const guest = test ? { firstname: f.invitation.firstname ?? '' } : known !== undefined ? known : await invitations.guestOf(deps.db, f.invitation);
  return {
    invitation: f.invitation.id,
    model: f.model.id,
    translations: f.model.translations.map((t) => ({ lang: t.lang, title: t.title, introduction: t.introduction })),
    questions: f.model.questions,
    firstname: guest?.firstname ?? '',
    stay_number: f.invitation.stayNumber,
    expires: f.invitation.expiresAt,
    ...(test ? { test: true } : {}),
  };
}

// ---------------------------------------------------------------- reads

export async function formByToken(deps: Deps, token: string) {
  const found = await invitationOfToken(deps, token);
  if (!found) return false as const;
  const refused = refusalOf(deps, found);
  return refused ? { error: refused } : formOf(deps, found);
}

export async function pending(deps: Deps, guestId: string) {
  const rows = (await invitations.openInvitationsOf(deps.db, guestId, deps.now())).filter((r) => r.model.type !== '' || invitations.isSentByHand(r.invitation));
  // every row is the same guest's: their name read once
  const guest = rows.length ? await invitations.guestOf(deps.db, rows[0].invitation) : null;
  return Promise.all(rows.map((r) => formOf(deps, r, guest)));
}

// ---------------------------------------------------------------- answering

/** The answers as stored, or the French 400 naming each refused one (the guest app checks them first, in the guest's language). */
export function checkAnswers(questions: readonly ReviewQuestion[], given: readonly (string | number | null)[]): ReviewAnswer[] {
  const errors: Record<string, string> = {};
  if (given.length > questions.length) errors.answers = REVIEWS.answerInvalid;
  const answers = questions.map((q, i): ReviewAnswer => {
    const a = given[i] ?? null;
    let value: ReviewAnswer = null;
    if (q.type === 'text') {
      if (typeof a === 'number') errors[`answers.${i}`] = REVIEWS.answerInvalid;
      else value = a?.trim() || null;
    } else if (a !== null && a !== '') {
      const n = typeof a === 'number' ? a : Number(a);
      const max = q.type === 'notation' ? 5 : Math.max(...q.translations.map((t) => selectAnswers(t.select_list).length), 0) - 1;
      const min = q.type === 'notation' ? 1 : 0;
      if (!Number.isInteger(n) || n < min || n > max) errors[`answers.${i}`] = REVIEWS.answerInvalid;
      else value = n;
    }
    if (value === null && q.mandatory && !errors[`answers.${i}`]) errors[`answers.${i}`] = REVIEWS.answerRequired;
    return value;
  });
  if (Object.keys(errors).length) throw badRequest(CORE.formError, errors);
  return answers;
}

/** The average of the notation answers, two decimals; null without any. */
export function scoreOf(questions: readonly ReviewQuestion[], answers: readonly ReviewAnswer[]): number | null {
  const notes = questions.flatMap((q, i) => (q.type === 'notation' && typeof answers[i] === 'number' ? [answers[i] as number] : []));
  return notes.length ? Math.round((notes.reduce((s, n) => s + n, 0) / notes.length) * 100) / 100 : null;
}

/**
 * Records the review of one invitation, once: the invitation is locked, so that two submits at once (two
 * taps, two devices) write one review and answer the other 'answered'; the unique invitation_id backs it.
 * A score at or below the alert threshold queues the staff's alert in the same transaction.
 */
async function record(deps: Deps, f: Found, given: readonly (string | number | null)[], lang: string | undefined): Promise<SubmittedReview | { error: ReviewRefusal }> {
  const early = refusalOf(deps, f);
  if (early) return { error: early };
  const answers = checkAnswers(f.model.questions, given);
  const score = scoreOf(f.model.questions, answers);
  const settings = await repo.readSettings(deps.db);
  const link = settings.publicLink ? { url: settings.publicLink, label: settings.publicLinkLabel || new URL(settings.publicLink).hostname.replace(/^www\./, '') } : null;
  // a test link (issue 32): the answers checked and the thanks as a guest gets them, nothing recorded
  if (invitations.isTest(f.invitation)) return { _id: f.invitation.id, completed: deps.now(), score, public_link: link, test: true };
  const result = await deps.db.transaction(async (tx): Promise<{ error: ReviewRefusal } | { _id: string; completed: number; score: number | null }> => {
    const inv = await invitations.lockInvitation(tx, f.invitation.id);
    if (!inv) return { error: 'closed' as const };
    if (inv.answeredTime !== null) return { error: 'answered' as const };
    const now = deps.now();
    const id = newId();
    // a participant's review keeps who answered: they are neither an account nor the client file
    const participant = invitations.participantOf(inv);
    const written = await repo.insertReview(
      tx,
      {
        id,
        invitationId: inv.id,
        modelId: f.model.id,
        modelName: f.model.name,
        // the spec's one kind of review (find-by-type?type=global): one sent by hand of a disabled questionnaire too
        type: 'global',
        stayNumber: inv.stayNumber,
        userId: inv.userId,
        clientNumber: inv.clientNumber,
        lang: lang ?? inv.lang ?? 'fr',
        completed: now,
        score,
        answers,
        participantEmail: participant?.email ?? null,
        participantFirstname: participant?.firstname ?? null,
        participantLastname: participant?.lastname ?? null,
      },
      f.model.questions,
      answers,
      localMidnight(now, deps.env.TIME_ZONE),
    );
    if (!written) return { error: 'answered' as const };
    await invitations.markInvitation(tx, inv.id, { answeredTime: now });
    if (score !== null && settings.alertThreshold > 0 && score <= settings.alertThreshold) await reviewAlertJob.enqueue(deps, { review: id }, { tx });
    return { _id: id, completed: now, score };
  });
  if ('error' in result) return { error: result.error };
  deps.jobs.poke();
  return { ...result, public_link: link };
}

export async function submitByToken(deps: Deps, token: string, answers: readonly (string | number | null)[], lang?: string) {
  const found = await invitationOfToken(deps, token);
  return found ? record(deps, found, answers, lang) : (false as const);
}

/** A signed-in guest answers their own invitation only: another's is false, as an unknown one. */
export async function submitSignedIn(deps: Deps, guestId: string, invitation: string, answers: readonly (string | number | null)[], lang?: string) {
  const found = await invitations.findInvitation(deps.db, invitation);
  if (!found || found.invitation.userId !== guestId) return false as const;
  return record(deps, found, answers, lang);
}
