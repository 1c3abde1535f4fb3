import type { Animation, AnimationCategory, AnimationDate } from '@campsite/shared/contract/activities';
import { useT } from '../../lib/context';
import { Link } from '../../components/Link';
import { Img } from '../../components/Img';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { useGet } from '../../lib/fetch-cache';
import { agendaWindow, dayStart, nowSeconds, timeLabel, whenLabel } from '../../lib/agenda';

/** What the agenda screens need, read once and shared (same addresses as the agenda's). */
export function useAgendaData() {
  const dates = useGet(guestCalls.animationDates.list, agendaWindow(nowSeconds()));
  const animations = useGet(guestCalls.animations.list, {});
  const categories = useGet(guestCalls.animationCategories.list);
  return { dates, animations, categories };
}

export function categoryOf(a: Animation | undefined, categories: readonly AnimationCategory[] | undefined) {
  return a ? categories?.find((c) => c._id === a.category) : undefined;
}

/** One dated activity: time, colour of its category, name. */
export function ActivityRow({ date, animation, category, withDay }: { date: AnimationDate; animation: Animation; category?: AnimationCategory; withDay?: boolean }) {
  const { tr, to, lang, tz } = useT();
  return (
    <Link href={to({ screen: 'activity', id: animation._id })} className={`activity-row${animation.front ? ' is-front' : ''}`}>
      <span className="activity-time">
        {withDay && <span className="activity-day">{whenLabel(date.start, lang, tz, nowSeconds(), 'short')}</span>}
        {timeLabel(date.start, lang, tz)}
        <span className="sr-only"> – </span>
        <span className="activity-end">{timeLabel(date.end, lang, tz)}</span>
      </span>
      <span className="activity-dot" style={{ background: category ? `#${category.color}` : 'var(--c2)' }} aria-hidden="true" />
      <span className="activity-text">
        <span className="activity-name">{tr(animation.translations, 'name')}</span>
        {category && <span className="activity-cat">{tr(category.translations, 'name')}</span>}
      </span>
    </Link>
  );
}

/** The home's activities: highlighted ones first, then what is left today and what comes next. */
export function ActivitiesBlock({ title }: { title?: string }) {
  const { w, to, tr, tz, lang } = useT();
  const { dates, animations, categories } = useAgendaData();
  const now = nowSeconds();
  const tomorrow = dayStart(now, tz, 1);
  const byId = new Map((animations.data ?? []).map((a) => [a._id, a]));
  const live = (dates.data ?? []).filter((d) => d.end > now && byId.has(d.animation));
  const today = live.filter((d) => d.start < tomorrow);
  const later = live.filter((d) => d.start >= tomorrow).slice(0, 3);
  // a highlighted activity appears once, at its next date
  const next = new Map<string, AnimationDate>();
  for (const d of live) if (byId.get(d.animation)!.front && !next.has(d.animation)) next.set(d.animation, d);
  const front = [...next.values()].slice(0, 2);
  const loading = dates.loading || animations.loading;

  return (
    <section className="block" aria-labelledby="home-activities">
      <h2 id="home-activities" className="block-title">
        {title || w('activities')}
      </h2>
      {front.map((d) => {
        const a = byId.get(d.animation)!;
        return (
          <Link key={d._id} href={to({ screen: 'activity', id: a._id })} className="front-card">
            {a.cover && <Img id={a.cover} className="front-cover" />}
            <span className="front-body">
              <span className="badge">{w('highlight')}</span>
              <span className="front-name">{tr(a.translations, 'name')}</span>
              <span className="front-when">
                {whenLabel(d.start, lang, tz, now)} · {timeLabel(d.start, lang, tz)}
              </span>
            </span>
          </Link>
        );
      })}
      {!loading && (
        <>
          <h3 className="block-sub">{w('today')}</h3>
          {today.length ? (
            <ul className="activity-list">
              {today.map((d) => (
                <li key={d._id}>
                  <ActivityRow date={d} animation={byId.get(d.animation)!} category={categoryOf(byId.get(d.animation), categories.data)} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{w('noActivitiesToday')}</p>
          )}
          {later.length > 0 && (
            <>
              <h3 className="block-sub">{w('upcoming')}</h3>
              <ul className="activity-list">
                {later.map((d) => (
                  <li key={d._id}>
                    <ActivityRow date={d} animation={byId.get(d.animation)!} category={categoryOf(byId.get(d.animation), categories.data)} withDay />
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <Link href={to({ screen: 'agenda' })} className="button button-wide">
        {w('programme')}
      </Link>
    </section>
  );
}
