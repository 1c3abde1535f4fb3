import { Group, NumberInput, Text } from '@mantine/core';
import type { Service } from '@campsite/shared';
import { SERVICE_LIMITS, SERVICE_LOCATION, SERVICES, serviceDuration, services, textErrors } from '@campsite/shared';
import { useSession } from '../../shell/session';
import type { Flash } from '../../components/flash';
import { FormCard } from '../../components/FormCard';
import { langTexts, toTranslations, useContractForm, useFreshRead, type LangTexts } from '../../components/form';
import { TranslatedInput } from '../../components/translated';
import { useServiceDuration } from './api/services-queries';
import { DatesField, DurationField, HoursField, newDateRow, newHoursRow, type DateRow, type HoursRow } from './OpenTimes';

interface Values extends Record<string, unknown> {
  duration_hour: number;
  duration_minute: number;
  interval_hour: number;
  interval_minute: number;
  limit_end: number | string;
  guest_day_places: number | string;
  days_before_arrival: number | string;
  location: LangTexts;
  open_dates: DateRow[];
  open_hours: HoursRow[];
}

/** The form's values from the service (when it opens, and reloaded after a 409). */
const valuesOf = (service: Service): Values => ({
  duration_hour: service.duration_hour,
  duration_minute: service.duration_minute,
  interval_hour: service.interval_hour,
  interval_minute: service.interval_minute,
  limit_end: service.limit_end,
  guest_day_places: service.guest_day_places,
  days_before_arrival: service.days_before_arrival,
  location: langTexts(service.translations, 'location'),
  open_dates: service.open_dates.length ? service.open_dates : [newDateRow()],
  open_hours: service.open_hours.length ? service.open_hours : [newHoursRow()],
});

/**
 * 'Paramètres des créneaux' (001 §2): slot duration and interval, booking cut-off, pickup location, open dates
 * and hours; and ours (issue 29): what one guest may book (places a day, days before arrival).
 */
export function SlotsForm({ service, flash }: { service: Service; flash: Flash }) {
  const { langs, defaultLang } = useSession();
  const save = useServiceDuration();
  const fresh = useFreshRead();
  const f = useContractForm({
    initial: valuesOf(service),
    // its own revision: the service's form beside it saves other fields (issue 29)
    revision: service.slots_revision,
    revisionOf: (answer) => (answer ? (answer as Service).slots_revision : undefined),
    reload: async () => {
      const now = (await fresh(services.list)).find((s) => s._id === service._id);
      return now ? { values: valuesOf(now), revision: now.slots_revision } : null;
    },
    schema: serviceDuration,
    toBody: (v) => ({
      id: service._id,
      duration_hour: v.duration_hour,
      duration_minute: v.duration_minute,
      interval_hour: v.interval_hour,
      interval_minute: v.interval_minute,
      limit_end: v.limit_end === '' ? -1 : Number(v.limit_end),
      guest_day_places: v.guest_day_places === '' ? 0 : Number(v.guest_day_places),
      days_before_arrival: v.days_before_arrival === '' ? -1 : Number(v.days_before_arrival),
      translations: toTranslations({ location: v.location }, langs, defaultLang),
      open_dates: v.open_dates,
      open_hours: v.open_hours,
    }),
    check: (_, body) => textErrors(body.translations, defaultLang, [SERVICE_LOCATION]),
    translated: { fields: ['location'], warning: 'Le lieu de rendez-vous n’est pas traduit dans les langues suivantes :' },
    save: (body) => save.mutateAsync(body),
    action: 'Impossible de mettre à jour les créneaux',
    success: SERVICES.slotsUpdated,
    flash,
  });
  return (
    <FormCard form={f} title={SERVICES.slotsPanel} submit="Enregistrer les créneaux" translated>
      <Text size="sm" c="dimmed" maw={760}>
        {SERVICES.slotsHelp}
      </Text>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <DurationField form={f} label="Durée d'un créneau" hour="duration_hour" minute="duration_minute" />
        <DurationField form={f} label="Intervalle entre deux créneaux" hour="interval_hour" minute="interval_minute" />
        <NumberInput label="Fin des réservations (heures avant le début)" min={0} max={SERVICE_LIMITS.limitEnd} w={300} allowDecimal={false} {...f.form.getInputProps('limit_end')} />
      </Group>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <NumberInput
          label="Places par client et par jour"
          description="Dans l’application, un client ne réserve pas plus de places sur ce service un même jour. Vos réservations depuis le planning ne comptent pas."
          min={1}
          max={SERVICE_LIMITS.guestDayPlaces}
          w={300}
          allowDecimal={false}
          {...f.form.getInputProps('guest_day_places')}
        />
        <NumberInput
          label="Réservation ouverte avant l’arrivée (jours)"
          description="Un client réserve pour les jours de son séjour, à partir de ce nombre de jours avant son arrivée (0 : le jour même)."
          min={0}
          max={SERVICE_LIMITS.daysBeforeArrival}
          w={300}
          allowDecimal={false}
          {...f.form.getInputProps('days_before_arrival')}
        />
      </Group>
      <TranslatedInput form={f} field="location" label="Lieu de rendez-vous" max={SERVICE_LOCATION.max} />
      <DatesField form={f} path="open_dates" label="Périodes d'ouverture" addLabel="Ajouter une période" />
      <HoursField form={f} path="open_hours" label="Horaires d'ouverture" addLabel="Ajouter un horaire" />
    </FormCard>
  );
}
