import { Link } from 'react-router';
import { Anchor, Button, Text } from '@mantine/core';
import type { TodayApp } from '@campsite/shared';
import { TODAY } from '@campsite/shared';
import type { TodoActions } from './actions';
import { APP, StateCell } from './states';

/**
 * The app's state for a stay and its one-click action, on the to-do list and the stay's page (issue 33): the
 * activation link again for an account waiting, the app's link (the client card's code mail) when nobody has
 * an account yet; without an address, where to write one.
 */
export function AppStateCell({ app, stay, client, name, actions }: { app: TodayApp; stay: string; client: string; name: string; actions: TodoActions }) {
  const busy = actions.busy === `app:${stay}`;
  return (
    <StateCell label={TODAY.app} state={APP[app.state]}>
      {app.state === 'pending' && app.email && (
        <Button size="xs" variant="light" loading={busy} aria-label={`${TODAY.resendActivation} à ${name}`} onClick={() => void actions.sendActivation(stay, app.email!)}>
          {TODAY.resendActivation}
        </Button>
      )}
      {(app.state === 'none' || app.state === 'invited') &&
        (app.email ? (
          <Button
            size="xs"
            variant={app.state === 'none' ? 'filled' : 'light'}
            loading={busy}
            aria-label={`${app.state === 'none' ? TODAY.sendLink : TODAY.resendLink} de l'application à ${name}`}
            onClick={() => void actions.sendCode(stay, client)}
          >
            {app.state === 'none' ? TODAY.sendLink : TODAY.resendLink}
          </Button>
        ) : (
          <Text size="xs">
            {TODAY.noEmail} :{' '}
            <Anchor component={Link} to={`/users/clients/${encodeURIComponent(client)}`} size="xs">
              {TODAY.clientFile}
            </Anchor>
          </Text>
        ))}
    </StateCell>
  );
}
