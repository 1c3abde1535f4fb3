import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ImportDoc } from '@campsite/shared';
import { clients, cronMail, imports, stays } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { useCall } from '../../lib/query';
import { dayTime } from '../../lib/format';
import { adoption, count, dayBounds, listLink } from './today';
import classes from './TodayPanel.module.css';

/** Campaigns whose send time falls in this many days count in 'E-mails en échec'. */
const FAILED_DAYS = 7;
/** The kinds of import a PMS writes (the hub's extraction file is not one). */
const PMS_KINDS = ['reservations', 'roomlist', 'pms'] as const;

interface TileProps {
  label: string;
  to: string;
  /** undefined while loading, null when the read failed */
  value: string | null | undefined;
  hint?: ReactNode;
  tone?: 'red' | 'orange' | 'green';
}

/** A figure that opens its list with the same filters: the whole card is the link. */
function Tile({ label, to, value, hint, tone }: TileProps) {
  const figure = value?.match(/^(\d[\d\s]*)\s([^\d%].*)$/);
  return (
    <Paper component={Link} to={to} withBorder p="md" radius="md" className={classes.tile} data-testid={`today-${label}`}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={30} mt={6} w={70} />
      ) : (
        <Group gap="xs" mt={2} wrap="nowrap">
          <Text fz={28} fw={700} lh={1.2} data-testid="today-figure">
            {figure ? (
              // the number large, its word beside it smaller: '19 séjours' stays on one line at 1024 px
              <>
                {figure[1]}{' '}
                <Text span fz="md" fw={600} lh={1.3} display="inline-block">
                  {figure[2]}
                </Text>
              </>
            ) : (
              (value ?? '—')
            )}
          </Text>
          {tone && <Badge color={tone} variant="light" aria-hidden>{tone === 'green' ? 'OK' : '!'}</Badge>}
        </Group>
      )}
      {value === null ? (
        <Text size="xs" c="red.8">
          Impossible de récupérer ce chiffre
        </Text>
      ) : (
        hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )
      )}
    </Paper>
  );
}

const figureOf = <T,>(read: { data?: T; isError: boolean }, pick: (d: T) => string) => (read.isError ? null : read.data === undefined ? undefined : pick(read.data));

/**
 * What a manager acts on today (issue 20), above the spec's four tiles: arrivals and departures today
 * and tomorrow, guests on site, app adoption this week, the last PMS import, e-mails that failed. Each
 * tile is counted by the call its list's counter uses, with the filters of the link it opens, so the
 * two always agree; a tile the user's flags do not let them open is not shown.
 */
