import { Group, NumberInput, Select, Text } from '@mantine/core';
import { SEGMENT_DAYS_MAX, type Target } from '@campsite/shared';
import { figure } from '../../lib/format';

type Kind = Target['kind'];

/** What a target is, in words (the list of sends says it too). */
export function targetLabel(t: Target): string {
  switch (t.kind) {
    case 'all':
      return 'Tous les utilisateurs';
    case 'users':
      return t.users.length === 1 ? 'Un utilisateur' : `${figure(t.users.length)} utilisateurs`;
    case 'clients':
      return `${figure(t.clients.length)} fiche${t.clients.length > 1 ? 's' : ''} client${t.clients.length > 1 ? 's' : ''} sélectionnée${t.clients.length > 1 ? 's' : ''}`;
    case 'onsite':
      return 'Les clients sur place';
    case 'arriving':
      return `Les clients arrivant dans les ${t.days} jours`;
    case 'departed':
      return `Les clients partis depuis ${t.days} jours`;
  }
}

/**
 * The target choice (issue 21): everyone, the clients chosen on the client list (when there are), or a
 * stay phase computed when the send goes out. `days` is kept while typing (an empty box is not a target).
 */
export function TargetPicker({ value, onChange, clients }: { value: Target | null; onChange(t: Target | null): void; clients?: string[] }) {
  const kind: Kind = value?.kind ?? 'arriving';
  const days = value && 'days' in value ? value.days : '';
  const options = [
    ...(clients?.length ? [{ value: 'clients', label: targetLabel({ kind: 'clients', clients }) }] : []),
    { value: 'all', label: 'Tous les utilisateurs' },
    { value: 'onsite', label: 'Les clients sur place' },
    { value: 'arriving', label: 'Les clients arrivant dans les prochains jours' },
    { value: 'departed', label: 'Les clients partis ces derniers jours' },
  ];
  const choose = (k: Kind) => {
    if (k === 'clients' && clients?.length) onChange({ kind: 'clients', clients });
    else if (k === 'arriving' || k === 'departed') onChange({ kind: k, days: typeof days === 'number' ? days : 7 });
    else if (k === 'all' || k === 'onsite') onChange({ kind: k });
  };
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select label="Destinataires" data={options} value={kind} onChange={(v) => v && choose(v as Kind)} allowDeselect={false} w={340} maw="100%" />
      {(kind === 'arriving' || kind === 'departed') && (
        <NumberInput
          label="Nombre de jours"
          min={0}
          max={SEGMENT_DAYS_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={days}
          onChange={(v) => onChange(typeof v === 'number' && v >= 0 && v <= SEGMENT_DAYS_MAX ? { kind, days: v } : null)}
          w={150}
        />
      )}
    </Group>
  );
}

/** 'Cette notification atteindra 12 appareils (9 utilisateurs)', said before sending. */
export function AudienceLine({ devices, users }: { devices: number | undefined; users: number | undefined }) {
  return (
    <Text size="sm" aria-live="polite" data-testid="audience">
      {devices === undefined ? (
        'Calcul du nombre d’appareils…'
      ) : (
        <>
          Cette notification atteindra <strong>{figure(devices)}</strong> appareil{devices > 1 ? 's' : ''}
          {users ? ` (${figure(users)} utilisateur${users > 1 ? 's' : ''} connecté${users > 1 ? 's' : ''})` : ''}
        </>
      )}
    </Text>
  );
}
