import { z } from 'zod';
import { providerUrl } from './integrations/translation/address';
import { LOOPBACK, parseAllowList } from './platform/metrics/allow';

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const hostName = (name: string) =>
  z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => HOST_NAME.test(v), { message: `${name} : un nom d'hôte seul (camping.example), sans http:// ni chemin ni port` });

const port = (name: string) => {
  const message = `${name} : un numéro de port, de 1 à 65535`;
  return z.coerce.number({ message }).int({ message }).min(1, { message }).max(65535, { message });
};

/** The environment, parsed once. Nothing else reads process.env. */
const schema = z.object({
  PORT: z.coerce.number().int().default(3000),
  GUEST_PORT: z.coerce.number().int().default(3001),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** where backups are written, one file each (`npm run backup`, the nightly job: docs/production.md) */
  BACKUP_DIR: z.string().default('./backups'),
  ADMIN_PASSWORD: z.string().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SMTP_URL: z.string().optional(),
  /** the guest app's public address, for the links e-mailed to guests (default http://localhost:GUEST_PORT) */
  GUEST_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Mon camping <no-reply@camping.local>'),
  TIME_ZONE: z.string().default('Europe/Paris'),
  SESSION_DAYS: z.coerce.number().default(14),
  LOG_LEVEL: z.string().default('info'),
  /** production: answers serialized without zod validation (npm start); otherwise validated, as in the tests */
  NODE_ENV: z.enum(['production', 'development', 'test']).catch('development').default('development'),
  /** off: every public read goes to the database (to measure, or to rule the cache out) */
  ANSWER_CACHE: z.enum(['on', 'off']).default('on'),
  APP_VERSION: z.string().optional(),
  /**
   * The reverse proxies whose X-Forwarded-For/-Proto are believed: addresses or ranges, comma-separated
   * ('127.0.0.1', '10.0.0.0/8', 'loopback'), or a number of hops. Unset: none, so that nobody chooses
   * the address that login limits count by.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => (v === undefined ? false : /^\d+$/.test(v) ? Number(v) : v.split(',').map((a) => a.trim()).filter(Boolean)))
    .refine((v) => typeof v !== 'object' || v.every((a) => /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(a)), {
      message: "TRUST_PROXY : des adresses IP ou plages (10.0.0.0/8) séparées par des virgules, 'loopback', ou un nombre de relais",
    }),
  /** the durable scheduler (src/jobs): off in an instance that should only answer requests */
  JOBS: z.enum(['on', 'off']).default('on'),
  JOBS_POLL_MS: z.coerce.number().int().min(10).default(1000),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(1).default(30),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  /**
   * Push notifications (issue 21): hosts a subscription's endpoint may name besides the known push
   * services (comma-separated; tests and the bench name their own local endpoint), and for those tests
   * only, a self-signed certificate accepted. PUSH_CONCURRENCY: requests in flight per batch.
   */
  PUSH_HOSTS: z.string().default('').transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  PUSH_INSECURE_TLS: z.enum(['0', '1']).default('0'),
  PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(32),
  /**
   * Deposits (issue 25, docs/deposits.md): 'simulator' starts a local stand-in for Swikly on
   * SWIKLY_SIMULATOR_PORT (default PORT + 7) and talks to it; 'live' talks to SWIKLY_URL with the keys of
   * the deposit settings. Default: live in production, the simulator elsewhere.
   */
  SWIKLY: z.enum(['simulator', 'live']).optional(),
  SWIKLY_URL: z.string().url().optional(),
  SWIKLY_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** the address Swikly calls back (default http://localhost:PORT/api/webapp/deposits/callback) */
  SWIKLY_CALLBACK_URL: z.string().url().optional(),
  /**
   * Machine translation of the guest messages (issue 33, docs/messages.md): off unless set; 'deepl' talks to
   * DeepL with DEEPL_API_KEY, 'simulator' to a local stand-in (DeepL's API, deterministic words) the server
   * starts, or to the one DEEPL_URL names (the tests'). DEEPL_URL is parsed and checked here, once.
   */
  TRANSLATION: z.enum(['off', 'deepl', 'simulator']).default('off'),
  DEEPL_API_KEY: z.string().optional(),
  DEEPL_URL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      try {
        return providerUrl(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * HTTPS on its own (issue 34, docs/production.md): with DOMAIN the server serves HTTPS itself on HTTPS_PORT
   * (the dashboard on DOMAIN, the guest app on GUEST_DOMAIN, or on GUEST_PORT of DOMAIN without it), with
   * certificates from the ACME directory (Let's Encrypt unless ACME_DIRECTORY names another) or the files
   * TLS_CERT/TLS_KEY; HTTP_PORT answers the ACME challenges and redirects to HTTPS. PORT is then not used.
   */
  DOMAIN: hostName('DOMAIN').optional(),
  GUEST_DOMAIN: hostName('GUEST_DOMAIN').optional(),
  HTTPS_PORT: port('HTTPS_PORT').default(443),
  HTTP_PORT: port('HTTP_PORT').default(80),
  ACME_DIRECTORY: z
    .string()
    .url()
    .refine((v) => v.startsWith('https://'), { message: "ACME_DIRECTORY : l'adresse https:// du répertoire ACME" })
    .default('https://acme-v02.api.letsencrypt.org/directory'),
  ACME_EMAIL: z.string().email({ message: "ACME_EMAIL : une adresse e-mail (celle que l'autorité de certification prévient)" }).optional(),
  TLS_CERT: z.string().optional(),
  TLS_KEY: z.string().optional(),
  /** browser journeys only: a file holding seconds added to the server's clock (src/lib/clock.ts) */
  CLOCK_OFFSET_FILE: z.string().optional(),
  /** who may read /metrics: addresses or CIDR ranges, comma-separated (platform/metrics/allow.ts) */
  METRICS_ALLOW: z
    .string()
    .default(LOOPBACK)
    .transform((v, ctx) => {
      try {
        return parseAllowList(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * Many campsites in one installation (issue 35, docs/multisite.md): 'on' serves each site of the control
   * database (CONTROL_DATABASE_URL, PostgreSQL) by the host name of the request. SITES_SCHEME: how guests
   * reach the guest host names (the links of the mails); a site's parts open on its first request and
   * close after SITES_IDLE_SECONDS without one, at most SITES_MAX_OPEN at once (the least recently used
   * idle one closes first).
   */
  SITES: z.enum(['on', 'off']).default('off'),
  CONTROL_DATABASE_URL: z.string().optional(),
  SITES_SCHEME: z.enum(['https', 'http']).default('https'),
  SITES_IDLE_SECONDS: z.coerce.number().int().min(1).default(300),
  SITES_MAX_OPEN: z.coerce.number().int().min(1).default(400),
  /** With SITES=on: the jobs one instance runs at once across all its sites (each site JOBS_CONCURRENCY at most). */
  SITES_JOBS_MAX: z.coerce.number().int().min(1).default(8),
  /**
   * With SITES=on, the host name of the operator console (docs/multisite.md, 'Operator console'): requests
   * naming it on PORT go to the operators' server, not to a site. None: no console (the command only).
   */
  OPERATOR_HOST: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/, "OPERATOR_HOST : un nom d'hôte (lettres, chiffres, tirets et points, sans port ni « http:// »)")
    .optional(),
}).superRefine((env, ctx) => {
  if (env.GUEST_DOMAIN && !env.DOMAIN) ctx.addIssue({ code: 'custom', path: ['GUEST_DOMAIN'], message: "GUEST_DOMAIN : s'emploie avec DOMAIN, le nom du tableau de bord" });
  if (env.GUEST_DOMAIN && env.GUEST_DOMAIN === env.DOMAIN) ctx.addIssue({ code: 'custom', path: ['GUEST_DOMAIN'], message: "GUEST_DOMAIN : un autre nom que DOMAIN (sans lui, l'application client est servie sur GUEST_PORT de DOMAIN)" });
  if (!env.TLS_CERT !== !env.TLS_KEY) ctx.addIssue({ code: 'custom', path: [env.TLS_CERT ? 'TLS_KEY' : 'TLS_CERT'], message: `${env.TLS_CERT ? 'TLS_KEY' : 'TLS_CERT'} : TLS_CERT et TLS_KEY vont ensemble (le certificat et sa clé)` });
  if (env.TLS_CERT && !env.DOMAIN) ctx.addIssue({ code: 'custom', path: ['TLS_CERT'], message: 'TLS_CERT : s\'emploie avec DOMAIN, le nom que le certificat couvre' });
  if (env.TRANSLATION === 'deepl' && !env.DEEPL_API_KEY) ctx.addIssue({ code: 'custom', path: ['DEEPL_API_KEY'], message: 'DEEPL_API_KEY : la clé du compte DeepL est nécessaire avec TRANSLATION=deepl' });
  // certificates per site are not made yet (docs/multisite.md): a reverse proxy serves HTTPS for many names
  if (env.SITES === 'on' && env.DOMAIN) ctx.addIssue({ code: 'custom', path: ['DOMAIN'], message: 'DOMAIN : sert HTTPS pour un seul camping ; en mode multi-sites, HTTPS passe par un relais (Caddy, docs/multisite.md)' });
  if (env.SITES === 'on' && !env.CONTROL_DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['CONTROL_DATABASE_URL'], message: "CONTROL_DATABASE_URL : avec SITES=on, l'adresse de la base de contrôle PostgreSQL (postgres://…) est nécessaire" });
  }
  if (env.SITES === 'on' && env.CONTROL_DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.CONTROL_DATABASE_URL)) {
    ctx.addIssue({ code: 'custom', path: ['SITES'], message: 'SITES : le mode multi-sites ne fonctionne qu\'avec PostgreSQL (CONTROL_DATABASE_URL en postgres://…), pas avec la base intégrée' });
  }
});
/** Every variable the server reads (the README's configuration table lists each: env.test.ts). */
export const ENV_NAMES = Object.keys(schema.shape);
export type Env = z.infer<typeof schema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const clean = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(clean);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name = String(issue.path[0] ?? '');
  // one line that names the variable, said by start.ts instead of a stack
  throw new ConfigError(issue.message.startsWith(name) ? issue.message : `${name} : ${issue.message}`);
}

/** A variable the server cannot start with: its message is the one French line the server prints before it stops. */
export class ConfigError extends Error {}
