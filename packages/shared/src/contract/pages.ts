import { z } from 'zod';
import { isUrl, normalizeSectionLinks, SECTION_LINK_FIELDS, validateSectionLinks } from '../domain/section-fields';
import { BOOKLET } from '../messages/booklet';
import { titleRequired } from '../messages/core';
import { call, orFalse, staff } from './call';
import { deleteAnswer, id, idBody, missing, queryFlag } from './common';
import { translationsSchema, type TextRule } from './translations';

export const SECTION_TITLE: TextRule = { field: 'title', max: 60, required: titleRequired };
export const SECTION_CONTENT: TextRule = { field: 'html', required: BOOKLET.contentRequired };
export const SERVICE_TITLE: TextRule = { field: 'title', max: 40, required: titleRequired };
export const MAX_HTML = 200_000;

const link = z.string().max(500).nullable().optional();
export const sectionLinks = { phone: link, email: link, website: link, localisation: link, facebook: link, instagram: link };

export const sectionDoc = z.object({
  /** its index in the page's sections */
  key: z.number(),
  icon: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  localisation: z.string(),
  facebook: z.string(),
  instagram: z.string(),
  order: z.number(),
  translations: z.array(z.object({ lang: z.string(), title: z.string(), html: z.string() })),
  prev: z.string().nullable(),
});
export type Section = z.infer<typeof sectionDoc>;

export const pageTranslation = z.object({
  lang: z.string(),
  name: z.string(),
  category_name: z.string(),
  /** the title of the page's service button */
  title: z.string(),
});
export const pageDoc = z.object({
  _id: z.string(),
  category: z.string().nullable(),
  cover: z.string().nullable(),
  sections: z.array(sectionDoc),
  /** the service button: a service _id, or an external link */
  service: z.string().nullable(),
  link: z.string().nullable(),
  translations: z.array(pageTranslation),
});
export type Page = z.infer<typeof pageDoc>;

/**
 * A section as sent (001 §5): icon, translated title (60) and content, and the optional contact links,
 * checked then normalised as saved (phone without separators, website with https://).
 */
export const sectionFields = {
  icon: z.string(missing(BOOKLET.iconRequired)).min(1, BOOKLET.iconRequired).max(64),
  ...sectionLinks,
  translations: translationsSchema({ title: z.string().max(500), html: z.string().max(MAX_HTML) }, [SECTION_TITLE]),
};
type SectionShape = { [K in keyof typeof sectionLinks]?: string | null };
export function checkedSection<S extends z.ZodRawShape>(extra: S) {
  return z
    .object({ ...extra, ...sectionFields })
    .superRefine((v, ctx) => {
      for (const [field, message] of Object.entries(validateSectionLinks(v as SectionShape))) ctx.addIssue({ code: 'custom', path: [field], message });
    })
    .transform((v) => {
      const out = normalizeSectionLinks(v as typeof v & SectionShape);
      for (const f of SECTION_LINK_FIELDS) (out as SectionShape)[f] = (out as SectionShape)[f] ?? '';
      return out as typeof v & Record<(typeof SECTION_LINK_FIELDS)[number], string>;
    });
}
export const sectionInput = checkedSection({});
export const sectionInsert = checkedSection({ id });
export const sectionUpdate = checkedSection({ id, key: z.number().int().min(0) });

const nameTranslations = translationsSchema(
  { name: z.string().max(200).transform((s) => s.trim()), category_name: z.string().max(200).optional(), title: z.string().max(200).optional() },
  [],
);

export const pageInsert = z.object({
  category: id.nullable().optional(),
  cover: id.nullable().optional(),
  sections: z.array(sectionInput).max(100).default([]),
  translations: nameTranslations,
});

