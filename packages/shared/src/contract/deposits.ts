import { z } from 'zod';
import { DEPOSITS } from '../messages/deposits';
import { call, orFalse, staff } from './call';
import { missing, queryFlag, revision, sentRevision } from './common';
import { pageFields, pageOf, textFilter } from './listing';

// Deposits through Swikly (002 §2 'Deposit settings', 'Deposits list', §3, §4, §5; issue 25). Amounts travel
// in euros (two decimals), the server keeps cents. The provider's signed callback is not a contract call:
// it is read as raw bytes (modules/deposits/deposits.callback.ts).

const depositsFlag = { ...staff('deposits'), plan: 'premium' as const };

/** The provider settings as staff read them: the secret key never travels back (docs/deposits.md). */
export const depositConfigDoc = z.object({
  activate: z.boolean(),
  /** euros */
  amount: z.number(),
  userId: z.string(),
  /** always '': a stored key is said by `secret_set` and its last two characters */
  secret: z.string(),
  secret_set: z.boolean(),
  /** '••••••••••••••3f' when a key is stored, '' otherwise */
  secret_mask: z.string(),
  /** ours: how many days before the arrival the request is sent to the guest */
  days: z.number(),
  /** ours: 'simulator' in development and the demo, 'live' against Swikly (configuration, README) */
  mode: z.enum(['simulator', 'live']),
  /** ours (issue 29): raised by each save; sent back by the form, a change saved meanwhile answers 409 */
  revision: revision.optional(),
});
export type DepositConfig = z.infer<typeof depositConfigDoc>;

/**
 * The settings form. The spec checks the secret key first, then the user ID (002 §5); an empty key keeps the
 * stored one (the server refuses to activate without any). The lengths are checked on the server too, where
 * the stored key is known.
 */
export const depositConfigUpdate = z
  .object({
    activate: z.boolean(),
    amount: z.coerce.number(missing(DEPOSITS.amountMin)).min(0, DEPOSITS.amountMin).max(100_000, DEPOSITS.amountMin),
    userId: z.string().trim().max(200).default(''),
    secret: z.string().trim().max(200).default(''),
    days: z.coerce.number(missing(DEPOSITS.daysRange)).int(DEPOSITS.daysRange).min(1, DEPOSITS.daysRange).max(60, DEPOSITS.daysRange).default(7),
    /**
     * ours (issue 32): 'from now on only': the stays the screen counted (asked now by this save: `preview`)
     * are left out for good; later bookings are asked. False: they are asked at once.
     */
    from_now: z.boolean().default(false),
    ...sentRevision,
  })
  .superRefine((v, ctx) => {
    if (v.secret !== '' && v.secret.length !== 16) ctx.addIssue({ code: 'custom', path: ['secret'], message: DEPOSITS.secretLength });
    else if ((v.userId !== '' || v.activate) && v.userId.length !== 32) ctx.addIssue({ code: 'custom', path: ['userId'], message: DEPOSITS.userIdLength });
  });

/** What a deposit looks like (002 §3 'Deposit'), with ours: the guest's link, the release or claim. */
export const depositDoc = z.object({
  _id: z.string(),
  /** 'OK' (accepted), '' (not deposited yet), or the provider's word for anything else (shown raw in red) */
  status: z.string(),
  user: z.object({ lastname: z.string(), firstname: z.string(), email: z.string() }),
  stay: z.string(),
  client_number: z.string(),
  location: z.string().nullable(),
  arrival: z.number(),
  departure: z.number(),
  /** the provider's reference of the request */
  reference: z.string().nullable(),
  /** euros */
  amount: z.number(),
  /** the latest change (the list's 'Date', 002 §3) */
  edited_time: z.number(),
  /** ours (issue 32): when the guest made the deposit (Swikly's acceptance); null while not made */
  deposited_time: z.number().nullable().optional(),
  created_time: z.number(),
  /** the guest's page at the provider */
  link: z.string().nullable(),
  /** why the request could not be made yet (the provider's answer), null when it was */
  error: z.string().nullable(),
  /** what staff did after the departure inventory */
  settlement: z.enum(['released', 'claimed']).nullable(),
  /** euros claimed */
  claimed: z.number().nullable(),
  settled_time: z.number().nullable(),
  settled_by: z.string().nullable(),
  /**
   * ours (issue 29): the release or claim intent. 'pending' from the click until Swikly has answered (a
   * job finishes it), 'done', or 'failed' (the settlement is put back and `settle_error` says why); null
   * before any. Optional for an older server's answer.
   */
  settle_state: z.enum(['pending', 'done', 'failed']).nullable().optional(),
  settle_error: z.string().nullable().optional(),
  /** ours (issue 32): why a claim is not the priced difference */
  claim_reason: z.string().nullable().optional(),
});
export type Deposit = z.infer<typeof depositDoc>;

