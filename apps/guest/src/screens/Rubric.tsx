import { useT } from '../lib/context';
import { MaskIcon } from '../components/Icon';
import { Link } from '../components/Link';
import { Pending, useCanonical } from '../components/Screen';
import { categoriesOf, categoryRoute, findGroup, rubricRoute } from '../lib/booklet';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { useGet } from '../lib/fetch-cache';
import { useVisit } from '../lib/visits';

/** A rubric: its categories in their order. */
export default function Rubric({ slug }: { slug: string }) {
  const { tr, to, lang, config, w } = useT();
  const groups = useGet(guestCalls.groups.list);
  const categories = useGet(guestCalls.categories.list);
  const group = findGroup(groups.data, slug);
  useVisit('rubric', group?._id ?? null);
  useCanonical(group ? to(rubricRoute(group, lang, config.lang_default)) : null);
  const list = group ? categoriesOf(categories.data, group) : [];
  return (
    <Pending loading={groups.loading || categories.loading} error={groups.error ?? categories.error} retry={groups.retry} missing={!group}>
      {group && (
        <article className="screen">
          <header className="screen-head">
            <MaskIcon file={group.prev} className="icon screen-icon" />
            <h1 className="screen-title">{tr(group.translations, 'name')}</h1>
          </header>
          {list.length ? (
            <ul className="cards">
              {list.map((c) => {
                const route = categoryRoute(c, groups.data, lang, config.lang_default);
                return (
                  route && (
                    <li key={c._id}>
                      <Link href={to(route)} className="card">
                        <MaskIcon file={c.prev} className="icon card-icon" />
                        <span className="card-text">
                          <span className="card-title">{tr(c.translations, 'name')}</span>
                        </span>
                        <svg className="chevron" viewBox="0 0 24 24" aria-hidden="true">
                          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                        </svg>
                      </Link>
                    </li>
                  )
                );
              })}
            </ul>
          ) : (
            <p className="muted pad">{w('empty')}</p>
          )}
        </article>
      )}
    </Pending>
  );
}
