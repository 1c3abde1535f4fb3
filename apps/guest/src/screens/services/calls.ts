/**
 * The services calls of the guest app, method and path only (as lib/calls.ts does: no zod in the
 * download); the types come from the contract, the paths are checked against it by calls.test.ts.
 */
import type { CallDef } from '@campsite/shared/contract/call';
import type { guestServices } from '@campsite/shared/contract/services-calls';

const def = <C extends CallDef>(method: 'GET' | 'POST', path: string, access: 'public' | 'guest') => ({ method, path, access }) as unknown as C;

export const serviceCalls = {
  list: def<typeof guestServices.list>('GET', 'webapp/services/list', 'public'),
  find: def<typeof guestServices.find>('GET', 'webapp/services/find', 'public'),
  slots: def<typeof guestServices.slots>('GET', 'webapp/services/slots', 'public'),
  book: def<typeof guestServices.book>('POST', 'webapp/services/book', 'guest'),
  bookings: def<typeof guestServices.bookings>('GET', 'webapp/services/bookings', 'guest'),
  cancel: def<typeof guestServices.cancel>('POST', 'webapp/services/cancel', 'guest'),
};
