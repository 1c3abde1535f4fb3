import type { Deps } from '../../http/deps';
import * as repo from './services.repository';

// What the guest app reads of the services (premium: the contract's plan answers [] or false without it).

export async function guestList(deps: Deps) {
  return (await repo.listServices(deps.db)).map(({ id, name, cover, type, paymentLink, translations, comment }) => ({
    _id: id,
    name,
    cover,
    type,
    payment_link: paymentLink,
    translations,
    comment,
  }));
}

/** A service (or a benefit's) with its benefits (prestation) or its products (vente); false when unknown. */
export async function guestFind(deps: Deps, by: { id?: string; benefit?: string }) {
  const id = by.id ?? (by.benefit ? (await repo.findBenefit(deps.db, by.benefit))?.service : undefined);
  const row = id ? await repo.findService(deps.db, id) : undefined;
  if (!row) return false as const;
  const [benefits, products] = await Promise.all([
    row.type === 'prestation' ? repo.listBenefits(deps.db, row.id) : [],
    row.type === 'vente' ? repo.listProducts(deps.db, row.id) : [],
  ]);
  const s = repo.toService(row);
  return {
    service: { _id: s._id, name: s.name, cover: s.cover, type: s.type, payment_link: s.payment_link, translations: s.translations, comment: s.comment },
    benefits: benefits.map(repo.toBenefit),
    products: products.map(repo.toProduct),
  };
}
