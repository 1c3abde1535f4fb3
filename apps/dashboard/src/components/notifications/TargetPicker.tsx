import { useState } from 'react';
import { Group, MultiSelect, NumberInput, Select, Text, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEGMENT_DAYS_MAX, type NotificationGuest, type Target } from '@campsite/shared';
import { figure } from '../../lib/format';
import { useGuestSearch } from './queries';

/** The choice offered: a target's kind, a named account split into one ('Un client') or several (issue 32). */
type Mode = Exclude<Target['kind'], 'users'> | 'one' | 'list';

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

/** 'Anna Weber · anna@example.de · 2 appareils': what tells two accounts apart, and whether a push reaches them. */
export function guestLabel(g: NotificationGuest): string {
  const name = `${g.firstname} ${g.lastname}`.trim() || g.email;
  const devices = g.devices === 0 ? 'aucun appareil' : `${figure(g.devices)} appareil${g.devices > 1 ? 's' : ''}`;
  return [name, g.email !== name ? g.email : '', g.client_number ? `client ${g.client_number}` : '', devices].filter(Boolean).join(' · ');
}

const modeOf = (t: Target | null, fallback: Mode): Mode => (!t ? fallback : t.kind === 'users' ? (t.users.length === 1 && fallback !== 'list' ? 'one' : 'list') : t.kind);

/**
 * The target choice (issues 21, 32): everyone, one guest account found by name ('Un client'), a chosen list
 * of accounts, the clients chosen on the client list (when there are), or a stay phase computed when the
 * send goes out. `days` is kept while typing (an empty box is not a target); an account not picked yet is
 * `users: []`, which the form refuses with 'Veuillez choisir au moins un client'.
 */
export function TargetPicker({ value, onChange, clients }: { value: Target | null; onChange(t: Target | null): void; clients?: string[] }) {
  const [picked, setPicked] = useState<Mode>(() => modeOf(value, 'arriving'));
  const mode = modeOf(value, picked);
  const days = value && 'days' in value ? value.days : '';
  const users = value?.kind === 'users' ? value.users : [];
  const options = [
    ...(clients?.length ? [{ value: 'clients', label: targetLabel({ kind: 'clients', clients }) }] : []),
    { value: 'all', label: 'Tous les utilisateurs' },
    { value: 'one', label: 'Un client' },
    { value: 'list', label: 'Une liste de clients' },
    { value: 'onsite', label: 'Les clients sur place' },
    { value: 'arriving', label: 'Les clients arrivant dans les prochains jours' },
    { value: 'departed', label: 'Les clients partis ces derniers jours' },
  ];
  const choose = (m: Mode) => {
    setPicked(m);
    if (m === 'clients' && clients?.length) onChange({ kind: 'clients', clients });
    else if (m === 'arriving' || m === 'departed') onChange({ kind: m, days: typeof days === 'number' ? days : 7 });
    else if (m === 'all' || m === 'onsite') onChange({ kind: m });
    // from a list to one account, the first stays; from one to a list, it is the list's first
    else if (m === 'one') onChange({ kind: 'users', users: users.slice(0, 1) });
    else if (m === 'list') onChange({ kind: 'users', users });
  };
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select label="Destinataires" data={options} value={mode} onChange={(v) => v && choose(v as Mode)} allowDeselect={false} w={340} maw="100%" />
      {(mode === 'arriving' || mode === 'departed') && (
        <NumberInput
          label="Nombre de jours"
          min={0}
          max={SEGMENT_DAYS_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={days}
          onChange={(v) => onChange(typeof v === 'number' && v >= 0 && v <= SEGMENT_DAYS_MAX ? { kind: mode, days: v } : null)}
          w={150}
        />
      )}
      {(mode === 'one' || mode === 'list') && <GuestPicker several={mode === 'list'} users={users} onChange={(ids) => onChange({ kind: 'users', users: ids })} />}
    </Group>
  );
}

/**
 * One guest account or several, found by the start of a name, an e-mail or a client number (the server
 * searches; those with a device come first and each says how many it has).
 */
function GuestPicker({ several, users, onChange }: { several: boolean; users: string[]; onChange(ids: string[]): void }) {
  const [search, setSearch] = useState('');
  // the accounts picked so far, for their labels once the search has moved on
  const [known, setKnown] = useState<Record<string, NotificationGuest>>({});
  const shown = !several && users[0] && known[users[0]] ? guestLabel(known[users[0]]) : null;
  const [typed] = useDebouncedValue(search.trim() === shown ? '' : search.trim(), 250);
  const found = useGuestSearch(typed);
  const rows = found.data ?? [];
  const all = [...users.filter((id) => known[id] && !rows.some((g) => g._id === id)).map((id) => known[id]), ...rows];
  const data = all.map((g) => ({ value: g._id, label: guestLabel(g) }));
  const nothing = typed === '' ? 'Tapez un nom, une adresse e-mail ou un n° client' : found.isFetching ? 'Recherche…' : 'Aucun compte trouvé';
  const remember = (ids: string[]) => {
    setKnown((k) => ({ ...k, ...Object.fromEntries(all.filter((g) => ids.includes(g._id)).map((g) => [g._id, g])) }));
    onChange(ids);
  };
  const common = {
    searchable: true,
    data,
    // the server has filtered: every row it answers is a match
    filter: (({ options }) => options) as OptionsFilter,
    searchValue: search,
    onSearchChange: setSearch,
    nothingFoundMessage: nothing,
    w: '100%',
  };
  return several ? (
    <MultiSelect {...common} label="Clients choisis" description="Nom, adresse e-mail ou n° client ; ajoutez-en autant que nécessaire" placeholder={users.length ? undefined : 'Weber, anna@…, 5120…'} value={users} onChange={remember} />
  ) : (
    <Select {...common} label="Client" description="Nom, adresse e-mail ou n° client" placeholder="Weber, anna@…, 5120…" clearable value={users[0] ?? null} onChange={(id) => remember(id ? [id] : [])} />
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
