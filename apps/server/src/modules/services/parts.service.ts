import type { DashboardUser, ParsedBody } from '@campsite/shared';
import { DESCRIPTION, QUESTION_TITLE, SERVICE_LOCATION, SUBTITLE, SERVICES, textErrors, serviceBenefits, serviceProducts, serviceWorkers } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { newId } from '../../lib/ids';
import { checkRevision } from '../../http/revision';
import * as repo from './services.repository';
import { defaultLang, refuse, safeHtml } from './services.service';

// The parts of a service (001 §3, §5): benefits and workers of a prestation, products of a vente.

type BenefitBody = ParsedBody<typeof serviceBenefits.insert>;
type WorkerBody = ParsedBody<typeof serviceWorkers.insert>;
type ProductBody = ParsedBody<typeof serviceProducts.insert>;

/** The service a part is saved under, locked (a type change waits), and of the type the part needs. */
async function ownerOf(tx: Tx, id: string, type: 'prestation' | 'vente') {
  const service = await repo.findService(tx, id, true);
  if (service && service.type !== type) refuse({ service: type === 'vente' ? SERVICES.notVente : SERVICES.notPrestation });
  return service;
}

// ---------------------------------------------------------------- benefits

async function checkBenefit(tx: Tx, body: BenefitBody) {
  const lang = await defaultLang(tx);
  const issues = textErrors(body.translations, lang, [SUBTITLE, DESCRIPTION, SERVICE_LOCATION]);
  body.questions.forEach((q, i) => Object.assign(issues, textErrors(q.translations, lang, [QUESTION_TITLE], `questions.${i}.`)));
  refuse(issues);
}

const benefitFields = (body: BenefitBody, user: DashboardUser) => ({
  icon: body.icon,
  showPrice: body.show_price,
  price: repo.cents(body.price),
  durationHour: body.duration_hour,
  durationMinute: body.duration_minute,
  intervalHour: body.interval_hour,
  intervalMinute: body.interval_minute,
  confirmation: body.confirmation,
  simultaneous: body.simultaneous,
  clientNumber: body.client_number,
  identity: body.identity,
  age: body.age,
  phone: body.phone,
  openDates: body.open_dates,
  openHours: body.open_hours,
  questions: body.questions.map((q) => ({ type: q.type, mandatory: q.mandatory, translations: q.translations })),
  translations: body.translations.map((t) => ({ lang: t.lang, subtitle: t.subtitle, description: safeHtml(t.description), comment: safeHtml(t.comment), location: t.location })),
  userId: user._id,
});

export async function insertBenefit(deps: Deps, user: DashboardUser, body: BenefitBody) {
  return deps.db.transaction(async (tx) => {
    if (!(await ownerOf(tx, body.service, 'prestation'))) return false as const;
    await checkBenefit(tx, body);
    const now = deps.now();
    return repo.toBenefit(await repo.insertBenefit(tx, { id: newId(), service: body.service, ...benefitFields(body, user), createdTime: now, editedTime: now }));
  });
}

export async function updateBenefit(deps: Deps, user: DashboardUser, body: ParsedBody<typeof serviceBenefits.update>) {
  return deps.db.transaction(async (tx) => {
    const current = await repo.findBenefit(tx, body._id, true);
    if (!current) return false as const;
    checkRevision(body.revision, current.revision);
    await checkBenefit(tx, body);
    return repo.toBenefit(await repo.updateBenefit(tx, body._id, { ...benefitFields(body, user), editedTime: deps.now(), revision: current.revision + 1 }));
  });
}

export const deleteBenefit = (deps: Deps, id: string) => deps.db.transaction(async (tx) => (await repo.deleteBenefits(tx, { id })) > 0 || (false as const));

export const deleteBenefitsOf = (deps: Deps, service: string) =>
  deps.db.transaction(async (tx) => {
    await repo.deleteBenefits(tx, { service });
    return true as const;
  });

// ---------------------------------------------------------------- workers

