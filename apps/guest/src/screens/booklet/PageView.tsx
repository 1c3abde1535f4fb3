import type { Page, Section } from '@campsite/shared/contract/pages';
import { useT } from '../../lib/context';
import { MaskIcon } from '../../components/Icon';
import { Img } from '../../components/Img';
import { Html } from '../../components/Screen';
import { Link } from '../../components/Link';
import type { Word } from '../../lib/dict';

type LinkField = 'phone' | 'email' | 'website' | 'localisation' | 'facebook' | 'instagram';
const ACTIONS: { field: LinkField; word: Word; href: (v: string) => string; external: boolean }[] = [
  { field: 'phone', word: 'call', href: (v) => `tel:${v.replace(/[^\d+]/g, '')}`, external: false },
  { field: 'email', word: 'email', href: (v) => `mailto:${v}`, external: false },
  { field: 'website', word: 'website', href: (v) => v, external: true },
  { field: 'localisation', word: 'map', href: (v) => v, external: true },
  { field: 'facebook', word: 'facebook', href: (v) => v, external: true },
  { field: 'instagram', word: 'instagram', href: (v) => v, external: true },
];

const GLYPHS: Record<LinkField, string> = {
  phone: 'M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.57a1 1 0 01-.25 1z',
  email: 'M3 6h18v12H3zM3 6l9 7 9-7',
  website: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z',
  localisation: 'M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v2H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 01.5-.5z',
  instagram: 'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zM12 8.5a3.5 3.5 0 100 7 3.5 3.5 0 000-7zM17.5 6.5v.01',
};

function Actions({ section }: { section: Section }) {
  const { w } = useT();
  const present = ACTIONS.filter((a) => section[a.field]?.trim());
  if (!present.length) return null;
  return (
    <div className="actions">
      {present.map((a) => (
        <a
          key={a.field}
          className={`action action-${a.field}`}
          href={a.href(section[a.field].trim())}
          {...(a.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          <svg viewBox="0 0 24 24" className="action-glyph" aria-hidden="true">
            <path d={GLYPHS[a.field]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {w(a.word)}
          {a.external && <span className="sr-only"> {w('newWindow')}</span>}
        </a>
      ))}
    </div>
  );
}

/** A page of the booklet: cover, title, then each section with its icon, title, text and contact buttons. */
export function PageView({ page, fallbackTitle }: { page: Page; fallbackTitle?: string }) {
  const { tr, to } = useT();
  const title = tr(page.translations, 'name') || tr(page.translations, 'category_name') || fallbackTitle || '';
  const sections = [...page.sections].sort((a, b) => a.order - b.order);
  const buttonTitle = tr(page.translations, 'title');
  return (
    <article className="screen">
      {page.cover && <Img id={page.cover} className="cover" eager />}
      <h1 className="screen-title pad">{title}</h1>
      {sections.map((s) => (
        <section key={s.key} className="section">
          <h2 className="section-title">
            <MaskIcon file={s.prev} className="icon section-icon" />
            <span>{tr(s.translations, 'title')}</span>
          </h2>
          <Html html={tr(s.translations, 'html')} />
          <Actions section={s} />
        </section>
      ))}
      {page.service && buttonTitle && (
        <p className="pad">
          <Link className="button button-wide" href={to({ screen: 'service', id: page.service })}>
            {buttonTitle}
          </Link>
        </p>
      )}
      {page.link && buttonTitle && (
        <p className="pad">
          <a className="button button-wide" href={page.link} target="_blank" rel="noopener noreferrer">
            {buttonTitle}
          </a>
        </p>
      )}
    </article>
  );
}
