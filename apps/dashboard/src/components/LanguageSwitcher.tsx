import { SegmentedControl } from '@mantine/core';
import type { Lang } from '@campsite/shared';
import { useSession } from '../app/session';

/** The enabled languages of the establishment, default first; a dot marks languages with an error. */
export function LanguageSwitcher({ value, onChange, withErrors = [] }: { value: Lang; onChange(l: Lang): void; withErrors?: Lang[] }) {
  const { langs, defaultLang } = useSession();
  const ordered = [defaultLang, ...langs.filter((l) => l !== defaultLang)];
  if (ordered.length < 2) return null;
  return (
    <SegmentedControl
      aria-label="Langue du contenu"
      value={value}
      onChange={(v) => onChange(v as Lang)}
      data={ordered.map((l) => ({ value: l, label: `${l.toUpperCase()}${withErrors.includes(l) ? ' •' : ''}` }))}
    />
  );
}
