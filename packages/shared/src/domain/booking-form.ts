/**
 * What a benefit asks of the guest who books it (001 §5 step 2), checked the same way by the guest app's
 * form (in the guest's language, before sending) and by the server (which keeps only what was asked).
 */
export interface BookingAsks {
  client_number: boolean;
  identity: boolean;
  age: boolean;
  phone: boolean;
  questions: readonly { type: string; mandatory: boolean }[];
}

export interface BookingValues {
  client_number?: unknown;
  identity?: unknown;
  age?: unknown;
  phone?: unknown;
  answers?: readonly unknown[] | null;
}

export type BookingField = 'client_number' | 'identity' | 'age' | 'phone' | `answers.${number}`;
/** missing, or not a whole number (an age over 150 is not one either) */
export type BookingIssue = 'required' | 'whole';

const DIGITS = /^\d+$/;
const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
const text = (v: unknown) => (blank(v) ? null : String(v).trim());

/** The booking's data as kept (what the benefit does not ask is null), and what is wrong with it by field. */
export function checkBooking(asks: BookingAsks, values: BookingValues) {
  const issues: Partial<Record<BookingField, BookingIssue>> = {};
  const asked = (field: 'client_number' | 'identity' | 'age' | 'phone', whole?: (v: string) => boolean) => {
    const v = asks[field] ? text(values[field]) : null;
    if (asks[field] && !v) issues[field] = 'required';
    else if (v && whole && !whole(v)) issues[field] = 'whole';
    return v;
  };
  const clientNumber = asked('client_number', (v) => DIGITS.test(v));
  const identity = asked('identity');
  const age = asked('age', (v) => DIGITS.test(v) && Number(v) <= 150);
  const phone = asked('phone');
  const answers = asks.questions.map((q, i) => {
    const a = text(values.answers?.[i]) ?? '';
    if (q.mandatory && a === '') issues[`answers.${i}`] = 'required';
    else if (q.type === 'number' && a !== '' && !DIGITS.test(a)) issues[`answers.${i}`] = 'whole';
    return a;
  });
  return { data: { clientNumber, identity, age: age === null ? null : Number(age), phone, answers }, issues };
}
