import type { HomeModule, ModuleType, ModuleValues, ParsedBody } from '@campsite/shared';
import { APPEARANCE, moduleTextErrors, modules as calls } from '@campsite/shared';
import type { Db, Tx } from '../../db/client';
import { badRequest } from '../../http/errors';
import { lockScope } from '../../db/locks';
import { newId } from '../../lib/ids';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import * as repo from './home-modules.repository';

type Input = ParsedBody<typeof calls.insert>;

/** Titles and subtitles against the default language (000 §5): a 400 naming each field. */
async function checkTexts(tx: Tx, body: Input) {
  const { lang_default } = await getGlobalSettings(tx);
  const errors = moduleTextErrors(body.translations, body.type, lang_default);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

/** What the module points at must exist; a page module may name its page or its category. */
async function resolveValues(tx: Tx, type: ModuleType, values: ModuleValues): Promise<ModuleValues> {
  if (type === 'group') {
    if (!values.group || !(await repo.groupExists(tx, values.group))) throw badRequest(APPEARANCE.moduleGroupRequired, { 'values.group': APPEARANCE.moduleGroupRequired });
    return { group: values.group };
  }
  if (type === 'page') {
    const page = values.page ? await repo.pageById(tx, values.page) : values.category ? await repo.pageByCategory(tx, values.category) : null;
    if (!page) throw badRequest(APPEARANCE.modulePageRequired, { 'values.page': APPEARANCE.modulePageRequired });
    return { page: page.id, category: page.category };
  }
  if (type === 'list') {
    const list = values.list ? await repo.listById(tx, values.list) : null;
    if (!list) throw badRequest(APPEARANCE.moduleListRequired, { 'values.list': APPEARANCE.moduleListRequired });
    return { list: list.id, category: list.category };
  }
  return {};
}

export async function createModule(db: Db, body: Input, now: number): Promise<HomeModule> {
  return db.transaction(async (tx) => {
    await lockScope(tx, 'modules');
    await checkTexts(tx, body);
    const values = await resolveValues(tx, body.type, body.values);
    // the next free order, unless the one asked for is free
    const order = body.order && !(await repo.orderTaken(tx, body.order)) ? body.order : await repo.nextOrder(tx);
    const id = newId();
    await repo.insertModule(tx, { id, name: body.name, type: body.type, order, values, translations: body.translations, createdTime: now, editedTime: now });
    return { _id: id, name: body.name, type: body.type, order, values, translations: body.translations };
  });
}

export async function updateModule(db: Db, { id, ...body }: ParsedBody<typeof calls.update>, now: number): Promise<HomeModule | false> {
  return db.transaction(async (tx) => {
    await lockScope(tx, 'modules');
    const current = await repo.findModule(tx, id);
    if (!current) return false;
    await checkTexts(tx, body);
    const values = await resolveValues(tx, body.type, body.values);
    // orders change through modules/order; an update keeps its place unless it asks for a free one
    const order = body.order && !(await repo.orderTaken(tx, body.order, id)) ? body.order : current.order;
    const saved = await repo.updateModule(tx, id, { name: body.name, type: body.type, order, values, translations: body.translations, editedTime: now });
    return saved ?? false;
  });
}

/** The whole list in its new order: every module once, else false (a stale list changes nothing). */
export async function orderModules(db: Db, posted: { _id: string }[]): Promise<HomeModule[] | false> {
  return db.transaction(async (tx) => {
    await lockScope(tx, 'modules');
    const ids = posted.map((m) => m._id);
    const current = new Set(await repo.moduleIds(tx));
    if (new Set(ids).size !== ids.length || ids.length !== current.size || ids.some((id) => !current.has(id))) return false;
    await repo.renumber(tx, ids);
    return repo.listModules(tx);
  });
}

export async function deleteModule(db: Db, id: string): Promise<true | false> {
  return db.transaction(async (tx) => {
    await lockScope(tx, 'modules');
    if (!(await repo.deleteModule(tx, id))) return false;
    // no gap is left in the orders, so the next free order stays the count plus one
    await repo.renumber(tx, await repo.moduleIds(tx));
    return true;
  });
}
