import { hasBadCharacter, CORE, VALIDATION } from '@campsite/shared';
import { badRequest } from './errors';

/** Deeper than any document of the product (a page's sections are 4 levels); PostgreSQL's jsonb has its own limit. */
export const MAX_DEPTH = 32;

/**
 * Every call's input (body and query) before its schema runs: a NUL character or half of a surrogate pair
 * in any text or key is a French 400 naming the field, and so is absurd nesting. The database would
 * refuse the first (a 500) or silently change it; one check here covers every call, present and future.
 */
export function assertCleanInput(value: unknown, path: string[] = [], depth = 0): void {
  if (typeof value === 'string') {
    if (hasBadCharacter(value)) throw badRequest(VALIDATION.badCharacter, { [path.join('.') || '_']: VALIDATION.badCharacter });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth > MAX_DEPTH) throw badRequest(CORE.badRequest, { [path.join('.') || '_']: CORE.badRequest });
  for (const [key, child] of Object.entries(value)) {
    if (hasBadCharacter(key)) throw badRequest(VALIDATION.badCharacter, { [[...path, '_'].join('.')]: VALIDATION.badCharacter });
    assertCleanInput(child, [...path, key], depth + 1);
  }
}
