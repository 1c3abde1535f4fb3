import type { ParsedBody } from '@campsite/shared';
import { ACTIVITIES, activityLanguageIssues, animationCategories } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import type { Tx } from '../../db/client';
import * as repo from './animation-categories.repository';

/** The name in the default language is required (001 §5); the default language is the establishment's. */
async function checkDefaultName(db: Tx, translations: { lang: string; name: string }[]) {
  const { lang_default } = await getGlobalSettings(db);
  const issues = activityLanguageIssues(translations, lang_default, { content: false });
  const first = Object.values(issues)[0];
  if (first) throw badRequest(first, issues);
}

/** Sorted by name in the default language, as the activities are. */
export async function listCategories(deps: Deps) {
  const [list, { lang_default }] = await Promise.all([repo.listCategories(deps.db), getGlobalSettings(deps.db)]);
  const nameOf = (c: (typeof list)[number]) => (c.translations.find((t) => t.lang === lang_default)?.name ?? c.translations[0]?.name ?? '').trim();
  return list.sort((a, b) => nameOf(a).localeCompare(nameOf(b), 'fr', { sensitivity: 'base' }) || a._id.localeCompare(b._id));
}

const clean = (translations: { lang: string; name: string }[]) => translations.map((t) => ({ lang: t.lang, name: t.name.trim() }));

export async function insertCategory(deps: Deps, body: ParsedBody<typeof animationCategories.insert>) {
  await checkDefaultName(deps.db, body.translations);
  const now = deps.now();
  const row = await repo.insertCategory(deps.db, { id: newId(), color: body.color, translations: clean(body.translations), createdTime: now, editedTime: now });
  return repo.toCategory(row);
}

export async function updateCategory(deps: Deps, body: ParsedBody<typeof animationCategories.update>) {
  await checkDefaultName(deps.db, body.translations);
  const row = await repo.updateCategory(deps.db, body._id, { color: body.color, translations: clean(body.translations), editedTime: deps.now() });
  return row ? repo.toCategory(row) : (false as const);
}

/** A category that still holds activities stays: deleting it would leave them without one. */
export async function deleteCategory(deps: Deps, id: string) {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.findCategory(tx, id))) return false as const;
    if (await repo.hasAnimations(tx, id)) throw badRequest(ACTIVITIES.categoryInUse, { id: ACTIVITIES.categoryInUse });
    return (await repo.deleteCategory(tx, id)) || (false as const);
  });
}
