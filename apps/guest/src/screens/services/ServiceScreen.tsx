import type { GuestBenefit } from '@campsite/shared/contract/services-bookings';
import type { Lang } from '@campsite/shared/i18n/languages';
import { useT } from '../../lib/context';
import { Img } from '../../components/Img';
import { Html, Pending } from '../../components/Screen';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { useGet } from '../../lib/fetch-cache';
import { BenefitSlots } from './BenefitSlots';
import { MyBookings } from './MyBookings';
import { sw } from './words';
import { labelled } from '../../lib/words';
import './services.css';

const money = (lang: Lang) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' });

/** A price as the guest reads it: 'Gratuit' for 0 (001 §3), else in euros in the guest's language. */
export const priceLabel = (price: number, lang: Lang) => (price === 0 ? sw(lang, 'free') : money(lang).format(price));

export const durationLabel = (b: Pick<GuestBenefit, 'duration_hour' | 'duration_minute'>) =>
  b.duration_hour ? `${b.duration_hour} h${b.duration_minute ? ` ${String(b.duration_minute).padStart(2, '0')}` : ''}` : `${b.duration_minute} min`;

/**
 * A service in the guest app: a prestation's benefits (price, description, the free slots of the
 * coming days, the booking) and the guest's own bookings; a vente's products as a catalogue.
 */
export default function ServiceScreen({ id }: { id: string }) {
  const { lang, tr } = useT();
  const found = useGet(guestCalls.guestServices.find, { id });
  const me = useGet(guestCalls.account.me);
  const detail = found.data || undefined;
  const signedIn = !!me.data;
  return (
    <Pending loading={found.loading} error={found.error} retry={found.retry} missing={!detail}>
      {detail && (
        <article className="screen">
          {detail.service.cover && <Img id={detail.service.cover} className="cover" eager />}
          <h1 className="screen-title pad">{tr(detail.service.translations, 'title') || detail.service.name}</h1>
          {detail.service.type === 'prestation' && (
            <>
              <ul className="svc-list">
                {detail.benefits.map((b) => (
                  <li key={b._id} className="svc-item">
                    <h2>{tr(b.translations, 'subtitle')}</h2>
                    <p className="svc-meta">
                      {b.show_price && <span className="svc-price">{priceLabel(b.price, lang)}</span>}
                      <span>{labelled(lang, sw(lang, 'duration'), durationLabel(b))}</span>
                      {tr(b.translations, 'location') && <span>{labelled(lang, sw(lang, 'meetingPoint'), tr(b.translations, 'location'))}</span>}
                    </p>
                    <Html html={tr(b.translations, 'description')} />
                    <BenefitSlots benefit={b} signedIn={signedIn} account={me.data || null} />
                  </li>
                ))}
              </ul>
              {signedIn && <MyBookings service={detail.service._id} />}
            </>
          )}
          {detail.service.type === 'vente' && (
            <section className="section">
              <h2 className="section-title">{sw(lang, 'products')}</h2>
              <ul className="svc-list">
                {detail.products.map((p) => (
                  <li key={p._id} className="svc-item">
                    <h3>{tr(p.translations, 'subtitle')}</h3>
                    <p className="svc-meta">
                      <span className="svc-price">{priceLabel(p.price, lang)}</span>
                      {p.stock !== null && <span>{p.stock > 0 ? sw(lang, 'inStock', { n: p.stock }) : sw(lang, 'soldOut')}</span>}
                    </p>
                    <Html html={tr(p.translations, 'description')} />
                  </li>
                ))}
              </ul>
              {detail.service.payment_link && (
                <p className="pad">
                  <a className="button button-wide" href={detail.service.payment_link} target="_blank" rel="noopener noreferrer">
                    {sw(lang, 'pay')}
                  </a>
                </p>
              )}
            </section>
          )}
        </article>
      )}
    </Pending>
  );
}
