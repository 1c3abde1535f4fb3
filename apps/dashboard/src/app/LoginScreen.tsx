import { useEffect, useState } from 'react';
import { Alert, Box, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CORE, config, fileUrl, users } from '@campsite/shared';
import { ApiError, api } from '@campsite/shared/client';
import { keyOf } from '../lib/query';
import { tabTitle } from '../shell/titles';
import classes from './LoginScreen.module.css';

/** 000 §2.3: login, password, 'Se connecter', a welcome heading and the establishment's background. */
export function LoginScreen() {
  const client = useQueryClient();
  const publicConfig = useQuery({ queryKey: keyOf(config.public), queryFn: () => api(config.public), retry: false });
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ login?: string; password?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const establishment = publicConfig.data?.establishment;
  useEffect(() => {
    document.title = establishment ? tabTitle('Connexion', establishment) : 'Connexion';
  }, [establishment]);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const next = { login: login.trim() ? undefined : CORE.loginRequired, password: password ? undefined : CORE.passwordRequired };
    setErrors(next);
    if (next.login || next.password) return;
    setBusy(true);
    setMessage(null);
    try {
      const user = await api(users.login, { login: login.trim(), password });
      if (user === false) setMessage(CORE.loginFailed);
      else client.setQueryData(keyOf(users.session), user);
    } catch (err) {
      setMessage(err instanceof ApiError && err.status === 429 ? err.message : CORE.genericErrorDot);
    } finally {
      setBusy(false);
    }
  }

  const background = publicConfig.data?.background;
  return (
    <Box className={classes.page} style={background ? { backgroundImage: `url(${fileUrl(background, 1920)})` } : undefined}>
      <Paper component="form" onSubmit={submit} className={classes.card} shadow="xl" radius="md" p="xl" noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              Bienvenue
            </Title>
            <Text c="dimmed" size="sm">
              {publicConfig.data?.establishment ? `Espace de gestion · ${publicConfig.data.establishment}` : 'Espace de gestion de votre établissement'}
            </Text>
          </div>
          {message && (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          )}
          <TextInput
            label="Identifiant"
            name="login"
            autoComplete="username"
            required
            value={login}
            onChange={(e) => setLogin(e.currentTarget.value)}
            error={errors.login}
          />
          <PasswordInput
            label="Mot de passe"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
          <Button type="submit" loading={busy} fullWidth size="md">
            Se connecter
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
