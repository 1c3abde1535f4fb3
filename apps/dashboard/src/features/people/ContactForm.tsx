import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { ClientCard } from '@campsite/shared';
import { clientContactUpdate, LANGS, PEOPLE } from '@campsite/shared';
import { useContractForm } from '../../components/form';
import { FormModal } from '../../components/FormCard';
import type { Flash } from '../../components/flash';
import { useUpdateContact } from './api/people-queries';
import { LANG_NAMES } from './labels';

type Values = {
  email1: string;
  email2: string;
  phone1: string;
  phone2: string;
  phone3: string;
  langage: string | null;
};

/**
 * A client's contact details corrected from their card (issue 20): the room-list form's rules, checked
 * here and by the server with the same sentences; an emptied field is cleared.
 */
export function ContactForm({ card, flash, onClose }: { card: ClientCard; flash: Flash; onClose(): void }) {
  const update = useUpdateContact();
  const known = card.langage && (LANGS as readonly string[]).includes(card.langage) ? card.langage : null;
  const f = useContractForm({
    initial: {
      email1: card.email1 ?? '',
      email2: card.email2 ?? '',
      phone1: card.phone1 ?? '',
      phone2: card.phone2 ?? '',
      phone3: card.phone3 ?? '',
      langage: known,
    } as Values,
    schema: clientContactUpdate,
    // a language the PMS wrote that the app does not know stays as it is unless one is chosen
    toBody: (v) => ({ client_number: card.client_number, email1: v.email1, email2: v.email2, phone1: v.phone1, phone2: v.phone2, phone3: v.phone3, ...(v.langage ? { langage: v.langage as never } : {}) }),
    save: (body) => update.mutateAsync(body),
    action: PEOPLE.contactFailed,
    success: PEOPLE.contactUpdated,
    onSaved: onClose,
    flash,
  });
  return (
    <FormModal form={f} title={PEOPLE.editContact} submit="Enregistrer" onClose={onClose}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="E-mail 1" type="email" autoComplete="off" {...f.form.getInputProps('email1')} />
        <TextInput label="E-mail 2" type="email" autoComplete="off" {...f.form.getInputProps('email2')} />
        <TextInput label="Téléphone 1" type="tel" autoComplete="off" {...f.form.getInputProps('phone1')} />
        <TextInput label="Téléphone 2" type="tel" autoComplete="off" {...f.form.getInputProps('phone2')} />
        <TextInput label="Téléphone 3" type="tel" autoComplete="off" {...f.form.getInputProps('phone3')} />
        <Select
          label="Langue des e-mails"
          data={LANGS.map((l) => ({ value: l, label: LANG_NAMES[l] }))}
          placeholder={card.langage && !known ? card.langage : PEOPLE.notProvided}
          {...f.form.getInputProps('langage')}
        />
      </SimpleGrid>
    </FormModal>
  );
}
