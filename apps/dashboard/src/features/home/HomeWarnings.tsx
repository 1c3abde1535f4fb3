import { Link } from 'react-router';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { BACKUPS, backups, formatDateTime } from '@campsite/shared';
import { useCall } from '../../lib/query';
import { useSession } from '../../shell/session';

/**
 * What a super must know on arriving (issue 34): a failed or missing nightly backup, with the way to the
 * backups; a guest app served over plain HTTP outside localhost, where phones get no push, no offline
 * booklet and no install. Other staff see nothing of it (and the server answers them 403).
 */
export function HomeWarnings() {
  const { has } = useSession();
  return has('super') ? <SuperWarnings /> : null;
}

function SuperWarnings() {
  const { timeZone } = useSession();
  const { data } = useCall(backups.warnings);
  if (!data || (!data.backup && !data.insecure_guest_url)) return null;
  const { backup } = data;
  return (
    <Stack gap="sm" mb="lg">
      {backup && (
        <Alert color="red" title={backup.kind === 'failed' ? BACKUPS.failedWarning : BACKUPS.missingWarning}>
          <Text size="sm">
            {backup.kind === 'failed'
              ? `Le ${formatDateTime(backup.at, timeZone)} : ${backup.error}`
              : backup.since
                ? `La dernière date du ${formatDateTime(backup.since, timeZone)}.`
                : "Le serveur n'en a encore écrit aucune."}{' '}
            <Anchor component={Link} to="/administration/features#sauvegardes" size="sm">
              Voir les sauvegardes
            </Anchor>
          </Text>
        </Alert>
      )}
      {data.insecure_guest_url && (
        <Alert color="orange" title="HTTPS n'est pas configuré">
          <Text size="sm">
            {BACKUPS.httpsWarning} ({data.insecure_guest_url})
          </Text>
          <Text size="sm" mt={4}>
            {BACKUPS.httpsHow}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
