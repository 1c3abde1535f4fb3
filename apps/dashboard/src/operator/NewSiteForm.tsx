import { useState } from 'react';
import { Alert, Button, Checkbox, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { OPERATOR, operatorCalls, siteInsert, PLANS } from '@campsite/shared';
import { errorSentence, fieldErrors } from '../lib/errors';
import { useCallMutation } from '../lib/query';

export interface Created {
  dashboard_host: string;
  login: string;
  password: string;
  /** with a manager's address: whether the first e-mail left (a French sentence) */
  mail?: { sent: boolean; text: string };
}

type Values = { dashboard_host: string; guest_host: string; database_url: string; plan: (typeof PLANS)[number]; demo: boolean; manager_email: string };

/**
 * A new campsite: its two host names, its database (given, or made on the control database's server), plan,
 * demo, and its manager's address (sent the first e-mail, with a link to choose the password).
 */
export function NewSiteForm({ onCreated, onCancel }: { onCreated: (c: Created) => void; onCancel: () => void }) {
  const insert = useCallMutation(operatorCalls.insert, [operatorCalls.sites]);
  const [values, setValues] = useState<Values>({ dashboard_host: '', guest_host: '', database_url: '', plan: 'essentiel', demo: false, manager_email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const set = <K extends keyof Values>(k: K, v: Values[K]) => setValues((old) => ({ ...old, [k]: v }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setMessage(null);
    // the contract's schema: the same French sentences as the server's 400
    const parsed = siteInsert.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      const made = await insert.mutateAsync(values);
      onCreated({ dashboard_host: made.site.dashboard_host, login: made.login, password: made.password, ...(made.mail ? { mail: made.mail } : {}) });
    } catch (err) {
      setErrors(fieldErrors(err));
      setMessage(errorSentence('Impossible de créer le camping', err, 2));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <TextInput label="Adresse du tableau de bord" description="Par exemple admin.camping-des-pins.fr" required value={values.dashboard_host} onChange={(e) => set('dashboard_host', e.currentTarget.value)} error={errors.dashboard_host} />
        <TextInput label="Adresse de l'application client" description="Par exemple camping-des-pins.fr" required value={values.guest_host} onChange={(e) => set('guest_host', e.currentTarget.value)} error={errors.guest_host} />
        <TextInput
          label="Base de données (facultatif)"
          description="postgres://… ; vide : une base est créée sur le serveur de la base de contrôle"
          value={values.database_url}
          onChange={(e) => set('database_url', e.currentTarget.value)}
          error={errors.database_url}
        />
        <NativeSelect label="Formule" value={values.plan} data={[{ value: 'essentiel', label: 'Essentiel' }, { value: 'premium', label: 'Premium' }]} onChange={(e) => set('plan', e.currentTarget.value as Values['plan'])} error={errors.plan} />
        <TextInput
          label="E-mail du gérant (facultatif)"
          description="Il reçoit l'adresse du tableau de bord, son identifiant et un lien pour choisir son mot de passe"
          type="email"
          value={values.manager_email}
          onChange={(e) => set('manager_email', e.currentTarget.value)}
          error={errors.manager_email}
        />
        <Checkbox label="Avec le contenu de démonstration" checked={values.demo} onChange={(e) => set('demo', e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" loading={insert.isPending}>
            Créer
          </Button>
        </Group>
        {insert.isPending && <Alert color="blue">{OPERATOR.creating}</Alert>}
      </Stack>
    </form>
  );
}
