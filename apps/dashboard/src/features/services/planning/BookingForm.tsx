import { useEffect, useState } from 'react';
import { Divider, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { DeskGuest, Service, ServiceBenefit, ServiceWorker } from '@campsite/shared';
import { SERVICES, pickTranslation, reservationSubmit, zonedTimeToEpoch } from '@campsite/shared';
import type { Flash } from '../../../components/flash';
import { DayField, TimeField, spelledDay } from '../../../components/dates';
import { FormModal } from '../../../components/FormCard';
import { useContractForm } from '../../../components/form';
import { useSession } from '../../../shell/session';
import { useReservationSubmit } from '../api/services-queries';
import { useDeskGuests } from '../api/services-queries';
import { DeskGuestField } from './DeskGuestField';
import { dayOf, hhmm } from './layout';
import { prefillFrom } from './prefill';

interface Values extends Record<string, unknown> {
  worker: string | null;
  benefit: string | null;
  date: string;
  time: string;
  client_number: string;
  user: string | null;
  identity: string;
  age: string;
  phone: string;
  answers: string[];
}

const isoOf = (d: { year: number; month: number; day: number }) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
const digits = (s: string) => /^\d+$/.test(s.trim());

/**
 * 001 §4 steps 1–2, in one modal: worker, benefit, date and time (prefilled from the cell), then the
 * guest and what the benefit asks. One field finds the guest by name, pitch, stay or client number
 * (issue 32): picking a stay fills the client number, the app account the booking reaches (the one that
 * joined that stay) and identity, age and phone. A client number typed by hand is kept too, and the server
 * links it to the client's account by itself.
 */
export function BookingForm({
  service,
  workers,
  benefits,
  worker,
  start,
  flash,
  onClose,
  stay,
}: {
  service: Service;
  workers: ServiceWorker[];
  benefits: ServiceBenefit[];
  worker: ServiceWorker;
  start: number;
  flash: Flash;
  onClose(): void;
  /** a stay to book for (the stay's page, docs/desk.md): picked as soon as the desk's search finds it */
  stay?: string;
}) {
  const { timeZone, defaultLang } = useSession();
  const submit = useReservationSubmit();
  const [guest, setGuest] = useState<DeskGuest | null>(null);
  const offered = (w: string | null) => benefits.filter((b) => workers.find((x) => x._id === w)?.services.includes(b._id));
  const first = offered(worker._id);
  const toStart = (v: Values) => {
    const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.date);
    const t = /^(\d{2}):(\d{2})$/.exec(v.time);
    return d && t ? zonedTimeToEpoch(Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2]), timeZone) : NaN;
  };
  const benefitOf = (v: Values) => benefits.find((b) => b._id === v.benefit);
  const f = useContractForm({
    initial: {
      worker: worker._id,
      benefit: first.length === 1 ? first[0]._id : null,
      date: isoOf(dayOf(start, timeZone)),
      time: hhmm(start, timeZone),
      client_number: '',
      user: null,
      identity: '',
      age: '',
      phone: '',
      answers: [],
    } as Values,
    schema: reservationSubmit,
    toBody: (v) => {
      const b = benefitOf(v);
      return {
        from: 'dashboard' as const,
        service: service._id,
        service_worker: v.worker ?? '',
        service_benefit: v.benefit ?? '',
        start: Number.isFinite(toStart(v)) ? toStart(v) : 0,
        user: v.user,
        // kept whether the benefit asks for it or not: it links the booking to the guest's account
        client_number: v.client_number.trim() || null,
        identity: b?.identity ? v.identity.trim() : null,
        age: b?.age && v.age.trim() ? v.age.trim() : null,
        phone: b?.phone ? v.phone.trim() : null,
        answers: (b?.questions ?? []).map((_, i) => v.answers[i] ?? ''),
      };
    },
    fieldOf: { service_worker: 'worker', service_benefit: 'benefit', start: 'time' },
    check: (v) => {
      const e: Record<string, string> = {};
      const now = Date.now() / 1000;
      const at = toStart(v);
      const today = isoOf(dayOf(now, timeZone));
      if (v.date < today) e.date = SERVICES.dateInPast;
      else if (!Number.isFinite(at) || at <= now) e.time = SERVICES.hourInPast;
      if (v.client_number.trim() && !digits(v.client_number)) e.client_number = SERVICES.clientNumberDigits;
      const b = benefitOf(v);
      if (!b) return e;
      if (b.client_number && !v.client_number.trim()) e.client_number = SERVICES.clientNumberRequired;
      if (b.identity && !v.identity.trim()) e.identity = SERVICES.identityRequired;
      if (b.age) {
        if (!v.age.trim()) e.age = SERVICES.ageRequired;
        else if (!digits(v.age)) e.age = SERVICES.ageDigits;
      }
      if (b.phone && !v.phone.trim()) e.phone = SERVICES.phoneRequired;
      b.questions.forEach((q, i) => {
        const a = (v.answers[i] ?? '').trim();
        if (q.mandatory && !a) e[`answers.${i}`] = SERVICES.answerRequired;
        else if (a && q.type === 'number' && !/^-?\d+$/.test(a)) e[`answers.${i}`] = SERVICES.answerNumber;
      });
      return e;
    },
    save: (body) => submit.mutateAsync(body),
    action: SERVICES.bookingError,
    failed: () => SERVICES.bookingError,
    success: SERVICES.reservationAdded,
    onSaved: () => {
      flash.setSuccess(SERVICES.reservationAdded);
      onClose();
    },
  });
  const v = f.form.values;
  const b = benefitOf(v);
  const label = (text: string, required: boolean) => `${text}${required ? SERVICES.mandatorySuffix : ''}`;

  function pick(g: DeskGuest | null) {
    setGuest(g);
    if (!g) return;
    const account = g.users.find((u) => u._id === g.user) ?? null;
    f.form.setValues({ client_number: g.client_number, user: g.user, ...prefillFrom(g, account, Date.now() / 1000, timeZone) });
  }
  function pickAccount(id: string | null) {
    if (!guest) return;
    const account = guest.users.find((u) => u._id === id) ?? null;
    f.form.setValues({ user: id, ...prefillFrom(guest, account, Date.now() / 1000, timeZone) });
  }
  const clientNumber = f.form.getInputProps('client_number');
  const preset = useDeskGuests(stay ?? '');
  useEffect(() => {
    const found = preset.data?.find((g) => g.stay_number === stay);
    if (found && !guest) pick(found);
    // once, when the search answers: a guest picked by hand after is kept
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preset.data]);

  return (
    <FormModal form={f} title="Ajouter une réservation" submit="Réserver" onClose={onClose}>
      <Group grow align="flex-start">
        <Select label="Prestataire" required data={workers.map((w) => ({ value: w._id, label: `${w.firstname} ${w.lastname}` }))} {...f.form.getInputProps('worker')} />
        <Select label="Prestation" required data={offered(v.worker).map((x) => ({ value: x._id, label: pickTranslation(x.translations, defaultLang, defaultLang, 'subtitle') }))} {...f.form.getInputProps('benefit')} />
      </Group>
      <Group grow align="flex-start">
        <DayField label="Date" required description={spelledDay(v.date)} inputWrapperOrder={['label', 'input', 'description', 'error']} {...f.form.getInputProps('date')} />
        <TimeField label="Heure" required {...f.form.getInputProps('time')} />
      </Group>
      <Divider label="Client" labelPosition="left" />
      <Stack gap="sm">
        <DeskGuestField picked={guest} onPick={pick} />
        <TextInput
          label={label('Numéro client', !!b?.client_number)}
          inputMode="numeric"
          {...clientNumber}
          onChange={(e) => {
            clientNumber.onChange(e);
            // another number is another client: the stay picked no longer holds
            if (guest) setGuest(null);
            f.form.setFieldValue('user', null);
          }}
        />
        {guest && guest.users.length > 0 && (
          <Select
            label="Compte de l'application"
            description="La réservation apparaît dans son application et lui est confirmée par e-mail"
            allowDeselect={false}
            data={guest.users.map((u) => ({ value: u._id, label: `${u.firstname} ${u.lastname} (${u.email})` }))}
            value={v.user}
            onChange={pickAccount}
          />
        )}
        {guest && guest.users.length === 0 && (
          <Text size="sm" c="dimmed">
            Ce client n&apos;a pas de compte activé dans l&apos;application : la réservation n&apos;y apparaîtra pas et aucun e-mail ne lui sera envoyé.
          </Text>
        )}
        {b?.identity && <TextInput label={label('Nom et prénom', true)} {...f.form.getInputProps('identity')} />}
        {b?.age && <TextInput label={label('Âge', true)} inputMode="numeric" w={120} {...f.form.getInputProps('age')} />}
        {b?.phone && <TextInput label={label('Téléphone', true)} type="tel" {...f.form.getInputProps('phone')} />}
        {b?.questions.map((q, i) => (
          <TextInput key={i} label={label(pickTranslation(q.translations, defaultLang, defaultLang, 'title'), q.mandatory)} inputMode={q.type === 'number' ? 'numeric' : undefined} {...f.form.getInputProps(`answers.${i}`)} value={v.answers[i] ?? ''} />
        ))}
      </Stack>
    </FormModal>
  );
}