export const DEPOSIT_SORTS = ['edited_time', 'amount', 'stay', 'client_number', 'lastname', 'location', 'status', 'arrival'] as const;
/** The filter select of 002 §4: N. séjour, N. emplacement, N. client (none: the text is looked for in all and in the name). */
export const DEPOSIT_FILTERS = ['stay_number', 'location', 'client_number'] as const;
export const depositListQuery = z.object({
  ...pageFields(DEPOSIT_SORTS, 'edited_time'),
  q: textFilter,
  filter: z.enum(DEPOSIT_FILTERS).optional().catch(undefined),
  /** the two boxes of 002 §4: both or none mean no status filter */
  deposited: queryFlag,
  not_deposited: queryFlag,
});
export type DepositListQuery = z.input<typeof depositListQuery>;

/**
 * Ours (issue 32): the stays that ask a deposit and have none, nor will get one by the scan: in progress or
 * arriving within the lead time, of a type marked Oui, without any deposit row (left out by 'from now on only',
 * arrived before the switch…). The nearest arrival first; `q` as the list's search without a filter.
 */
export const unaskedQuery = z.object({
  page: pageFields(['arrival'], 'arrival').page,
  per_page: pageFields(['arrival'], 'arrival').per_page,
  q: textFilter,
  filter: z.enum(DEPOSIT_FILTERS).optional().catch(undefined),
});
export const unaskedStayDoc = z.object({
  stay: z.string(),
  client_number: z.string(),
  user: z.object({ lastname: z.string(), firstname: z.string(), email: z.string() }),
  location: z.string().nullable(),
  arrival: z.number(),
  departure: z.number(),
});
export type UnaskedStay = z.infer<typeof unaskedStayDoc>;

/** After the departure inventory: release (no difference) or claim the priced difference, for staff to confirm. */
export const depositProposal = z.object({
  kind: z.enum(['release', 'claim']),
  /** euros: the difference, at most the deposit */
  amount: z.number(),
  amount_text: z.string(),
  /** ours (issue 32): what the departure inventory finds missing (against the arrival, else the expected quantities) */
  missing: z.array(z.object({ name: z.string(), reference: z.number(), count: z.number(), missing: z.number(), amount: z.number() })).optional(),
});
export const stayDeposit = z.object({ deposit: depositDoc.nullable(), proposal: depositProposal.nullable() });
export type StayDeposit = z.infer<typeof stayDeposit>;

const stayNumber = z.string(missing('Numéro de séjour manquant')).trim().min(1, 'Numéro de séjour manquant').max(64);

/** The guest's own deposit, in the guest app. */
export const guestDepositDoc = z.object({
  status: z.enum(['pending', 'accepted', 'refused', 'released', 'claimed', 'waiting']),
  /** euros */
  amount: z.number(),
  link: z.string().nullable(),
  arrival: z.number(),
  departure: z.number(),
});
export type GuestDeposit = z.infer<typeof guestDepositDoc>;

/** ours (issue 32): how many stays a save of these settings asks at once, before staff choose. */
export const depositPreviewQuery = z.object({
  activate: queryFlag,
  days: z.coerce.number().int().min(1).max(60).catch(7),
  /** an accommodation type about to be switched to Oui: its stays only */
  type: z.string().max(64).optional(),
});
export const depositPreview = z.object({
  /** stays asked as soon as the settings are saved (arriving after today and by `until`, not asked yet) */
  count: z.number(),
  /** the last arrival day counted (epoch) */
  until: z.number(),
});
export type DepositPreview = z.infer<typeof depositPreview>;

const depositId = z.object({ id: z.string(missing('Caution inconnue')).trim().min(1, 'Caution inconnue').max(64) });

