import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test-harness';
import { ClientLink, StayLink } from './PeopleLinks';

// The links to the stay's page and the client's card (issue 33): the same words everywhere, a link only where it leads somewhere.

const Names = ({ stay = 'S 1' }: { stay?: string }) => (
  <p>
    <StayLink stay={stay}>Aubert Léa</StayLink> · <ClientLink client="C1">Client n° C1</ClientLink> · <StayLink stay={null}>Sans séjour</StayLink>
  </p>
);

describe('StayLink and ClientLink', () => {
  it("link to the stay's page and the client's card for a member who may see people", () => {
    renderApp({ '/ailleurs': <Names /> }, { permissions: { users: 1 } });
    expect(screen.getByRole('link', { name: 'Aubert Léa' })).toHaveAttribute('href', '/users/sejours/S%201');
    expect(screen.getByRole('link', { name: 'Client n° C1' })).toHaveAttribute('href', '/users/clients/C1');
    // no stay known: the words alone
    expect(screen.queryByRole('link', { name: 'Sans séjour' })).toBeNull();
  });

  it('are the words alone without the people flag, and on the page they lead to', () => {
    const { unmount } = renderApp({ '/ailleurs': <Names /> }, { permissions: { emails: 1 } });
    expect(screen.getByText(/Aubert Léa/)).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    unmount();
    renderApp({ '/users/sejours/S1': <Names stay="S1" /> }, { permissions: { users: 1 } });
    expect(screen.queryByRole('link', { name: 'Aubert Léa' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Client n° C1' })).toBeInTheDocument();
  });
});
