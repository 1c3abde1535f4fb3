import type { ReactNode } from 'react';
import { Paper, PasswordInput, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import type { DashboardUser, Permission, Permissions } from '@campsite/shared';
import { CORE, PERMISSIONS, PEOPLE, userUpdate } from '@campsite/shared';
import type { Flash } from '../../components/flash';
import { FormActions, FormFailure, useContractForm, type ContractForm } from '../../components/form';
import { NAV } from '../../shell/nav';
import { useStaffUpdate } from './api/people-queries';

/** The flags with the sidebar's words (000 §2.4); super is the administrator. */
export const FLAG_LABELS: Record<Permission, string> = {
  ...(Object.fromEntries(NAV.map((e) => [e.flag, e.label])) as Record<Permission, string>),
  homepage: 'Dashboard (page d’accueil)',
  super: 'Administrateur (paramètres administrateur)',
};

const edit = (u: DashboardUser) => ({ id: u._id, lastname: u.lastname, firstname: u.firstname, email: u.email, username: u.username, avatar: u.avatar });

interface FlagValues extends Record<string, unknown> {
  permissions: Permissions;
}

/** The 13 flags, as switches named like the sidebar; only a super user changes them. */
export function PermissionsForm({ user, flash, editable }: { user: DashboardUser; flash: Flash; editable: boolean }) {
  const update = useStaffUpdate();
  const f = useContractForm({
    initial: { permissions: Object.fromEntries(PERMISSIONS.map((p) => [p, user.permissions[p] === 1 ? 1 : 0])) as Permissions } as FlagValues,
    schema: userUpdate,
    toBody: (v) => ({ ...edit(user), permissions: v.permissions }),
    save: (body) => update.mutateAsync(body),
    refused: (answer) => (answer === 1 ? CORE.duplicateUsername : null),
    action: 'Impossible de mettre à jour les permissions',
    success: PEOPLE.permissionsSaved,
    flash,
  });
  return (
    <InlineForm form={f as never} title="Permissions" submit="Enregistrer les permissions">
      {!editable && (
        <Text size="sm" c="dimmed">
          {CORE.permissionsSuperOnly}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {PERMISSIONS.map((p) => (
          <Switch
            key={p}
            label={FLAG_LABELS[p]}
            disabled={!editable}
            checked={f.form.values.permissions[p] === 1}
            onChange={(e) => f.form.setFieldValue(`permissions.${p}`, e.currentTarget.checked ? 1 : 0)}
          />
        ))}
      </SimpleGrid>
    </InlineForm>
  );
}

/**
 * A titled form of a detail page. Unlike FormCard it does not take the focus when the page opens: the
 * page holds several forms and the user chooses one.
 */
function InlineForm({ form, title, submit, children }: { form: ContractForm<never>; title: string; submit: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={form.onSubmit} noValidate aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        <FormFailure form={form} />
        {children}
        <FormActions form={form} submit={submit} />
      </Stack>
    </Paper>
  );
}

interface PasswordValues extends Record<string, unknown> {
  password: string;
  confirmation: string;
}

/** Sets a new password for another member (the member's sessions end with it). */
export function PasswordReset({ user, flash }: { user: DashboardUser; flash: Flash }) {
  const update = useStaffUpdate();
  const f = useContractForm({
    initial: { password: '', confirmation: '' } as PasswordValues,
    schema: userUpdate,
    toBody: (v) => ({ ...edit(user), password: v.password }),
    check: (v): Record<string, string> => (v.password.length < 8 ? { password: CORE.passwordShort } : v.password !== v.confirmation ? { confirmation: CORE.passwordMismatch } : {}),
    save: (body) => update.mutateAsync(body),
    refused: (answer) => (answer === 1 ? CORE.duplicateUsername : null),
    action: 'Impossible de modifier le mot de passe',
    success: PEOPLE.passwordReset,
    onSaved: () => f.form.reset(),
    flash,
  });
  return (
    <InlineForm form={f as never} title="Réinitialiser le mot de passe" submit="Changer le mot de passe">
      <PasswordInput label="Nouveau mot de passe" required autoComplete="new-password" {...f.form.getInputProps('password')} />
      <PasswordInput label="Confirmation" required autoComplete="new-password" {...f.form.getInputProps('confirmation')} />
    </InlineForm>
  );
}
