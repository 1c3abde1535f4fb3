import { CORE } from '@campsite/shared';
import { HttpError } from './errors';

// Staff edits of whole records (issue 29; docs/architecture-notes.md 'Concurrent writes'): two staff members
// saving the same form at once, the second from a stale read, silently dropped the first's change. Each such
// record has a `revision` (a counter): the read answers it, the update body may send back the one its form
// was filled from, and the service compares it with the stored one under the row's lock (`SELECT … FOR
// UPDATE`), then writes it raised by one. A mismatch is a 409 with the sentence the dashboard's shared
// form shows before reloading the record (components/form.tsx). A body without it (an older client) is
// saved as before.

/** Throws the 409 when the form was filled from another revision than the stored one (read under lock). */
export function checkRevision(sent: number | undefined, stored: number): void {
  if (sent !== undefined && sent !== stored) throw new HttpError(409, CORE.editConflict);
}
