import { Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ServiceBenefit, ServiceWorker } from '@campsite/shared';
import { SERVICES, pickTranslation, serviceWorkers, workerInsert } from '@campsite/shared';
import { useSession } from '../../shell/session';
import type { Flash } from '../../components/flash';
import { FormModal } from '../../components/FormCard';
import { useContractForm, useFreshRead } from '../../components/form';
import { useWorkerInsert, useWorkerUpdate } from './api/services-queries';
import { DatesField, HoursField, newDateRow, newHoursRow, type DateRow, type HoursRow } from './OpenTimes';

interface Values extends Record<string, unknown> {
  firstname: string;
  lastname: string;
  working_dates: DateRow[];
  working_hours: HoursRow[];
  services: string[];
}

/** The form's values from the record (when it opens, and reloaded after a 409). */
const valuesOf = (current: ServiceWorker | null): Values => ({
    firstname: current?.firstname ?? '',
    lastname: current?.lastname ?? '',
    working_dates: current?.working_dates ?? [newDateRow()],
    working_hours: current?.working_hours ?? [newHoursRow()],
    services: current?.services ?? [],
});

/**
 * A worker (001 §3, §5): names, availability periods, work hours and the benefits offered. The
 * benefits are ticked among the service's, so that none is left blank or counted twice.
 */
export function WorkerForm({ service, benefits, current, flash, onClose }: { service: string; benefits: ServiceBenefit[]; current: ServiceWorker | null; flash: Flash; onClose(): void }) {
  const { defaultLang } = useSession();
  const insert = useWorkerInsert();
  const update = useWorkerUpdate();
  const fresh = useFreshRead();
  const f = useContractForm({
    initial: valuesOf(current),
    revision: current?.revision,
    reload: current
      ? async () => {
          const now = (await fresh(serviceWorkers.findByService, { service })).find((x) => x._id === current._id);
          return now ? { values: valuesOf(now), revision: now.revision } : null;
        }
      : undefined,
    schema: workerInsert,
    toBody: (v) => ({ service, ...v }),
    save: (body) => (current ? update.mutateAsync({ _id: current._id, ...body }) : insert.mutateAsync(body)),
    action: current ? 'Impossible de modifier le prestataire' : "Impossible d'ajouter le prestataire",
    success: SERVICES.workerAdded,
    onSaved: () => {
      flash.setSuccess(current ? 'Le prestataire a bien été mis à jour' : SERVICES.workerAdded);
      onClose();
    },
  });
  const offered = f.form.getInputProps('services');
  return (
    <FormModal form={f} title={current ? 'Modifier le prestataire' : 'Nouveau prestataire'} submit={current ? 'Mettre à jour' : 'Ajouter'} onClose={onClose} size="xl">
      <Group grow align="flex-start">
        <TextInput label="Prénom" required {...f.form.getInputProps('firstname')} />
        <TextInput label="Nom" required {...f.form.getInputProps('lastname')} />
      </Group>
      <Checkbox.Group label="Prestations proposées" required value={offered.value as string[]} onChange={offered.onChange} error={offered.error as string | undefined}>
        <Stack gap={6} mt={6} data-path="services">
          {benefits.map((b) => (
            <Checkbox key={b._id} value={b._id} label={pickTranslation(b.translations, defaultLang, defaultLang, 'subtitle') || '(sans titre)'} />
          ))}
          {benefits.length === 0 && (
            <Text size="sm" c="dimmed">
              Ajoutez d'abord une prestation à ce service.
            </Text>
          )}
        </Stack>
      </Checkbox.Group>
      <DatesField form={f} path="working_dates" label="Périodes de disponibilité" addLabel="Ajouter une période" />
      <HoursField form={f} path="working_hours" label="Horaires de travail" addLabel="Ajouter un horaire" />
    </FormModal>
  );
}
