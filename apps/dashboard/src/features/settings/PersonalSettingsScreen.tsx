import { Grid, Group, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { FILE_FLAGS, CORE, userUpdate } from '@campsite/shared';
import { useSession } from '../../shell/session';
import { useFlash } from '../../components/flash';
import { PageForm } from '../../components/FormCard';
import { pickerProps, useContractForm } from '../../components/form';
import { ImageUpload } from '../../components/ImageUpload';
import { PageHeader } from '../../components/PageHeader';
import { useUpdateUser } from './api/settings-queries';

interface Values extends Record<string, unknown> {
  lastname: string;
  firstname: string;
  email: string;
  username: string;
  avatar: string | null;
  current_password: string;
  password: string;
  confirmation: string;
}

/**
 * 002 §2 'Personal settings': one's own account. The current password is asked only when the
 * identifier or the password changes (a name, an e-mail or an avatar does not need it).
 */
export default function PersonalSettingsScreen() {
  const { user, has } = useSession();
  // the upload call needs one of the areas' flags (issue 18): without one the avatar is not offered
  const mayUpload = FILE_FLAGS.some((flag) => has(flag));
  const flash = useFlash();
  const save = useUpdateUser();
  const f = useContractForm({
    initial: { lastname: user.lastname, firstname: user.firstname, email: user.email, username: user.username, avatar: user.avatar, current_password: '', password: '', confirmation: '' } as Values,
    schema: userUpdate,
    toBody: ({ confirmation: _, current_password, ...v }) => ({ ...v, id: user._id, ...(needsPassword(v) ? { current_password } : {}) }),
    check: (v) => ({
      // an empty field asks for the password; 'Mot de passe invalide' is the server's answer to a wrong one
      ...(needsPassword(v) && !v.current_password ? { current_password: CORE.currentPasswordNeeded } : {}),
      ...(v.password && v.password !== v.confirmation ? { confirmation: CORE.passwordMismatch } : {}),
    }),
    save: (body) => save.mutateAsync(body),
    refused: (answer) => (answer === 1 ? CORE.duplicateUsername : null),
    action: CORE.genericError,
    success: CORE.accountUpdated,
    onSaved: (_, v) => f.form.setValues({ ...v, current_password: '', password: '', confirmation: '' }),
    flash,
  });
  const needsPassword = (v: Pick<Values, 'username' | 'password'>) => v.username.trim() !== user.username || !!v.password;
  const asked = needsPassword(f.form.values);

  return (
    <>
      <PageHeader title="Mon compte" />
      <PageForm form={f} flash={flash}>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p="lg" radius="md">
              <Stack>
                <Title order={2} size="h4">
                  Informations personnelles
                </Title>
                <Group grow align="flex-start">
                  <TextInput label="Nom" required {...f.form.getInputProps('lastname')} />
                  <TextInput label="Prénom" required {...f.form.getInputProps('firstname')} />
                </Group>
                <TextInput label="Adresse e-mail" type="email" required {...f.form.getInputProps('email')} />
                <TextInput label="Identifiant" required autoComplete="username" {...f.form.getInputProps('username')} />
                <Title order={2} size="h4" mt="sm">
                  Mot de passe
                </Title>
                <Group grow align="flex-start">
                  <PasswordInput label="Nouveau mot de passe" description="Vide pour garder l'actuel" autoComplete="new-password" {...f.form.getInputProps('password')} />
                  <PasswordInput label="Confirmation" description="Le nouveau mot de passe, à nouveau" autoComplete="new-password" {...f.form.getInputProps('confirmation')} />
                </Group>
                {asked && (
                  <PasswordInput
                    label="Mot de passe actuel"
                    description="Nécessaire pour changer votre identifiant ou votre mot de passe"
                    required
                    autoComplete="current-password"
                    {...f.form.getInputProps('current_password')}
                  />
                )}
              </Stack>
            </Paper>
          </Grid.Col>
          {mayUpload && (
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder p="lg" radius="md">
                <ImageUpload label="Avatar" previewHeight={120} {...(pickerProps(f, 'avatar') as { value: string | null; onChange(id: string | null): void })} />
              </Paper>
            </Grid.Col>
          )}
        </Grid>
      </PageForm>
    </>
  );
}
