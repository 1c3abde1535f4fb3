import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Center, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CORE, WELCOME, users, welcome, type WelcomeError } from '@campsite/shared';
import { ApiError, api } from '@campsite/shared/client';
import { keyOf } from '../../lib/query';

/** The screen the first e-mail to a new site's manager links to; the token is the address's fragment. */
export const WELCOME_PATH = '/mot-de-passe';

const tokenOfAddress = () => decodeURIComponent(window.location.hash.replace(/^#/, ''));

/** The refusal of a link (or of the throttle) in French, with what to do. */
function sentenceOf(err: unknown): string {
  return err instanceof ApiError && err.status === 429 ? err.message : CORE.genericErrorDot;
}

/**
 * 'Choisissez votre mot de passe' (docs/multisite.md 'The first e-mail to the manager'): the password and
 * its confirmation, with the personal settings' rules and sentences; once saved the manager is signed in
 * and the dashboard opens. A link used or past its 7 days says so, and what to do.
 */
export function ChoosePasswordScreen() {
  const [token] = useState(tokenOfAddress);
  const client = useQueryClient();
  const navigate = useNavigate();
  const check = useQuery({ queryKey: keyOf(welcome.check, { token }), queryFn: () => api(welcome.check, { token: token || '-' }), retry: false, staleTime: Infinity });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [refusal, setRefusal] = useState<WelcomeError | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = WELCOME.title;
  }, []);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const next = {
      password: !password ? CORE.passwordRequired : password.length < 8 ? CORE.passwordShort : undefined,
      confirmation: password && password !== confirmation ? CORE.passwordMismatch : undefined,
    };
    setErrors(next);
    if (next.password || next.confirmation) return;
    setBusy(true);
    setMessage(null);
    try {
      const answer = await api(welcome.password, { token, password });
      if ('error' in answer) return setRefusal(answer.error);
      client.setQueryData(keyOf(users.session), answer);
      void navigate('/', { replace: true });
    } catch (err) {
      setMessage(sentenceOf(err));
    } finally {
      setBusy(false);
    }
  }

  const found = check.data && !('error' in check.data) ? check.data : null;
  const error = refusal ?? (check.data && 'error' in check.data ? check.data.error : null);
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.1">
      <Paper component="form" onSubmit={submit} noValidate shadow="md" radius="md" p="xl" w="100%" maw={440}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {WELCOME.title}
          </Title>
          {check.isPending && <Loader role="status" aria-label="Chargement" />}
          {check.isError && (
            <Alert color="red" role="alert">
              {sentenceOf(check.error)}
            </Alert>
          )}
          {error && (
            <>
              <Alert color="red" role="alert">
                {WELCOME[error]}
              </Alert>
              <Button variant="default" onClick={() => void navigate('/', { replace: true })}>
                {WELCOME.toSignIn}
              </Button>
            </>
          )}
          {found && !error && (
            <>
              <Text size="sm">{WELCOME.intro(found.login)}</Text>
              {message && (
                <Alert color="red" role="alert">
                  {message}
                </Alert>
              )}
              {/* the identifier, for the browser's password manager */}
              <input type="text" name="username" autoComplete="username" value={found.login} readOnly hidden />
              <PasswordInput label="Nouveau mot de passe" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password} />
              <PasswordInput
                label="Confirmation"
                description="Le nouveau mot de passe, à nouveau"
                autoComplete="new-password"
                required
                value={confirmation}
                onChange={(e) => setConfirmation(e.currentTarget.value)}
                error={errors.confirmation}
              />
              <Button type="submit" loading={busy} fullWidth size="md">
                {WELCOME.save}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
