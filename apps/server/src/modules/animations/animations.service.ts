import type { DashboardUser, ParsedBody } from '@campsite/shared';
import { ACTIVITIES, CORE, MAX_IMAGE_BYTES, activityLanguageIssues, animations } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { HttpError, badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { findCategory } from '../animation-categories/public';
import { getAdminConfig, getGlobalSettings } from '../../platform/settings/settings.repository';
import { planOf } from '../../platform/settings/settings';
import { sanitizeRichText } from '../../lib/sanitize';
import { assertBenefitExists } from '../services/public';
import * as repo from './animations.repository';

type Input = ParsedBody<typeof animations.insert>;

/** Sorted by name in the default language (000 §4), so every reader gets the same order. */
export async function listAnimations(deps: Deps, nocover: boolean) {
  const [rows, { lang_default }] = await Promise.all([repo.listAnimations(deps.db, { nocover }), getGlobalSettings(deps.db)]);
  const nameOf = (r: (typeof rows)[number]) => (r.translations.find((t) => t.lang === lang_default)?.name ?? r.translations[0]?.name ?? '').trim();
  return rows
    .sort((a, b) => nameOf(a).localeCompare(nameOf(b), 'fr', { sensitivity: 'base' }) || a.id.localeCompare(b.id))
    .map((r) => repo.toAnimation(r, { nocover }));
}

export async function findAnimation(deps: Deps, id: string) {
  const row = await repo.findAnimation(deps.db, id);
  return row ? repo.toAnimation(row) : (false as const);
}

/**
 * The rules the schema cannot check alone: the default language's name and content, the category
 * and cover that must exist, the 5 MB cover limit and the premium plan for a linked service benefit.
 */
async function check(deps: Deps, tx: Tx, body: Input) {
  const { lang_default } = await getGlobalSettings(tx);
  const issues = activityLanguageIssues(body.translations, lang_default, { content: true });
  if (!(await findCategory(tx, body.category))) issues.category = ACTIVITIES.categoryRequired;
  if (body.cover) {
    const file = await repo.coverFile(tx, body.cover);
    if (!file) issues.cover = ACTIVITIES.coverRequired;
    else if (file.kind !== 'image') issues.cover = CORE.fileFormat;
    else if (file.size > MAX_IMAGE_BYTES) throw new HttpError(413, ACTIVITIES.coverTooLarge, { cover: ACTIVITIES.coverTooLarge });
  }
  const first = Object.values(issues)[0];
  if (first) throw badRequest(first, issues);
  // the plan that applies: the operator's in multi-site mode (platform/settings planOf)
  if (body.service_benefit !== null && planOf(deps, await getAdminConfig(tx)) !== 'premium') throw new HttpError(403, CORE.premiumOnly);
  if (body.service_benefit !== null) await assertBenefitExists(tx, body.service_benefit);
}

function fields(body: Input, user: DashboardUser) {
  return {
    category: body.category,
    cover: body.cover,
    front: body.front,
    translations: body.translations.map((t) => ({ lang: t.lang, name: t.name.trim(), content: sanitizeRichText(t.content) })),
    serviceBenefit: body.service_benefit,
    userId: user._id,
  };
}

export async function insertAnimation(deps: Deps, user: DashboardUser, body: Input) {
  return deps.db.transaction(async (tx) => {
    await check(deps, tx, body);
    const now = deps.now();
    return repo.toAnimation(await repo.insertAnimation(tx, { id: newId(), ...fields(body, user), createdTime: now, editedTime: now }));
  });
}

export async function updateAnimation(deps: Deps, user: DashboardUser, body: ParsedBody<typeof animations.update>) {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.findAnimation(tx, body._id))) return false as const;
    await check(deps, tx, body);
    const row = await repo.updateAnimation(tx, body._id, { ...fields(body, user), editedTime: deps.now() });
    return row ? repo.toAnimation(row) : (false as const);
  });
}

/** One user action: the activity goes with all its dates, or nothing goes. */
export async function deleteAnimation(deps: Deps, id: string) {
  return deps.db.transaction(async (tx) => (await repo.deleteAnimation(tx, id)) || (false as const));
}
