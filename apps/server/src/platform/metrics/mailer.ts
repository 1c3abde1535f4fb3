import type { Mailer } from '../../integrations/mailer';
import type { Metrics } from './metrics';

/** The mailer, counting each mail sent or failed (every area's mail goes through deps.mailer). */
export function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    ...(mailer.fromAddress !== undefined ? { fromAddress: mailer.fromAddress } : {}),
    ...(mailer.close ? { close: () => mailer.close?.() } : {}),
    async send(mail) {
      try {
        await mailer.send(mail);
      } catch (err) {
        metrics.mails.inc({ result: 'failed' });
        throw err;
      }
      metrics.mails.inc({ result: 'sent' });
    },
  };
}
