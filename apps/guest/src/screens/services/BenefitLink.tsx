import { useT } from '../../lib/context';
import { Link } from '../../components/Link';
import { useGet } from '../../lib/fetch-cache';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { sw } from './words';

/** An activity's booking button: to the service of its benefit (nothing when the benefit is gone). */
export function BenefitLink({ benefit }: { benefit: string }) {
  const { lang, to, tr } = useT();
  const found = useGet(guestCalls.guestServices.find, { benefit });
  const detail = found.data || null;
  const b = detail?.benefits.find((x) => x._id === benefit);
  if (!detail || !b) return null;
  return (
    <p className="pad">
      <Link className="button button-wide" href={to({ screen: 'service', id: detail.service._id })}>
        {sw(lang, 'book')} · {tr(b.translations, 'subtitle')}
      </Link>
    </p>
  );
}
