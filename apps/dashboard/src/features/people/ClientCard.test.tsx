import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClientCard as Card, ClientUser } from '@campsite/shared';
import { zonedTimeToEpoch } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import { ClientCard } from './ClientCard';

const day = (y: number, m: number, d: number) => zonedTimeToEpoch(y, m, d, 0, 0, 'Europe/Paris');
const user = (over: Partial<ClientUser>): ClientUser => ({
  _id: over.firstname ?? 'u', notification: false, lastname: 'Lefèvre', firstname: 'x', email: 'x@exemple.fr', civility: null, birthday: null,
  user_type: 'participant', participant_type: null, stay_number: '9001', activate: true, created_time: day(2025, 6, 1), ...over,
});

const CARD: Card = {
  client_number: '1042', activation_code: 'K7PM4QXZ', civility: 'female', firstname: 'Élodie', lastname: 'Lefèvre', birthday: day(1985, 5, 12),
  langage: 'de', email1: 'elodie@exemple.fr', email2: null, phone1: '06 12 34 56 78', phone2: null, phone3: null, client_type: 'resident',
  created_by: 'import', created_time: day(2025, 1, 3), edited_by: 'import', edited_time: day(2025, 2, 4),
  stays: [{ stay_number: '9001', client_number: '1042', location: 'A12', location_category: 'Mobil-home Confort', arrival: day(2025, 7, 1), departure: day(2025, 7, 15), arrival_time: '15:00', departure_time: null, participants: [], created_time: day(2025, 1, 3), created_by: null, edited_time: day(2025, 1, 3), edited_by: null }],
  users: [
    user({ firstname: 'Élodie', civility: 'femme', user_type: 'primary', notification: true, email: 'elodie.lefevre-tres-longue@exemple.fr' }),
    user({ firstname: 'Marc', civility: 'homme', participant_type: 'father' }),
    user({ firstname: 'Anne', civility: 'femme', participant_type: 'mother' }),
    user({ firstname: 'Sam', civility: 'other', participant_type: 'other' }),
  ],
};

describe('a client card (002 §2)', () => {
  it('shows the file with its labels, the stays table and the users table (Femme/Homme, Candidat/Père/Mère/Accompagnant)', () => {
    renderApp({ '/': <ClientCard card={CARD} /> });
    const card = screen.getByRole('article', { name: 'Fiche client 1042' });
    expect(within(card).getByRole('link', { name: 'Élodie LEFÈVRE' })).toHaveAttribute('href', '/users/clients/1042');
    expect(within(card).getByText('K7PM4QXZ')).toBeInTheDocument();
    expect(within(card).getAllByText('Résident')).toHaveLength(2); // the badge and the 'Type' field
    expect(within(card).getByText('Allemand')).toBeInTheDocument();
    expect(within(card).getByText('12/05/1985')).toBeInTheDocument();

    const stays = within(card).getByRole('table', { name: /^Séjours/ });
    const stayRow = within(stays).getAllByRole('row')[1];
    expect(within(stayRow).getByRole('link', { name: '9001' })).toHaveAttribute('href', '/users/sejours/9001');
    expect(stayRow).toHaveTextContent('01/07/2025');
    expect(stayRow).toHaveTextContent('15/07/2025');
    expect(stayRow).toHaveTextContent('Mobil-home Confort');

    const users = within(card).getByRole('table', { name: 'Utilisateurs du client 1042' });
    const rows = within(users).getAllByRole('row').slice(1);
    const cells = (i: number) => within(rows[i]).getAllByRole('cell').map((c) => c.textContent);
    // notification, last name, first name, e-mail, civility, birth date, role, creation
    expect(cells(0)).toEqual(['Oui', 'Lefèvre', 'Élodie', 'elodie.lefevre-tres-longue@exemple.fr', 'Femme', 'Non renseigné', 'Candidat', '01/06/2025']);
    expect(cells(1).slice(4, 7)).toEqual(['Homme', 'Non renseigné', 'Père']);
    expect(cells(2).slice(4, 7)).toEqual(['Femme', 'Non renseigné', 'Mère']);
    expect(cells(3)[6]).toBe('Accompagnant');
    expect(within(rows[1]).getByRole('link', { name: 'Lefèvre' })).toHaveAttribute('href', '/users/webapp/Marc');
  });
});
