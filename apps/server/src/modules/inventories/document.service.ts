import type { Count, CountedCategory, InventoryDoc, InventoryType } from '@campsite/shared';
import { centsToEuros, formatEuros, inventoryStatus, isCounted, pricedDifference, reportedObjects } from '@campsite/shared';
import type { Actor, StoredCategory } from '../../db/schema';
import type { CommentRow, InventoryRow, PictureRow, StayRow, ValueRow } from './inventories.repository';

/** The name in the reader's language, else English, else the default language, else the first there is. */
export function nameIn(names: readonly { lang: string; name: string }[], lang: string, defaultLang: string): string {
  for (const l of [lang, 'en', defaultLang]) {
    const hit = names.find((t) => t.lang === l && t.name.trim());
    if (hit) return hit.name;
  }
  return names.find((t) => t.name.trim())?.name ?? '';
}

const countOf = (v: ValueRow | undefined): Count => (!v || v.notCounted ? 'NC' : v.count);

/** The setup with the values counted: what the status, the warning list and the difference read. */
export function counted(setup: StoredCategory[], values: Map<string, ValueRow>, arrival: Map<string, ValueRow> | null, lang = 'fr', def = 'fr'): CountedCategory[] {
  return setup.map((c) => ({
    objects: c.objects.map((o) => ({
      _id: o._id,
      name: nameIn(o.translations, lang, def),
      quantity: o.quantity,
      price: o.price,
      count: countOf(values.get(o._id)),
      client_count: arrival ? countOf(arrival.get(o._id)) : null,
    })),
    reviews: c.reviews.map((r) => ({ condition: values.get(r._id)?.condition ?? null, cleanliness: values.get(r._id)?.cleanliness ?? null })),
  }));
}

export const statusOf = (type: InventoryType, setup: StoredCategory[], values: Map<string, ValueRow>, arrival: Map<string, ValueRow> | null) =>
  inventoryStatus(type, counted(setup, values, arrival));

export interface DocParts {
  /** null: not saved yet */
  row: InventoryRow | null;
  type: InventoryType;
  setup: StoredCategory[];
  accommodation: { _id: string; name: string } | null;
  stay: StayRow;
  values: Map<string, ValueRow>;
  /** the arrival's values, for a departure */
  arrival: Map<string, ValueRow> | null;
  pictures: PictureRow[];
  comments: CommentRow[];
  lang: string;
  defaultLang: string;
  pictureUrl: (p: PictureRow, thumb: boolean) => string;
}

export function inventoryDoc(p: DocParts): InventoryDoc {
  const { row, setup, values, lang, defaultLang } = p;
  const cats = counted(setup, values, p.arrival, lang, defaultLang);
  // against the arrival counts when there is an arrival inventory, else against the expected quantities
  // (issue 32: a departure alone once read 'aucun manque' beside 'Poêle : 0 / 1' and let the deposit go)
  const difference = p.type === 'departure' ? pricedDifference(cats) : null;
  return {
    _id: row?.id ?? null,
    type: p.type,
    stay_number: p.stay.stayNumber,
    client_number: p.stay.clientNumber,
    client: {
      firstname: p.stay.firstname,
      lastname: p.stay.lastname,
      email1: p.stay.email1,
      email2: p.stay.email2,
      client_number: p.stay.clientNumber,
    },
    stay: { arrival: p.stay.arrival, departure: p.stay.departure, location: p.stay.location, location_category: p.stay.locationCategory },
    accommodation: p.accommodation,
    deposit_date: row?.updateTime ?? null,
    status: inventoryStatus(p.type, cats),
    create_user: row?.createUser ?? null,
    update_user: row?.updateUser ?? null,
    create_time: row?.createTime ?? null,
    update_time: row?.updateTime ?? null,
    inventory: setup.map((c, ci) => ({
      _id: c._id,
      name: nameIn(c.translations, lang, defaultLang),
      translations: c.translations,
      objects: c.objects.map((o, oi) => {
        const k = cats[ci].objects[oi];
        return {
          _id: o._id,
          name: k.name,
          translations: o.translations,
          quantity: o.quantity,
          price: o.price ? centsToEuros(o.price) : null,
          count: k.count,
          checked: isCounted(k.count) && k.count === o.quantity,
          client_count: k.client_count ?? null,
        };
      }),
      reviews: c.reviews.map((r, ri) => ({ _id: r._id, name: nameIn(r.translations, lang, defaultLang), translations: r.translations, ...cats[ci].reviews[ri] })),
    })),
    pictures: p.pictures.map((x) => ({
      _id: x.id,
      name: x.name,
      cover: x.cover,
      user: x.userRef as Actor | null,
      created_time: x.createdTime,
      url: p.pictureUrl(x, false),
      thumb: p.pictureUrl(x, true),
    })),
    comment: p.comments.map((c) => ({ _id: c.id, user: c.userRef as Actor | null, comment: c.comment, timestamp: c.time })),
    reported: reportedObjects(cats),
    difference: difference && {
      lines: difference.lines.map((l) => ({ ...l, price: centsToEuros(l.price), amount: centsToEuros(l.amount) })),
      total: centsToEuros(difference.total),
      total_text: formatEuros(difference.total),
    },
    confirmed: row?.confirmedTime ? { user: row.confirmedUser as Actor | null, time: row.confirmedTime } : null,
  };
}
