import { pickTranslation } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { useGroups, useLists, usePages } from './api/appearance-queries';

export interface Option {
  value: string;
  label: string;
}

/** What a module or a menu entry may point at, named in the default language. */
export function useTargets(): { group: Option[]; page: Option[]; list: Option[] } {
  const { defaultLang } = useSession();
  const groups = useGroups().data ?? [];
  const pages = usePages().data ?? [];
  const lists = useLists().data ?? [];
  const name = (translations: { lang: string; name: string }[]) => pickTranslation(translations, defaultLang, defaultLang, 'name') || 'Sans nom';
  const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label, 'fr');
  return {
    group: groups.map((g) => ({ value: g._id, label: name(g.translations) })).sort(byLabel),
    // a sub-category's page has no category of its own
    page: pages.map((p) => ({ value: p._id, label: p.category ? name(p.translations) : `${name(p.translations)} (sous-catégorie)` })).sort(byLabel),
    list: lists.map((l) => ({ value: l._id, label: name(l.translations) })).sort(byLabel),
  };
}
