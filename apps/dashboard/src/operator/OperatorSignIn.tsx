import { useState } from 'react';
import { Alert, Box, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CORE, OPERATOR, operatorCalls } from '@campsite/shared';
import { ApiError, api } from '@campsite/shared/client';
import { keyOf } from '../lib/query';
import classes from '../app/LoginScreen.module.css';

/** The operator's sign-in: the staff's form and rules (the same throttle answers its 429 sentence). */
export function OperatorSignIn() {
  const client = useQueryClient();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ login?: string; password?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const next = { login: login.trim() ? undefined : CORE.loginRequired, password: password ? undefined : CORE.passwordRequired };
    setErrors(next);
    if (next.login || next.password) return;
    setBusy(true);
    setMessage(null);
    try {
      const operator = await api(operatorCalls.login, { login: login.trim(), password });
      if (operator === false) setMessage(CORE.loginFailed);
      else client.setQueryData(keyOf(operatorCalls.session), operator);
    } catch (err) {
      setMessage(err instanceof ApiError && err.status === 429 ? err.message : CORE.genericErrorDot);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box className={classes.page} component="main">
      <Paper component="form" onSubmit={submit} className={classes.card} shadow="xl" radius="md" p="xl" noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {OPERATOR.title}
            </Title>
            <Text c="dimmed" size="sm">
              Les campings de la plateforme, leur formule et leur état
            </Text>
          </div>
          {message && (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          )}
          <TextInput label="Identifiant" name="login" autoComplete="username" required value={login} onChange={(e) => setLogin(e.currentTarget.value)} error={errors.login} />
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
