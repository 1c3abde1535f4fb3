import type { ChangeEvent, ReactNode } from 'react';
import { Group, Radio, TextInput } from '@mantine/core';
import { useSession } from '../shell/session';
import { localInput, spelled } from './notifications/when';

export type SendWhen = 'now' | 'later';

/**
 * When a send goes (a notification, a mail campaign): 'Envoi' Maintenant / À une date choisie, then the
 * date and time in the establishment's zone, said again in French under the input (the browser writes it
 * in its own language: 11/24/2026, 03:38 PM). `input` is the time input's value, change and error (a
 * form's `getInputProps('at')`); `choice={false}` leaves the choice out (a send that goes now).
 */
export function SendTimeField({
  when,
  onWhen,
  input,
  choice = true,
}: {
  when: SendWhen;
  onWhen(when: SendWhen): void;
  input: { value?: unknown; onChange(e: ChangeEvent<HTMLInputElement>): void; error?: ReactNode };
  choice?: boolean;
}) {
  const { timeZone } = useSession();
  return (
    <>
      {choice && (
        <Radio.Group label="Envoi" value={when} onChange={(v) => onWhen(v as SendWhen)}>
          <Group mt={6}>
            <Radio value="now" label="Maintenant" />
            <Radio value="later" label="À une date choisie" />
          </Group>
        </Radio.Group>
      )}
      {when === 'later' && (
        <TextInput
          {...input}
          value={String(input.value ?? '')}
          type="datetime-local"
          label="Date et heure d'envoi"
          required
          min={localInput(Math.floor(Date.now() / 1000), timeZone)}
          description={spelled(String(input.value ?? ''), timeZone)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      )}
    </>
  );
}
