import { ActionIcon, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { weekdayOf } from '@campsite/shared';
import type { AnimationDate } from '@campsite/shared';
import { WEEKDAY_HEADERS, byStartDay, monthWeeks, type YearMonth } from './calendar';
import classes from './MonthGrid.module.css';

export interface Occurrence extends AnimationDate {
  /** hh:mm of the start, local to the establishment */
  time: string;
  /** hh:mm of the end */
  until: string;
  name: string;
  /** the category's colour, 6 hex digits */
  color: string;
}

const WEEKDAY_NAMES = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'];

/** One date: its time on the first line, the activity's whole name below (full name and hours on hover). */
function Chip({ o, onDelete, wide }: { o: Occurrence; onDelete(o: Occurrence): void; wide?: boolean }) {
  return (
    <Tooltip label={`${o.time} – ${o.until} · ${o.name}`} openDelay={300} multiline maw={260}>
      <Box className={wide ? `${classes.chip} ${classes.wide}` : classes.chip} style={{ borderLeftColor: `#${o.color}`, backgroundColor: `#${o.color}26` }} data-testid="occurrence">
        <Text size="xs" className={classes.chipText}>
          <b className={wide ? undefined : classes.time}>{o.time}</b> <span className={classes.name}>{o.name}</span>
        </Text>
        <ActionIcon size={18} variant="subtle" color="gray" className={classes.remove} aria-label={`Supprimer la date ${o.time} ${o.name}`} onClick={() => onDelete(o)}>
          <IconX size={12} />
        </ActionIcon>
      </Box>
    </Tooltip>
  );
}

/**
 * The month Monday first; each occurrence on the local day of its start (001 §2), read in the
 * establishment's zone. The list view (and a phone) shows the days that have dates, names whole.
 */
export function MonthGrid({ month, occurrences, timeZone, onDelete, view }: { month: YearMonth; occurrences: Occurrence[]; timeZone: string; onDelete(o: Occurrence): void; view: 'month' | 'list' }) {
  const days = byStartDay(occurrences, timeZone);

  if (view === 'list') {
    const withDates = [...days.keys()].sort((a, b) => a - b);
    return (
      <Stack gap="sm">
        {withDates.map((day) => (
          <Box key={day} data-day={day} role="group" aria-label={`${WEEKDAY_NAMES[weekdayOf(month.year, month.month, day)]} ${day}`}>
            <Text size="sm" fw={700} mb={4}>
              {WEEKDAY_NAMES[weekdayOf(month.year, month.month, day)]} {day}
            </Text>
            <Group gap={6}>
              {days.get(day)!.map((o) => (
                <Chip key={o._id} o={o} onDelete={onDelete} wide />
              ))}
            </Group>
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <div className={classes.grid} role="grid" aria-label="Calendrier du mois">
      <div role="row" className={classes.row}>
        {WEEKDAY_HEADERS.map((d) => (
          <div key={d} role="columnheader" className={classes.head}>
            {d}
          </div>
        ))}
      </div>
      {monthWeeks(month).map((week, w) => (
        <div role="row" className={classes.row} key={w}>
          {week.map((day, i) =>
            day === null ? (
              <div key={i} role="gridcell" className={`${classes.cell} ${classes.outside}`} />
            ) : (
              <div key={i} role="gridcell" className={classes.cell} data-day={day}>
                <Text size="xs" c="dimmed" fw={700} mb={4}>
                  {day}
                </Text>
                <Stack gap={3}>
                  {(days.get(day) ?? []).map((o) => (
                    <Chip key={o._id} o={o} onDelete={onDelete} />
                  ))}
                </Stack>
              </div>
            ),
          )}
        </div>
      ))}
    </div>
  );
}