/** Each chosen benefit is one of the service's, once; never more than it has (001 §5). */
async function checkWorker(tx: Tx, body: WorkerBody) {
  const offered = new Set((await repo.listBenefits(tx, body.service)).map((b) => b.id));
  const issues: Record<string, string> = {};
  body.services.forEach((b, i) => {
    if (!offered.has(b)) issues[`services.${i}`] = SERVICES.benefitOfOtherService;
  });
  if (body.services.length > offered.size) issues.services = SERVICES.tooManyBenefits;
  refuse(issues);
}

const workerFields = (body: WorkerBody, user: DashboardUser) => ({
  firstname: body.firstname,
  lastname: body.lastname,
  workingDates: body.working_dates,
  workingHours: body.working_hours,
  benefits: [...new Set(body.services)],
  userId: user._id,
});

export async function insertWorker(deps: Deps, user: DashboardUser, body: WorkerBody) {
  return deps.db.transaction(async (tx) => {
    if (!(await ownerOf(tx, body.service, 'prestation'))) return false as const;
    await checkWorker(tx, body);
    const now = deps.now();
    return repo.toWorker(await repo.insertWorker(tx, { id: newId(), service: body.service, ...workerFields(body, user), createdTime: now, editedTime: now }));
  });
}

export async function updateWorker(deps: Deps, user: DashboardUser, body: ParsedBody<typeof serviceWorkers.update>) {
  return deps.db.transaction(async (tx) => {
    const current = await repo.findWorker(tx, body._id, true);
    if (!current) return false as const;
    checkRevision(body.revision, current.revision);
    await checkWorker(tx, { ...body, service: current.service });
    return repo.toWorker(await repo.updateWorker(tx, body._id, { ...workerFields(body, user), editedTime: deps.now(), revision: current.revision + 1 }));
  });
}

export const deleteWorker = (deps: Deps, id: string) => deps.db.transaction(async (tx) => (await repo.deleteWorkers(tx, { id })) > 0 || (false as const));

export const deleteWorkersOf = (deps: Deps, service: string) =>
  deps.db.transaction(async (tx) => {
    await repo.deleteWorkers(tx, { service });
    return true as const;
  });

// ---------------------------------------------------------------- products

const productFields = (body: ProductBody, user: DashboardUser) => ({
  icon: body.icon,
  price: repo.cents(body.price),
  stock: body.stock,
  // the per-order ceiling (issue 29): left out, the stored value stays (the column's default for a new product)
  ...(body.order_max === undefined ? {} : { orderMax: body.order_max }),
  translations: body.translations.map((t) => ({ lang: t.lang, subtitle: t.subtitle, description: safeHtml(t.description) })),
  userId: user._id,
});

async function checkProduct(tx: Tx, body: ProductBody) {
  refuse(textErrors(body.translations, await defaultLang(tx), [SUBTITLE, DESCRIPTION]));
}

export async function insertProduct(deps: Deps, user: DashboardUser, body: ProductBody) {
  return deps.db.transaction(async (tx) => {
    if (!(await ownerOf(tx, body.service, 'vente'))) return false as const;
    await checkProduct(tx, body);
    const now = deps.now();
    return repo.toProduct(await repo.insertProduct(tx, { id: newId(), service: body.service, ...productFields(body, user), createdTime: now, editedTime: now }));
  });
}

export async function updateProduct(deps: Deps, user: DashboardUser, body: ParsedBody<typeof serviceProducts.update>) {
  return deps.db.transaction(async (tx) => {
    const current = await repo.findProduct(tx, body._id, true);
    if (!current) return false as const;
    checkRevision(body.revision, current.revision);
    await checkProduct(tx, body);
    return repo.toProduct(await repo.updateProduct(tx, body._id, { ...productFields(body, user), editedTime: deps.now(), revision: current.revision + 1 }));
  });
}

export const deleteProduct = (deps: Deps, id: string) => deps.db.transaction(async (tx) => (await repo.deleteProducts(tx, { id })) > 0 || (false as const));
