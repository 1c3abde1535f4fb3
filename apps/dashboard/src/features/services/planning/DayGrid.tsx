import type { CSSProperties } from 'react';
import { Text, UnstyledButton } from '@mantine/core';
import type { ServiceBenefit, ServiceReservation, ServiceWorker } from '@campsite/shared';
import { pickTranslation } from '@campsite/shared';
import { useSession } from '../../../shell/session';
import { LABEL_EVERY, STEP, fewestPlacesLeft, hhmm, layoutDay, type Block } from './layout';
import css from './planning.module.css';

const ROW_PX = 22;

/**
 * The day (001 §2 'Services planning'): a column per worker, a row every 10 minutes with the time
 * every 6th row; an empty cell books, a block opens its booking(s). Blocks that overlap share the width.
 */
export function DayGrid({
  rows,
  workers,
  benefits,
  bookings,
  listMode,
  onCell,
  onBlock,
}: {
  rows: number[];
  workers: ServiceWorker[];
  benefits: ServiceBenefit[];
  bookings: ServiceReservation[];
  listMode: boolean;
  onCell(worker: ServiceWorker, start: number): void;
  onBlock(block: Block<ServiceReservation>): void;
}) {
  const { timeZone, defaultLang } = useSession();
  const blocks = layoutDay(bookings, rows, listMode);
  const benefitOf = (id: string) => benefits.find((b) => b._id === id);
  const titleOf = (id: string) => {
    const b = benefitOf(id);
    return b ? pickTranslation(b.translations, defaultLang, defaultLang, 'subtitle') : 'Prestation supprimée';
  };
  const style = { '--row': `${ROW_PX}px`, gridTemplateColumns: `64px repeat(${workers.length}, minmax(160px, 1fr))` } as CSSProperties;
  return (
    <div className={css.grid} style={style} role="region" aria-label="Planning du jour">
      <div className={css.head} aria-hidden />
      {workers.map((w) => (
        <div key={w._id} className={`${css.head} ${css.column}`}>
          {w.firstname} {w.lastname}
        </div>
      ))}
      <div className={css.times} aria-hidden>
        {rows.map((t, i) => (
          <div key={t} className={css.time}>
            {i % LABEL_EVERY === 0 ? hhmm(t, timeZone) : ''}
          </div>
        ))}
      </div>
      {workers.map((w) => (
        <div key={w._id} className={css.column}>
          {rows.map((t, i) => (
            <button
              key={t}
              type="button"
              className={`${css.cell} ${i % LABEL_EVERY === 0 ? css.hour : ''}`}
              aria-label={`Réserver avec ${w.firstname} ${w.lastname} à ${hhmm(t, timeZone)}`}
              onClick={() => onCell(w, t)}
            />
          ))}
          {blocks
            .filter((b) => b.worker === w._id)
            .map((b) => {
              const benefit = benefitOf(b.benefit);
              const left = benefit ? fewestPlacesLeft(bookings, w._id, b.benefit, benefit.simultaneous, b.start, b.end) : null;
              const from = b.bookings.every((x) => x.from === 'webapp') ? css.webapp : css.dashboard;
              const who = b.bookings.length > 1 ? `${b.bookings.length} réservations` : (b.bookings[0].identity ?? b.bookings[0].client_number ?? 'Réservation');
              const when = `${hhmm(b.start, timeZone)}–${hhmm(b.end, timeZone)}`;
              const places = left === null ? '' : `${left} place${left > 1 ? 's' : ''} restante${left > 1 ? 's' : ''}`;
              return (
                <UnstyledButton
                  key={b.key}
                  className={`${css.block} ${from}`}
                  style={{ top: b.row * ROW_PX + 1, height: b.span * ROW_PX - 2, left: `calc(${(b.lane / b.lanes) * 100}% + 2px)`, width: `calc(${100 / b.lanes}% - 4px)` }}
                  onClick={() => onBlock(b)}
                  aria-label={`${titleOf(b.benefit)}, ${when}, ${who}${places ? `, ${places}` : ''}`}
                  data-from={b.bookings.every((x) => x.from === 'webapp') ? 'webapp' : 'dashboard'}
                >
                  <Text size="xs" fw={700} lineClamp={1}>
                    {when} · {titleOf(b.benefit)}
                  </Text>
                  {b.span > 1 && (
                    <Text size="xs" lineClamp={1}>
                      {who}
                    </Text>
                  )}
                  {b.span > 2 && places && (
                    <Text size="xs" lineClamp={1}>
                      {places}
                    </Text>
                  )}
                </UnstyledButton>
              );
            })}
        </div>
      ))}
    </div>
  );
}

export { STEP };
