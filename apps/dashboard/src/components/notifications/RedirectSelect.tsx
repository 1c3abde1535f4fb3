import { Select } from '@mantine/core';
import { pickTranslation, type Lang } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { useRedirectTargets } from './queries';

/** 002 §3 'Redirect' as the JSON text the calls take; home when nothing is chosen (002 §9). */
export const HOME = JSON.stringify({ type: 'home' });

const name = (translations: readonly { lang: string; name: string }[], lang: Lang) => pickTranslation(translations as { lang: string; name: string }[], lang, lang, 'name') || '—';

/** The target page selector (002 §2): the home, the animations, the members' space, a category or a page of the booklet. */
export function RedirectSelect({ value, onChange, error }: { value: string; onChange(v: string): void; error?: string }) {
  const { defaultLang } = useSession();
  const targets = useRedirectTargets();
  const data = [
    {
      group: "Pages de l'application",
      items: [
        // not 'Accueil': the booklet's reception category is often called so, and the list showed it twice (issue 32)
        { value: HOME, label: "Page d'accueil" },
        { value: JSON.stringify({ type: 'animations' }), label: 'Animations' },
        { value: JSON.stringify({ type: 'membres' }), label: 'Espace membres' },
      ],
    },
    { group: 'Catégories', items: (targets.categories ?? []).map((c) => ({ value: JSON.stringify({ type: 'category', id: c._id }), label: name(c.translations, defaultLang) })) },
    // a category's own page is offered as its category
    { group: 'Pages', items: (targets.pages ?? []).filter((p) => p.category === null).map((p) => ({ value: JSON.stringify({ type: 'page', id: p._id }), label: name(p.translations, defaultLang) })) },
  ].filter((g) => g.items.length > 0);
  // a stored redirect written another way ('{"id":…,"type":…}') is shown as its option
  const known = data.flatMap((g) => g.items).find((o) => sameRedirect(o.value, value));
  return (
    <Select
      label="Page de destination"
      description="La page que la notification ouvre quand on la touche"
      data={data}
      value={known?.value ?? HOME}
      onChange={(v) => onChange(v ?? HOME)}
      allowDeselect={false}
      searchable
      error={error}
      data-path="redirect"
      nothingFoundMessage="Aucune page"
    />
  );
}

function sameRedirect(a: string, b: string) {
  try {
    const x = JSON.parse(a) as { type?: string; id?: string };
    const y = JSON.parse(b || HOME) as { type?: string; id?: string };
    return x.type === y.type && (x.id ?? null) === (y.id ?? null);
  } catch {
    return false;
  }
}
