import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Alert, Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconChevronLeft, IconChevronRight, IconDownload, IconPrinter } from '@tabler/icons-react';
import type { ServiceReservation, ServiceWorker } from '@campsite/shared';
import { SERVICES } from '@campsite/shared';
import { spelledDay } from '../../../components/dates';
import { FlashBanner, useFlash } from '../../../components/flash';
import { ScreenLoader } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { textField, useAddress } from '../../../components/list';
import { errorSentence } from '../../../lib/errors';
import { navCrumbs } from '../../../shell/nav';
import { useSession } from '../../../shell/session';
import { useBenefits, useReservations, useServices, useWorkers } from '../api/services-queries';
import { BookingDetails } from './BookingDetails';
import { BookingForm } from './BookingForm';
import { DayGrid } from './DayGrid';
import { dayBounds, dayOf, newBookingStart, shiftDay, visibleRows, type Block, type Day } from './layout';
import css from './planning.module.css';

const iso = (d: Day) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const parseDay = (s: string | undefined): Day | null => {
  const m = DAY.exec(s ?? '');
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
};
/** `sejour`: the stay's page's 'Réserver un service' (docs/desk.md) opens 'Nouvelle réservation' for that stay */
const ADDRESS = { service: textField(), day: textField(DAY), sejour: textField() };

/**
 * 001 §2 'Services planning' (/services/booking): choose a service, then its day with a column per
 * worker. The service and the day are in the address (`?service=&day=2026-07-15`): a reload, a shared
 * link or the back button show the same day.
 */
export default function PlanningScreen() {
  const { timeZone } = useSession();
  const address = useAddress(ADDRESS);
  const flash = useFlash();
  const crumbs = navCrumbs('/services/booking');
  const services = useServices();
  const prestations = (services.data ?? []).filter((s) => s.type === 'prestation');
  const serviceId = address.values.service ?? prestations[0]?._id ?? null;
  const service = prestations.find((s) => s._id === serviceId) ?? null;
  const day = parseDay(address.values.day) ?? dayOf(Date.now() / 1000, timeZone);
  const bounds = dayBounds(day, timeZone);
  const workers = useWorkers(service?._id ?? null);
  const benefits = useBenefits(service?._id ?? null);
  const bookings = useReservations(service?._id ?? null, bounds.start, bounds.end);
  const [booking, setBooking] = useState<{ worker: ServiceWorker; start: number } | null>(null);
  const [shown, setShown] = useState<Block<ServiceReservation> | null>(null);
  const forStay = address.values.sejour;
  // from the stay's page: 'Nouvelle réservation' opens once the service's workers are known, for that stay
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!forStay || asked || !workers.data?.length) return;
    setAsked(true);
    setBooking({ worker: workers.data[0], start: newBookingStart(day, Date.now() / 1000, timeZone) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [forStay, workers.data]);

  // another service or day is a step the back button undoes
  const go = (next: { service?: string; day?: Day }) => address.set({ service: next.service ?? serviceId ?? '', day: iso(next.day ?? day) }, { push: true });
  const extract = service ? `/api/webapp/service_reservations/extract_service_reservations.csv?timestamp=${bounds.start + 12 * 3600}&service=${service._id}` : null;
  const loading = services.isLoading || (service && (workers.isLoading || benefits.isLoading || bookings.isLoading));
  const failed = services.error ?? workers.error ?? benefits.error ?? bookings.error;
  const rows = visibleRows(day, bookings.data ?? [], timeZone);

  return (
    <div className={css.printable}>
      <PageHeader
        title={SERVICES.planningTitle}
        crumbs={crumbs}
        actions={
          service && (
            <Group gap="xs" className={css.noPrint}>
              {/* a booking without looking for a free cell first (issue 32): the first worker, the next slot of the day */}
              <Button
                leftSection={<IconCalendarPlus size={16} />}
                disabled={!workers.data?.length}
                onClick={() => (flash.clear(), setBooking({ worker: workers.data![0], start: newBookingStart(day, Date.now() / 1000, timeZone) }))}
              >
                {SERVICES.newBooking}
              </Button>
              <Button component="a" href={extract ?? undefined} download variant="default" leftSection={<IconDownload size={16} />}>
                {SERVICES.extract}
              </Button>
              <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                Imprimer la journée
              </Button>
            </Group>
          )
        }
      />
      <div className={css.noPrint}>
        <FlashBanner flash={flash} />
      </div>
      {failed ? (
        <Alert color="red" role="alert">
          {errorSentence(SERVICES.servicesFetchFailed, failed)}
        </Alert>
      ) : services.data && prestations.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            Aucun service de type prestation : créez-en un dans <Anchor component={Link} to="/services">Mes services</Anchor> pour réserver des créneaux.
          </Text>
        </Paper>
      ) : (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Select className={css.noPrint} label="Service" data={prestations.map((s) => ({ value: s._id, label: s.name }))} value={serviceId} onChange={(v) => v && go({ service: v })} allowDeselect={false} w={280} />
            <Group gap="xs" align="center">
              <ActionIcon className={css.noPrint} variant="default" size="lg" aria-label="Jour précédent" onClick={() => go({ day: shiftDay(day, -1) })}>
                <IconChevronLeft size={18} />
              </ActionIcon>
              <Text fw={700} miw={230} ta="center" aria-live="polite">
                {service?.name ? `${service.name} · ` : ''}
                {spelledDay(iso(day))}
              </Text>
              <ActionIcon className={css.noPrint} variant="default" size="lg" aria-label="Jour suivant" onClick={() => go({ day: shiftDay(day, 1) })}>
                <IconChevronRight size={18} />
              </ActionIcon>
              <Button className={css.noPrint} variant="subtle" onClick={() => go({ day: dayOf(Date.now() / 1000, timeZone) })}>
                Aujourd'hui
              </Button>
            </Group>
            <Group gap="md" fz="sm">
              <span>
                <span className={css.swatch} style={{ background: 'var(--mantine-color-green-1)', border: '2px solid var(--mantine-color-green-8)' }} />
                Réservé depuis le tableau de bord
              </span>
              <span>
                <span className={css.swatch} style={{ background: 'var(--mantine-color-blue-1)', border: '2px solid var(--mantine-color-blue-8)' }} />
                Réservé depuis l'application
              </span>
            </Group>
          </Group>
          {service?.comment && <Paper withBorder p="sm" radius="md" className="rich" dangerouslySetInnerHTML={{ __html: service.comment }} />}
          {loading || !service ? (
            <ScreenLoader />
          ) : (workers.data ?? []).length === 0 ? (
            <Paper withBorder p="xl" radius="md">
              <Text c="dimmed" ta="center">
                Ce service n'a pas encore de prestataire : ajoutez-en un dans les paramètres des prestataires.
              </Text>
            </Paper>
          ) : (
            <DayGrid
              rows={rows}
              workers={workers.data ?? []}
              benefits={benefits.data ?? []}
              bookings={bookings.data ?? []}
              listMode={service.list_mode}
              onCell={(worker, start) => (flash.clear(), setBooking({ worker, start }))}
              onBlock={setShown}
            />
          )}
        </Stack>
      )}
      {booking && service && (
        <BookingForm service={service} workers={workers.data ?? []} benefits={benefits.data ?? []} worker={booking.worker} start={booking.start} flash={flash} onClose={() => setBooking(null)} stay={forStay} />
      )}
      {shown && <BookingDetails block={shown} benefits={benefits.data ?? []} workers={workers.data ?? []} flash={flash} onClose={() => setShown(null)} />}
    </div>
  );
}