/** The service button (premium): exactly one of a service or an external link, and its title. */
export const serviceButton = z
  .object({
    id,
    service: z.string().max(64).nullable().optional(),
    link: z.string().trim().max(500).nullable().optional(),
    translations: translationsSchema({ title: z.string().max(200).transform((s) => s.trim()) }, [{ field: 'title', max: 40 }]),
  })
  .superRefine((v, ctx) => {
    const hasService = !!v.service;
    const hasLink = !!v.link;
    if (!hasService && !hasLink) ctx.addIssue({ code: 'custom', path: ['link'], message: BOOKLET.serviceOrLink });
    else if (hasService && hasLink) ctx.addIssue({ code: 'custom', path: ['link'], message: BOOKLET.serviceXorLink });
    else if (hasLink && !isUrl(v.link!)) ctx.addIssue({ code: 'custom', path: ['link'], message: BOOKLET.linkInvalid });
  });

const pageAnswer = orFalse(pageDoc);
const rubrics = staff('rubrics');

export const pages = {
  find: call('GET', 'webapp/pages/find', { access: 'public', query: z.object({ id }), answer: pageAnswer, summary: 'Reads one page' }),
  findByCategory: call('GET', 'webapp/pages/find-by-category', { access: 'public', query: z.object({ category: id }), answer: pageAnswer, summary: 'Reads the page of a category' }),
  list: call('GET', 'webapp/pages/list', {
    access: 'public',
    query: z.object({
      nocover: queryFlag,
      nosections: queryFlag,
      limit: z.coerce.number().int().min(1).max(1000).optional(),
      page: z.coerce.number().int().min(1).max(100_000).optional(),
    }),
    answer: z.array(pageDoc),
    summary: 'All pages in creation order; nocover and nosections leave out the cover and the sections; limit (ours) answers a page of that many (page 1 first)',
  }),
  insert: call('POST', 'webapp/pages/insert', {
    ...rubrics,
    body: pageInsert,
    answer: pageAnswer,
    summary: 'false when the category is unknown, not of type page, or already has its page',
  }),
  insertSection: call('POST', 'webapp/pages/insert-section', { ...rubrics, body: sectionInsert, answer: pageAnswer, summary: 'Adds a section to a page' }),
  updateSection: call('POST', 'webapp/pages/update-section', { ...rubrics, body: sectionUpdate, answer: pageAnswer, summary: 'Updates one section of a page' }),
  duplicateSection: call('POST', 'webapp/pages/update-duplicate-section', {
    ...rubrics,
    body: z.object({ id, key: z.number().int().min(0) }),
    answer: pageAnswer,
    summary: 'Inserts a copy right after the section',
  }),
  orderSections: call('POST', 'webapp/pages/order-sections', {
    ...rubrics,
    body: z.object({ id, sections: z.array(z.looseObject({ key: z.number().int().min(0) })).max(100) }),
    answer: pageAnswer,
    summary: 'The sections (by their current key) in their new order, all of them',
  }),
  updateCover: call('POST', 'webapp/pages/update-cover', { ...rubrics, body: z.object({ id, cover: id.nullable() }), answer: pageAnswer, summary: "Sets or removes a page's cover image" }),
  updateName: call('POST', 'webapp/pages/update-name', { ...rubrics, body: z.object({ id, translations: nameTranslations }), answer: pageAnswer, summary: 'Renames a page (its translations)' }),
  updateService: call('POST', 'webapp/pages/update-service', { ...rubrics, plan: 'premium', body: serviceButton, answer: pageAnswer, summary: "Sets a page's service button (premium)" }),
  deleteService: call('POST', 'webapp/pages/delete-service', { ...rubrics, plan: 'premium', body: idBody, answer: pageAnswer, summary: "Removes a page's service button (premium)" }),
  deleteSection: call('POST', 'webapp/pages/delete-section', { ...rubrics, body: z.object({ id, key: z.number().int().min(0) }), answer: pageAnswer, summary: 'Deletes one section of a page' }),
  delete: call('POST', 'webapp/pages/delete', {
    ...rubrics,
    body: idBody,
    answer: deleteAnswer,
    summary: 'Also removes the sub-category that opened it',
  }),
  deleteByCategory: call('POST', 'webapp/pages/delete-by-category', {
    ...rubrics,
    body: z.object({ category: id }),
    answer: deleteAnswer,
    summary: 'Deletes the page of a category',
  }),
};
