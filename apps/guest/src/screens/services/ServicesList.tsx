import { useT } from '../../lib/context';
import { Link } from '../../components/Link';
import { Img } from '../../components/Img';
import { Pending } from '../../components/Screen';
import { useGet } from '../../lib/fetch-cache';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { sw } from './words';
import './services.css';

/** The establishment's services (the menu's entry): a card each, to its benefits or products. */
export default function ServicesList() {
  const { lang, to, tr } = useT();
  const list = useGet(guestCalls.guestServices.list);
  return (
    <Pending loading={list.loading} error={list.error} retry={list.retry}>
      <article className="screen">
        <h1 className="screen-title pad">{sw(lang, 'services')}</h1>
        {list.data?.length ? (
          <ul className="svc-grid">
            {list.data.map((s) => (
              <li key={s._id}>
                <Link className="svc-card" href={to({ screen: 'service', id: s._id })}>
                  {s.cover ? <Img id={s.cover} className="svc-cover" width={480} /> : <span className="svc-cover svc-cover-empty" aria-hidden="true" />}
                  <span className="svc-card-title">{tr(s.translations, 'title') || s.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="pad muted">{sw(lang, 'noServices')}</p>
        )}
      </article>
    </Pending>
  );
}
