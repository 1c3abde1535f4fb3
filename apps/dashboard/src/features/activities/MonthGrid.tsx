import { ActionIcon, Box, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { weekdayOf } from '@campsite/shared';
import type { AnimationDate } from '@campsite/shared';
import { WEEKDAY_HEADERS, byStartDay, monthWeeks, type YearMonth } from './calendar';
import classes from './MonthGrid.module.css';

export interface Occurrence extends AnimationDate {
  /** hh:mm of the start, local to the establishment */
  time: string;
  name: string;
  /** the category's colour, 6 hex digits */
  color: string;
}

function Chip({ o, onDelete }: { o: Occurrence; onDelete(o: Occurrence): void }) {
  return (
    <Group
      gap={4}
      align="flex-start"
      wrap="nowrap"
      className={classes.chip}
      style={{ borderLeftColor: `#${o.color}`, backgroundColor: `#${o.color}26` }}
      data-testid="occurrence"
      title={`${o.time} ${o.name}`}
    >
      <Text size="xs" className={classes.chipText}>
        <b>{o.time}</b> {o.name}
      </Text>
      <ActionIcon size={16} variant="transparent" color="gray" aria-label={`Supprimer la date ${o.time} ${o.name}`} onClick={() => onDelete(o)}>
        <IconX size={12} />
      </ActionIcon>
    </Group>
  );
}

/**
 * The month Monday first; each occurrence on the local day of its start (001 §2), read in the
 * establishment's zone. On a phone the same month is a list of the days that have dates.
 */
export function MonthGrid({ month, occurrences, timeZone, onDelete }: { month: YearMonth; occurrences: Occurrence[]; timeZone: string; onDelete(o: Occurrence): void }) {
  const days = byStartDay(occurrences, timeZone);
  const narrow = useMediaQuery('(max-width: 48em)');

  if (narrow) {
    const withDates = [...days.keys()].sort((a, b) => a - b);
    return (
      <Stack gap="sm">
        {withDates.map((day) => (
          <Box key={day} data-day={day}>
            <Text size="sm" fw={600} mb={4}>
              {WEEKDAY_HEADERS[weekdayOf(month.year, month.month, day)]} {day}
            </Text>
            <Stack gap={4}>
              {days.get(day)!.map((o) => (
                <Chip key={o._id} o={o} onDelete={onDelete} />
              ))}
            </Stack>
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
                <Text size="xs" c="dimmed" fw={600} mb={4}>
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