export function TodayPanel() {
  const { has, timeZone } = useSession();
  // the day is fixed when the home opens: a page left open past midnight keeps its links coherent
  const [b] = useState(() => dayBounds(Math.floor(Date.now() / 1000), timeZone));
  const people = has('users');
  const mails = has('emails');

  const range = (field: 'arrival' | 'departure', from: number, to: number) => ({ [`after_${field}`]: from, [`before_${field}`]: to });
  const arrivalsToday = range('arrival', b.today, b.tomorrow);
  const departuresToday = range('departure', b.today, b.tomorrow);
  const arrivalsTomorrow = range('arrival', b.tomorrow, b.afterTomorrow);
  const departuresTomorrow = range('departure', b.tomorrow, b.afterTomorrow);
  // a stay this week: it arrives before the week ends and leaves on or after its first day
  const week = { before_arrival: b.weekEnd, after_departure: b.weekStart };
  const onSite = { on_site: true } as const;

  const stayReads = {
    arrivalsToday: useStayCount(arrivalsToday, people),
    departuresToday: useStayCount(departuresToday, people),
    arrivalsTomorrow: useStayCount(arrivalsTomorrow, people),
    departuresTomorrow: useStayCount(departuresTomorrow, people),
    week: useStayCount(week, people),
  };
  const onSiteCounts = useCall(clients.counts, onSite, { enabled: people });
  const weekCounts = useCall(clients.counts, week, { enabled: people });
  const campaigns = useCall(cronMail.list, undefined, { enabled: mails });
  const lastImport = useLastImport(people);

  const stayTile = (label: string, read: ReturnType<typeof useStayCount>, filters: Record<string, number>) => (
    <Tile label={label} to={listLink('/users/sejours', filters)} value={figureOf(read, (d) => count(d.total, 'séjour', 'séjours'))} />
  );

  const since = Math.floor(Date.now() / 1000) - FAILED_DAYS * 86400;
  const failedCount = campaigns.data?.filter((c) => c.timestamp >= since).reduce((n, c) => n + c.failed_count, 0);
  const weekStays = stayReads.week;
  const weekAdoption = weekStays.isError || weekCounts.isError ? null : weekStays.data && weekCounts.data ? adoption(weekCounts.data.users, weekStays.data.total) : undefined;

  if (!people && !mails) return null;
  return (
    <Stack gap="sm" mb="xl" component="section" aria-labelledby="today-title">
      <Title order={2} size="h4" id="today-title">
        Aujourd&apos;hui
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {people && (
          <>
            {stayTile("Arrivées aujourd'hui", stayReads.arrivalsToday, arrivalsToday)}
            {stayTile("Départs aujourd'hui", stayReads.departuresToday, departuresToday)}
            {stayTile('Arrivées demain', stayReads.arrivalsTomorrow, arrivalsTomorrow)}
            {stayTile('Départs demain', stayReads.departuresTomorrow, departuresTomorrow)}
            <Tile
              label="Clients sur place"
              to={listLink('/users/clients', onSite)}
              value={figureOf(onSiteCounts, (d) => count(d.clients, 'fiche client', 'fiches clients'))}
              hint={onSiteCounts.data && `${count(onSiteCounts.data.users, "utilisateur de l'application", "utilisateurs de l'application")}`}
            />
            <Tile
              label="Adoption de l'application"
              to={listLink('/users/clients', week)}
              value={weekAdoption}
              hint={
                weekCounts.data &&
                weekStays.data &&
                `${count(weekCounts.data.users, 'compte', 'comptes')} pour ${count(weekStays.data.total, 'séjour', 'séjours')} cette semaine`
              }
            />
          </>
        )}
        {people && (
          // the import panel is on the client list
          <Tile
            label="Dernier import PMS"
            to="/users/clients"
            value={lastImport === undefined ? undefined : lastImport === null ? null : lastImport === false ? 'Aucun' : importWord(lastImport)}
            tone={lastImport ? importTone(lastImport) : undefined}
            hint={lastImport ? importHint(lastImport, timeZone) : lastImport === false ? "Pas encore d'import" : undefined}
          />
        )}
        {mails && (
          <Tile
            label="E-mails en échec"
            to="/administration/auto-email"
            value={figureOf(campaigns, () => count(failedCount ?? 0, 'e-mail', 'e-mails'))}
            tone={failedCount ? 'red' : undefined}
            hint={`Campagnes des ${FAILED_DAYS} derniers jours`}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}

const useStayCount = (filters: Record<string, number>, enabled: boolean) => useCall(stays.count, filters, { enabled });

/** The latest PMS import of any kind: undefined while loading, null when a read failed, false when none ran. */
function useLastImport(enabled: boolean): ImportDoc | false | null | undefined {
  const reservations = useCall(imports.latest, { kind: PMS_KINDS[0] }, { enabled });
  const roomlist = useCall(imports.latest, { kind: PMS_KINDS[1] }, { enabled });
  const pms = useCall(imports.latest, { kind: PMS_KINDS[2] }, { enabled });
  const reads = [reservations, roomlist, pms];
  if (reads.some((r) => r.isError)) return null;
  if (reads.some((r) => r.data === undefined)) return undefined;
  return newest(reads.map((r) => r.data || null));
}

/** The latest of the PMS imports, or false when none ran. */
function newest(docs: (ImportDoc | null)[]): ImportDoc | false {
  return docs.filter((d): d is ImportDoc => d !== null).sort((a, b) => b.created_time - a.created_time)[0] ?? false;
}

const running = (d: ImportDoc) => d.status === 'pending' || d.status === 'running';
function importWord(d: ImportDoc) {
  if (running(d)) return 'En cours';
  if (d.status === 'failed') return 'Échec';
  return d.refused > 0 ? 'Incomplet' : 'Réussi';
}
function importTone(d: ImportDoc): TileProps['tone'] {
  if (running(d)) return undefined;
  if (d.status === 'failed') return 'red';
  return d.refused > 0 ? 'orange' : 'green';
}
function importHint(d: ImportDoc, timeZone: string) {
  const when = dayTime(d.finished_time ?? d.created_time, timeZone);
  if (d.status !== 'done') return when;
  const refused = d.refused > 0 ? `, ${count(d.refused, 'refusée', 'refusées')}` : '';
  return `${when} · ${count(d.total, 'ligne lue', 'lignes lues')}${refused}`;
}
