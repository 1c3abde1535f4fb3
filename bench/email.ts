// `npm run bench:email`: how fast a 5 000-address campaign leaves, a benchmark (it prints figures, it
// asserts nothing). The campaign is planned through the API and sent by the real scheduler and mailer
// into an SMTP server on 127.0.0.1 (the `smtp-server` package, counting what it accepts); on PGlite,
// and on PostgreSQL too when TEST_DATABASE_URL is set.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailer } from '../apps/server/src/integrations/mailer';
import { testApp } from '../apps/server/src/testing/harness';

const TOTAL = Number(process.env.BENCH_EMAILS ?? 5000);

async function smtp() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, received: () => received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function run(label: string, databaseUrl?: string) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const server = await smtp();
  const mailer = createMailer({ smtpUrl: server.url, dataDir: '.tmp', from: 'Camping <camping@example.test>' });
  const t = await testApp({ mailer });
  const staff = (await t.signIn({ emails: 1 })).cookie;
  const email_list = Array.from({ length: TOTAL }, (_, i) => ({ email: `guest${i}@example.org`, firstname: `Prénom${i}`, lastname: 'Test', code: `C${i}`, lang: i % 3 ? 'fr' : 'en' }));
  const translations = [
    { lang: 'fr', title: 'Soirée moules-frites, #prenom !', content: '<p>Bonjour #prenom #nom,</p><p>Rendez-vous samedi à 19 h. Votre code : <strong>#code</strong>.</p><p><a href="#lien">Ouvrir l’application</a></p>' },
    { lang: 'en', title: 'Mussels night, #prenom!', content: '<p>Hello #prenom #nom,</p><p>See you on Saturday at 7 pm. Your code: <strong>#code</strong>.</p><p><a href="#lien">Open the app</a></p>' },
  ];
  const planned = Date.now();
  const res = await t.post('dashboard/cron_mail/insert', { timestamp: Math.floor(Date.now() / 1000), translations, email_list }, staff);
  if (res.statusCode !== 200) throw new Error(res.body);
  const id = res.json()._id as string;
  const planMs = Date.now() - planned;
  const started = Date.now();
  await t.deps.jobs.start();
  for (;;) {
    const c = (await t.get(`dashboard/cron_mail/find?id=${id}`, staff)).json();
    if (c.status === 'sent') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (Date.now() - started) / 1000;
  await t.deps.jobs.stop();
  console.log(
    `${label.padEnd(10)} ${TOTAL} mails: planned in ${planMs} ms, sent in ${seconds.toFixed(1)} s = ${(TOTAL / seconds).toFixed(0)} mails/s` +
      ` (SMTP server accepted ${server.received()}; JOBS_CONCURRENCY ${t.deps.env.JOBS_CONCURRENCY})`,
  );
  mailer.close?.();
  await t.close();
  await server.close();
}

// read before the PGlite run, which unsets it for its own server
const POSTGRES = process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DB !== 'postgres') await run('PGlite');
if (POSTGRES) await run('PostgreSQL', POSTGRES);
