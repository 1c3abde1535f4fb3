import { useNavigate } from 'react-router';
import { NativeSelect, PasswordInput, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import type { DashboardUser, Permissions } from '@campsite/shared';
import { CORE, PERMISSIONS, PEOPLE, ROLE_PRESETS, userInsert } from '@campsite/shared';
import type { Flash } from '../../components/flash';
import { useContractForm } from '../../components/form';
import { FormCard } from '../../components/FormCard';
import { useSession } from '../../shell/session';
import { useStaffInsert } from './api/people-queries';
import { FLAG_LABELS } from './StaffForms';

interface NewValues extends Record<string, unknown> {
  lastname: string;
  firstname: string;
  email: string;
  username: string;
  password: string;
  confirmation: string;
  permissions: Permissions;
}

const noFlags = () => Object.fromEntries(PERMISSIONS.map((p) => [p, 0])) as Permissions;
/** The preset whose flags are exactly these, if any (the select shows it; an adjusted set shows none). */
const presetOf = (p: Permissions) => ROLE_PRESETS.find((r) => PERMISSIONS.every((k) => (p[k] === 1) === r.flags.includes(k)))?.key ?? null;

/** Creation of a dashboard user, offered from the hub (002 §5 'Dashboard user creation'). */
export function StaffCreateForm({ flash, onCancel }: { flash: Flash; onCancel(): void }) {
  const insert = useStaffInsert();
  const { user: me } = useSession();
  // flags are given by a super user only (the server refuses them from anyone else): only they see them
  const isSuper = me.permissions.super === 1;
  const navigate = useNavigate();
  const f = useContractForm({
    initial: { lastname: '', firstname: '', email: '', username: '', password: '', confirmation: '', permissions: noFlags() } as NewValues,
    schema: userInsert,
    toBody: ({ confirmation: _, permissions, ...v }) => (isSuper ? { ...v, permissions } : v),
    check: (v): Record<string, string> => (v.password && v.password !== v.confirmation ? { confirmation: CORE.passwordMismatch } : {}),
    save: (body) => insert.mutateAsync(body),
    // the identifier taken: said on its field, where the eye is (and in the banner)
    refused: (answer) => {
      if (answer !== 1) return null;
      f.form.setFieldError('username', CORE.duplicateUsername);
      return CORE.duplicateUsername;
    },
    action: "Impossible de créer l'utilisateur",
    success: CORE.userCreated,
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
      {isSuper && (
        <>
          <NativeSelect
            label={PEOPLE.rolePreset}
            description="Un ensemble de permissions de départ, que vous pouvez ajuster ci-dessous"
            data={[{ value: '', label: 'Choisir un rôle' }, ...ROLE_PRESETS.map((r) => ({ value: r.key, label: r.label }))]}
            value={presetOf(f.form.values.permissions) ?? ''}
            onChange={(e) => {
              const preset = ROLE_PRESETS.find((r) => r.key === e.currentTarget.value);
              f.form.setFieldValue('permissions', Object.fromEntries(PERMISSIONS.map((p) => [p, preset?.flags.includes(p) ? 1 : 0])) as Permissions);
            }}
            maw={320}
          />
          <Text size="sm" fw={600}>
            Permissions
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {PERMISSIONS.map((p) => (
              <Switch
                key={p}
                label={FLAG_LABELS[p]}
                checked={f.form.values.permissions[p] === 1}
                onChange={(e) => f.form.setFieldValue(`permissions.${p}`, e.currentTarget.checked ? 1 : 0)}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </FormCard>
  );
}