/** A claim (issue 32): the priced difference by default; another amount needs a reason (checked by the server). */
export const claimBody = z.object({
  stay_number: stayNumber,
  /** ours (issue 32): euros; without it, the priced difference (at most the deposit) */
  amount: z
    .number(DEPOSITS.claimAmountInvalid)
    .positive(DEPOSITS.claimAmountInvalid)
    .max(1_000_000, DEPOSITS.claimAmountInvalid)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, DEPOSITS.claimAmountInvalid)
    .optional(),
  /** ours (issue 32): required when the amount is not the priced difference */
  reason: z.string().trim().max(500, DEPOSITS.claimReasonLength).optional(),
});

export const deposits = {
  config: call('GET', 'webapp/config/deposit', { ...depositsFlag, answer: depositConfigDoc, summary: 'Reads the deposit settings' }),
  updateConfig: call('POST', 'webapp/config/deposit/update', {
    ...depositsFlag,
    body: depositConfigUpdate,
    answer: orFalse(depositConfigDoc),
    summary: 'The provider settings; an empty secret keeps the stored one, which is never answered in clear',
  }),
  preview: call('GET', 'webapp/config/deposit/preview', {
    ...depositsFlag,
    query: depositPreviewQuery,
    answer: depositPreview,
    summary: 'How many guests these settings would ask at once (read before switching on or raising the lead time)',
  }),
  resend: call('POST', 'webapp/deposits/resend', {
    ...depositsFlag,
    body: depositId,
    answer: orFalse(depositDoc),
    summary: "Mails the guest the deposit's link again (throttled per address and per staff member); false: unknown",
  }),
  cancel: call('POST', 'webapp/deposits/cancel', {
    ...depositsFlag,
    body: depositId,
    answer: orFalse(depositDoc),
    summary: 'Cancels a request the guest has not answered (status Annulée; Swikly told by a job); false: unknown',
  }),
  requestNow: call('POST', 'webapp/deposits/request-now', {
    ...depositsFlag,
    body: depositId,
    answer: orFalse(depositDoc),
    summary: 'Makes the request now (never sent, refused, cancelled, or the guest already arrived), then its mail; throttled',
  }),
  requestStay: call('POST', 'webapp/deposits/request-stay', {
    ...depositsFlag,
    body: z.object({ stay_number: stayNumber }),
    answer: orFalse(depositDoc),
    summary: "ours (issue 33): the stay's request made now, from the desk's to-do list: its deposit made first when its accommodation asks one and none exists; then as request-now; throttled",
  }),
  unasked: call('GET', 'webapp/deposits/unasked', {
    ...depositsFlag,
    query: unaskedQuery,
    answer: pageOf(unaskedStayDoc),
    summary:
      "ours (issue 32): the stays in progress or arriving within the lead time whose accommodation asks a deposit and that have none (left out by 'from now on only'); empty while deposits are off. Asked with request-stay",
  }),
  list: call('GET', 'webapp/deposits/list', {
    ...depositsFlag,
    query: depositListQuery,
    answer: pageOf(depositDoc),
    summary: 'The deposits, paged, searched, filtered on their status and sorted by the server (docs/api.md)',
  }),
  ofStay: call('GET', 'webapp/deposits/find-by-stay', {
    ...depositsFlag,
    query: z.object({ stay_number: stayNumber }),
    answer: stayDeposit,
    summary: "The stay's deposit and, after its departure inventory, the release or claim to propose",
  }),
  release: call('POST', 'webapp/deposits/release', {
    ...depositsFlag,
    body: z.object({ stay_number: stayNumber }),
    answer: orFalse(depositDoc),
    summary: 'Releases the accepted deposit at the provider (false: the stay has none)',
  }),
  claim: call('POST', 'webapp/deposits/claim', {
    ...depositsFlag,
    body: claimBody,
    answer: orFalse(depositDoc),
    summary: "Claims the departure inventory's priced difference (at most the deposit) with the PDF report attached",
  }),
  mine: call('GET', 'webapp/deposits/mine', {
    access: 'guest',
    plan: 'premium',
    withoutPlan: { answer: false },
    answer: orFalse(guestDepositDoc),
    summary: "The signed-in guest's deposit (false: none for their stay)",
  }),
};
