import type { Group } from '@campsite/shared/contract/groups';
import { useT } from '../../lib/context';
import { MaskIcon } from '../../components/Icon';
import { Link } from '../../components/Link';
import { rubricRoute } from '../../lib/booklet';

/** A rubric of the booklet as a square tile: its icon and its name (or the module's title). */
export function RubricTile({ group, title }: { group: Group; title?: string }) {
  const { tr, to, lang, config } = useT();
  return (
    <Link href={to(rubricRoute(group, lang, config.lang_default))} className="tile">
      <MaskIcon file={group.prev} className="icon tile-icon" />
      <span className="tile-name">{title || tr(group.translations, 'name')}</span>
    </Link>
  );
}

/** A page or list of the booklet as a wide card with a title and a subtitle. */
export function ContentCard({ href, title, subtitle }: { href: string; title: string; subtitle?: string }) {
  return (
    <Link href={href} className="card">
      <span className="card-text">
        <span className="card-title">{title}</span>
        {subtitle && <span className="card-sub">{subtitle}</span>}
      </span>
      <svg className="chevron" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </Link>
  );
}

export function RubricGrid({ groups, titles }: { groups: Group[]; titles?: string[] }) {
  if (!groups.length) return null;
  return (
    <ul className="tiles">
      {groups.map((g, i) => (
        <li key={g._id}>
          <RubricTile group={g} title={titles?.[i]} />
        </li>
      ))}
    </ul>
  );
}
