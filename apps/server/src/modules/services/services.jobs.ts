import { z } from 'zod';
import { declareJob } from '../../jobs';

/** The booking confirmation, queued in the booking's transaction: the answer never waits on the SMTP server. Sent by bookings.mail.ts. */
export const bookingMailJob = declareJob({
  kind: 'services.booking-mail',
  payload: z.object({ reservation: z.string() }),
  attempts: 5,
});
