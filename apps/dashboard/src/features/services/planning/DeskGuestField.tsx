import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DeskGuest } from '@campsite/shared';
import { day } from '../../../lib/format';
import { useSession } from '../../../shell/session';
import { useDeskGuests } from '../api/services-queries';

/** 'Karl Weber · B12 · séjour 8812 · client 5120 · 29/06/2026 → 08/07/2026': what tells two families apart at the desk. */
export function deskGuestLabel(g: DeskGuest, timeZone: string) {
  const name = `${g.firstname} ${g.lastname}`.trim() || `Client ${g.client_number}`;
  return [name, g.location, `séjour ${g.stay_number}`, `client ${g.client_number}`, `${day(g.arrival, timeZone)} → ${day(g.departure, timeZone)}`].filter(Boolean).join(' · ');
}

/**
 * The desk's one search field (issue 32): a name, a pitch, a stay or client number finds the stays (on
 * site first); picking one hands the stay, its client and the account a booking reaches to the form.
 */
export function DeskGuestField({ picked, onPick }: { picked: DeskGuest | null; onPick(g: DeskGuest | null): void }) {
  const { timeZone } = useSession();
  const [search, setSearch] = useState('');
  const shown = picked ? deskGuestLabel(picked, timeZone) : null;
  const [typed] = useDebouncedValue(search.trim() === shown ? '' : search.trim(), 250);
  const found = useDeskGuests(typed);
  const rows = found.data ?? [];
  const options = [...(picked && !rows.some((g) => g.stay_number === picked.stay_number) ? [picked] : []), ...rows];
  const nothing = typed === '' ? 'Tapez un nom, un emplacement, un n° de séjour ou un n° client' : found.isFetching ? 'Recherche…' : 'Aucun séjour trouvé';
  return (
    <Select
      label="Rechercher le client"
      description="Nom, emplacement, n° de séjour ou n° client : le séjour, le client et son compte de l'application sont repris"
      placeholder="Weber, B12, 8812…"
      searchable
      clearable
      data={options.map((g) => ({ value: g.stay_number, label: deskGuestLabel(g, timeZone) }))}
      // the server has filtered: every row it answers is a match
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      value={picked?.stay_number ?? null}
      onChange={(stay) => onPick(options.find((g) => g.stay_number === stay) ?? null)}
      nothingFoundMessage={nothing}
    />
  );
}
