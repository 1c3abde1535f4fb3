import type { z } from 'zod';

/**
 * Checks a form with the contract's own schema, so the screen shows the same French sentences the
 * server would answer; answers the messages by field path ('welcome.0.welcome'), first one kept.
 */
export function validate<S extends z.ZodType>(schema: S, values: unknown): { ok: true; data: z.output<S> } | { ok: false; fields: Record<string, string> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || '_';
    fields[path] ??= issue.message;
  }
  return { ok: false, fields };
}
