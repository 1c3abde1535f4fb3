import { useState } from 'react';
import { Button, Grid, Group, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { M, userUpdate } from '@campsite/shared';
import { useSession } from '../../app/session';
import { FlashBanner, useFlash } from '../../components/flash';
import { ImageUpload } from '../../components/ImageUpload';
import { PageHeader } from '../../components/PageHeader';
import { fieldErrors } from '../../lib/errors';
import { validate } from '../../lib/form';
import { useUpdateUser } from './api/settings-queries';
import { ApiError } from '@campsite/shared/client';

/** 002 §2 'Personal settings': one's own account, the current password confirming the change. */
export default function PersonalSettingsScreen() {
  const { user } = useSession();
  const [form, setForm] = useState({
    lastname: user.lastname,
    firstname: user.firstname,
    email: user.email,
    username: user.username,
    avatar: user.avatar,
    current_password: '',
    password: '',
    confirmation: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const flash = useFlash();
  const save = useUpdateUser();
  // the value is read now: the event's currentTarget is gone by the time React runs the updater
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [k]: value }));
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const { confirmation, ...body } = form;
    const checked = validate(userUpdate, { ...body, id: user._id });
    const fields = checked.ok ? {} : { ...checked.fields };
    if (!form.current_password) fields.current_password = M.wrongPassword;
    if (form.password && form.password !== confirmation) fields.confirmation = M.passwordMismatch;
    setErrors(fields);
    if (Object.keys(fields).length) return flash.setError(M.formError);
    try {
      const saved = await save.mutateAsync({ ...body, id: user._id });
      if (saved === 1) {
        setErrors({ username: M.duplicateUsername });
        flash.setError(M.duplicateUsername);
      } else if (saved === false) flash.setError(M.genericError);
      else {
        setForm((f) => ({ ...f, current_password: '', password: '', confirmation: '' }));
        flash.setSuccess(M.accountUpdated);
      }
    } catch (err) {
      setErrors(fieldErrors(err));
      flash.setError(err instanceof ApiError && err.status === 400 ? err.message : M.genericError);
    }
  }

  return (
    <>
      <PageHeader title="Mon compte" />
      <form onSubmit={submit} noValidate>
        <FlashBanner flash={flash} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p="lg" radius="md">
              <Stack>
                <Title order={2} size="h4">
                  Informations personnelles
                </Title>
                <Group grow align="flex-start">
                  <TextInput label="Nom" required value={form.lastname} onChange={set('lastname')} error={errors.lastname} />
                  <TextInput label="Prénom" required value={form.firstname} onChange={set('firstname')} error={errors.firstname} />
                </Group>
                <TextInput label="Adresse e-mail" type="email" required value={form.email} onChange={set('email')} error={errors.email} />
                <TextInput label="Identifiant" required value={form.username} onChange={set('username')} error={errors.username} />
                <Title order={2} size="h4" mt="sm">
                  Mot de passe
                </Title>
                <PasswordInput
                  label="Mot de passe actuel"
                  description="Nécessaire pour enregistrer toute modification"
                  required
                  autoComplete="current-password"
                  value={form.current_password}
                  onChange={set('current_password')}
                  error={errors.current_password}
                />
                <Group grow align="flex-start">
                  <PasswordInput
                    label="Nouveau mot de passe"
                    description="Vide pour garder l'actuel"
                    autoComplete="new-password"
                    value={form.password}
                    onChange={set('password')}
                    error={errors.password}
                  />
                  <PasswordInput
                    label="Confirmation"
                    description="Le nouveau mot de passe, à nouveau"
                    autoComplete="new-password"
                    value={form.confirmation}
                    onChange={set('confirmation')}
                    error={errors.confirmation}
                  />
                </Group>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="lg" radius="md">
              <ImageUpload label="Avatar" value={form.avatar} onChange={(id) => setForm((f) => ({ ...f, avatar: id }))} previewHeight={120} />
            </Paper>
          </Grid.Col>
        </Grid>
        <Group mt="lg" justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Enregistrer
          </Button>
        </Group>
      </form>
    </>
  );
}
