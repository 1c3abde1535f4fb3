import { z } from 'zod';
import { mailFailure } from '../../integrations/mailer';
import { defineJob, type JobArea } from '../../jobs';
import { sendBookingMail } from './bookings.mail';

/** The booking confirmation, queued in the booking's transaction: the answer never waits on the SMTP server. */
export const bookingMailJob = defineJob({
  kind: 'services.booking-mail',
  payload: z.object({ reservation: z.string() }),
  attempts: 5,
  async handler(deps, job) {
    try {
      await sendBookingMail(deps, job.payload.reservation);
    } catch (err) {
      // an address refused for good: trying again would not help
      if (mailFailure(err).kind === 'refused') return;
      throw err;
    }
  },
});

export const servicesJobs: JobArea = [bookingMailJob];
