import { useState } from 'react';
import { useT } from '../lib/context';
import { Pending } from '../components/Screen';
import { byDay, nowSeconds, whenLabel } from '../lib/agenda';
import { useVisit } from '../lib/visits';
import { ActivityRow, categoryOf, useAgendaData } from './home/ActivitiesBlock';

/** The programme, day by day from today, filtered by activity category. */
export default function Agenda() {
  const { w, tr, lang, tz } = useT();
  useVisit('activities');
  const { dates, animations, categories } = useAgendaData();
  const [filter, setFilter] = useState<string | null>(null);
  // a week at first: a long programme would be slow to lay out on a small phone
  const [dayCount, setDayCount] = useState(7);
  const now = nowSeconds();
  const byId = new Map((animations.data ?? []).map((a) => [a._id, a]));
  const shown = (dates.data ?? []).filter((d) => {
    const a = byId.get(d.animation);
    return a && d.end > now && (!filter || a.category === filter);
  });
  const allDays = byDay(shown, tz);
  const days = allDays.slice(0, dayCount);
  // only the categories that have something to show are offered as filters
  const used = new Set((dates.data ?? []).map((d) => byId.get(d.animation)?.category));
  const filters = (categories.data ?? []).filter((c) => used.has(c._id));

  const label = (start: number) => whenLabel(start, lang, tz, now);

  return (
    <article className="screen">
      <h1 className="screen-title pad">{w('activities')}</h1>
      {filters.length > 1 && (
        <div className="chips" role="group" aria-label={w('filter')}>
          <button type="button" className="chip" aria-pressed={!filter} onClick={() => setFilter(null)}>
            {w('allCategories')}
          </button>
          {filters.map((c) => (
            <button key={c._id} type="button" className="chip" aria-pressed={filter === c._id} onClick={() => setFilter(filter === c._id ? null : c._id)}>
              <span className="chip-dot" style={{ background: `#${c.color}` }} aria-hidden="true" />
              {tr(c.translations, 'name')}
            </button>
          ))}
        </div>
      )}
      <Pending loading={dates.loading || animations.loading} error={dates.error ?? animations.error} retry={dates.retry}>
        {days.length === 0 && <p className="muted pad">{w('noActivities')}</p>}
        {days.map((day) => (
          <section key={day.start} className="day" aria-labelledby={`day-${day.start}`}>
            <h2 id={`day-${day.start}`} className="day-title">
              {label(day.start)}
            </h2>
            <ul className="activity-list">
              {day.items.map((d) => (
                <li key={d._id}>
                  <ActivityRow date={d} animation={byId.get(d.animation)!} category={categoryOf(byId.get(d.animation), categories.data)} />
                </li>
              ))}
            </ul>
          </section>
        ))}
        {allDays.length > days.length && (
          <p className="pad">
            <button type="button" className="button button-wide" onClick={() => setDayCount(dayCount + 7)}>
              {w('more')}
            </button>
          </p>
        )}
      </Pending>
    </article>
  );
}
