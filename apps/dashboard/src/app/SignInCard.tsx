import { useState, type ReactNode } from 'react';
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { CORE } from '@campsite/shared';
import { ApiError } from '@campsite/shared/client';
import classes from './LoginScreen.module.css';

/**
 * The sign-in card of the staff (000 §2.3) and of the operator console: identifier, password, 'Se connecter',
 * the required fields' sentences, a refusal or the throttle's 429 sentence above the fields. `signIn`
 * answers false for a wrong pair, and puts the session in the cache otherwise.
 */
export function SignInCard({ title, subtitle, signIn }: { title: ReactNode; subtitle: ReactNode; signIn: (login: string, password: string) => Promise<boolean> }) {
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
      if (!(await signIn(login.trim(), password))) setMessage(CORE.loginFailed);
    } catch (err) {
      setMessage(err instanceof ApiError && err.status === 429 ? err.message : CORE.genericErrorDot);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper component="form" onSubmit={submit} className={classes.card} shadow="xl" radius="md" p="xl" noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {subtitle}
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
  );
}
