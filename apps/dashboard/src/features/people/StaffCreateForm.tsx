import { useNavigate } from 'react-router';
import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import type { DashboardUser } from '@campsite/shared';
import { M, userInsert } from '@campsite/shared';
import type { Flash } from '../../components/flash';
import { useContractForm } from '../../components/form';
import { FormCard } from '../../components/FormCard';
import { useStaffInsert } from './api/people-queries';

interface NewValues extends Record<string, unknown> {
  lastname: string;
  firstname: string;
  email: string;
  username: string;
  password: string;
  confirmation: string;
}

/** Creation of a dashboard user, offered from the hub (002 §5 'Dashboard user creation'). */
export function StaffCreateForm({ flash, onCancel }: { flash: Flash; onCancel(): void }) {
  const insert = useStaffInsert();
  const navigate = useNavigate();
  const f = useContractForm({
    initial: { lastname: '', firstname: '', email: '', username: '', password: '', confirmation: '' } as NewValues,
    schema: userInsert,
    toBody: ({ confirmation: _, ...v }) => v,
    check: (v): Record<string, string> => (v.password && v.password !== v.confirmation ? { confirmation: M.passwordMismatch } : {}),
    save: (body) => insert.mutateAsync(body),
    refused: (answer) => (answer === 1 ? M.duplicateUsername : null),
    action: "Impossible de créer l'utilisateur",
    success: M.userCreated,
    onSaved: (answer) => navigate(`/users/dashboard/${(answer as DashboardUser)._id}`),
    flash,
  });
  const input = (k: keyof NewValues & string) => f.form.getInputProps(k);
  return (
    <FormCard form={f} title="Créer un utilisateur du dashboard" submit="Créer l'utilisateur" onCancel={onCancel}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Nom" required {...input('lastname')} />
        <TextInput label="Prénom" required {...input('firstname')} />
        <TextInput label="E-mail" type="email" required {...input('email')} />
        <TextInput label="Identifiant" required autoComplete="off" {...input('username')} />
        <PasswordInput label="Mot de passe" required autoComplete="new-password" {...input('password')} />
        <PasswordInput label="Confirmation du mot de passe" required autoComplete="new-password" {...input('confirmation')} />
      </SimpleGrid>
    </FormCard>
  );
}
