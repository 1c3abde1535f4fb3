import { z } from 'zod';

/** The environment, parsed once. Nothing else reads process.env. */
const schema = z.object({
  PORT: z.coerce.number().int().default(3000),
  GUEST_PORT: z.coerce.number().int().default(3001),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Mon camping <no-reply@camping.local>'),
  TIME_ZONE: z.string().default('Europe/Paris'),
  SESSION_DAYS: z.coerce.number().default(14),
  LOG_LEVEL: z.string().default('info'),
  APP_VERSION: z.string().optional(),
});
export type Env = z.infer<typeof schema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const clean = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  return schema.parse(clean);
}
