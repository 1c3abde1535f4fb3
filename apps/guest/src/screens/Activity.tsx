import { useT } from '../lib/context';
import { Img } from '../components/Img';
import { Html, Pending } from '../components/Screen';
import { nowSeconds, timeLabel, whenLabel } from '../lib/agenda';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { useGet } from '../lib/fetch-cache';
import { useVisit } from '../lib/visits';
import { categoryOf, useAgendaData } from './home/ActivitiesBlock';
import { BenefitLink } from './services/BenefitLink';

/** One activity: cover, name, category, description and its next dates. */
export default function Activity({ id }: { id: string }) {
  const { w, tr, lang, tz } = useT();
  useVisit('activity', id);
  const found = useGet(guestCalls.animations.find, { id });
  const { dates, categories } = useAgendaData();
  const animation = found.data || undefined;
  const category = categoryOf(animation, categories.data);
  const now = nowSeconds();
  const next = (dates.data ?? []).filter((d) => d.animation === id && d.end > now).slice(0, 6);
  return (
    <Pending loading={found.loading} error={found.error} retry={found.retry} missing={!animation}>
      {animation && (
        <article className="screen">
          {animation.cover && <Img id={animation.cover} className="cover" eager />}
          <h1 className="screen-title pad">{tr(animation.translations, 'name')}</h1>
          {category && (
            <p className="pad">
              <span className="chip chip-static">
                <span className="chip-dot" style={{ background: `#${category.color}` }} aria-hidden="true" />
                {tr(category.translations, 'name')}
              </span>
            </p>
          )}
          <section className="section">
            <Html html={tr(animation.translations, 'content')} />
          </section>
          {animation.service_benefit && <BenefitLink benefit={animation.service_benefit} />}
          {next.length > 0 && (
            <section className="section">
              <h2 className="section-title">{w('nextDates')}</h2>
              <ul className="dates">
                {next.map((d) => (
                  <li key={d._id}>
                    {whenLabel(d.start, lang, tz, now)} · {timeLabel(d.start, lang, tz)} – {timeLabel(d.end, lang, tz)}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </article>
      )}
    </Pending>
  );
}
