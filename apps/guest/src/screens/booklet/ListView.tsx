import type { List } from '@campsite/shared/contract/lists';
import { useT } from '../../lib/context';
import { MaskIcon } from '../../components/Icon';
import { Img } from '../../components/Img';
import { Link } from '../../components/Link';

/** A list: its sub-categories as blocks in the theme's four colours, in turn. */
export function ListView({ list, fallbackTitle }: { list: List; fallbackTitle: string }) {
  const { tr, to } = useT();
  const elements = [...list.elements].sort((a, b) => a.order - b.order);
  return (
    <article className="screen">
      {list.cover && <Img id={list.cover} className="cover" eager />}
      <h1 className="screen-title pad">{tr(list.translations, 'name') || fallbackTitle}</h1>
      <ul className="sublist">
        {elements.map((e, i) => (
          <li key={e.key}>
            <Link href={to({ screen: 'page', id: e.page })} className={`subitem c${(i % 4) + 1}`}>
              <MaskIcon file={e.prev} className="icon subitem-icon" />
              <span>{tr(e.translations, 'text')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
