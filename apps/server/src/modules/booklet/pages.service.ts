import type { ParsedBody } from '@campsite/shared';
import { BOOKLET, CORE, SECTION_CONTENT, SECTION_TITLE, SERVICE_TITLE, pages as calls } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { PageTranslation, StoredSection } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { lockScope } from '../../db/locks';
import { newId } from '../../lib/ids';
import { sanitizeRichText } from '../../lib/sanitize';
import { findCategory } from './categories.repository';
import { findFileMeta } from '../../platform/files/files.repository';
import { assertTexts, defaultLang, permute } from './groups.texts';
import * as lists from './lists.repository';
import * as repo from './pages.repository';
import { assertServiceExists } from '../services/public';
import { assertIconExists } from '../icons/public';

type SectionBody = ParsedBody<typeof calls.insertSection>;

/** The section as stored: content sanitized (allow-list), titles trimmed; checked once sanitized. */
export async function toStoredSection(tx: Tx, s: Omit<SectionBody, 'id'>): Promise<StoredSection> {
  await assertIconExists(tx, s.icon, BOOKLET.iconRequired);
  const translations = s.translations.map((t) => ({ lang: t.lang, title: t.title.trim(), html: sanitizeRichText(t.html) }));
  assertTexts(translations, await defaultLang(tx), [SECTION_TITLE, SECTION_CONTENT]);
  const { icon, phone, email, website, localisation, facebook, instagram } = s;
  return { icon, phone, email, website, localisation, facebook, instagram, translations };
}

/** A cover must be an uploaded image. */
export async function assertCover(tx: Tx, cover: string | null | undefined) {
  if (!cover) return;
  const file = await findFileMeta(tx, cover);
  if (!file || file.kind !== 'image') throw badRequest(CORE.fileFormat, { cover: CORE.fileFormat });
}

const namesOf = (list: { lang: string; name: string; category_name?: string; title?: string }[]): PageTranslation[] =>
  list.map((t) => ({ lang: t.lang, name: t.name, category_name: t.category_name ?? '', title: t.title ?? '' }));

/**
 * Read, change, save one page in a transaction, the page's row locked from the read to the write (two
 * sections added at once both stay); false for an unknown page or a change that does not apply.
 */
async function change(deps: Deps, id: string, edit: (tx: Tx, row: repo.PageRow) => Promise<Partial<repo.PageRow> | null>) {
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockPage(tx, id);
    if (!row) return false as const;
    const set = await edit(tx, row);
    if (!set) return false as const;
    return repo.toPage(tx, await repo.updatePage(tx, id, { ...set, editedTime: deps.now() }));
  });
}

/** A standalone page, or the page of a category of type page that has none yet. */
export async function insertPage(deps: Deps, body: ParsedBody<typeof calls.insert>) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    if (body.category) {
      const cat = await findCategory(tx, body.category);
      if (!cat || cat.type !== 'page' || (await repo.findPageByCategory(tx, cat.id))) return false as const;
    }
    await assertCover(tx, body.cover);
    const sections = [];
    for (const s of body.sections) sections.push(await toStoredSection(tx, s));
    const now = deps.now();
    const row = await repo.insertPage(tx, {
      id: newId(),
      categoryId: body.category ?? null,
      cover: body.cover ?? null,
      sections,
      service: null,
      link: null,
      translations: namesOf(body.translations),
      createdTime: now,
      editedTime: now,
    });
    return repo.toPage(tx, row);
  });
}

export const insertSection = (deps: Deps, body: SectionBody) =>
  change(deps, body.id, async (tx, row) => ({ sections: [...row.sections, await toStoredSection(tx, body)] }));

export const updateSection = (deps: Deps, body: ParsedBody<typeof calls.updateSection>) =>
  change(deps, body.id, async (tx, row) => {
    if (body.key >= row.sections.length) return null;
    const sections = [...row.sections];
    sections[body.key] = await toStoredSection(tx, body);
    return { sections };
  });

/** The copy goes right after its original; the keys after it shift by one. */
export const duplicateSection = (deps: Deps, id: string, key: number) =>
  change(deps, id, async (_tx, row) => {
    if (key >= row.sections.length) return null;
    const sections = [...row.sections];
    sections.splice(key + 1, 0, structuredClone(row.sections[key]));
    return { sections };
  });

export const orderSections = (deps: Deps, id: string, keys: number[]) =>
  change(deps, id, async (_tx, row) => {
    const sections = permute(row.sections, keys);
    return sections ? { sections } : null;
  });

export const deleteSection = (deps: Deps, id: string, key: number) =>
  change(deps, id, async (_tx, row) => (key < row.sections.length ? { sections: row.sections.filter((_, i) => i !== key) } : null));

export const updateCover = (deps: Deps, id: string, cover: string | null) =>
  change(deps, id, async (tx) => {
    await assertCover(tx, cover);
    return { cover };
  });

/** New names; the service-button titles and category names are kept unless sent. */
export const updateName = (deps: Deps, body: ParsedBody<typeof calls.updateName>) =>
  change(deps, body.id, async (_tx, row) => ({
    translations: body.translations.map((t) => {
      const old = row.translations.find((x) => x.lang === t.lang);
      return { lang: t.lang, name: t.name, category_name: t.category_name ?? old?.category_name ?? '', title: t.title ?? old?.title ?? '' };
    }),
  }));

/** The service button: a service or an external link (premium), titled in each language. */
export const updateService = (deps: Deps, body: ParsedBody<typeof calls.updateService>) =>
  change(deps, body.id, async (tx, row) => {
    assertTexts(body.translations, await defaultLang(tx), [SERVICE_TITLE]);
    if (body.service) await assertServiceExists(tx, body.service);
    const titles = new Map<string, string>(body.translations.map((t) => [t.lang, t.title]));
    const langs = new Set([...row.translations.map((t) => t.lang), ...titles.keys()]);
    const translations = [...langs].map((lang) => {
      const old = row.translations.find((t) => t.lang === lang);
      return { lang, name: old?.name ?? '', category_name: old?.category_name ?? '', title: titles.get(lang) ?? '' };
    });
    return { service: body.service || null, link: body.service ? null : (body.link ?? null), translations };
  });

export const deleteService = (deps: Deps, id: string) =>
  change(deps, id, async (_tx, row) => ({ service: null, link: null, translations: row.translations.map((t) => ({ ...t, title: '' })) }));

/** The page, and the sub-category that opened it if any (its list's keys renumbered); the caller holds the booklet lock. */
async function removePage(tx: Tx, id: string, now: number) {
  for (const list of await lists.listsWithPage(tx, id)) {
    await lists.updateList(tx, list.id, { elements: list.elements.filter((e) => e.page !== id), editedTime: now });
  }
  await repo.deletePages(tx, [id]);
  return true as const;
}

export async function deletePage(deps: Deps, id: string) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    return (await repo.findPage(tx, id)) ? removePage(tx, id, deps.now()) : (false as const);
  });
}

export async function deletePageOfCategory(deps: Deps, categoryId: string) {
  return deps.db.transaction(async (tx) => {
    await lockScope(tx, 'booklet');
    const page = await repo.findPageByCategory(tx, categoryId);
    return page ? removePage(tx, page.id, deps.now()) : (false as const);
  });
}
