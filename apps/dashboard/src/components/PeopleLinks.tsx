import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Anchor, type AnchorProps } from '@mantine/core';
import { useSession } from '../shell/session';

// The stay page (issue 33) is reached from everywhere a stay or a client is shown: a list's row names its
// client, and that name (or the stay's number where no name is shown) is the link. One component, so that
// every screen links the same way: a real link (middle-click, new tab) for a member with the people flag,
// the same words as text for one without (the page would refuse them), and text on the page it leads to.

export const stayPath = (stayNumber: string) => `/users/sejours/${encodeURIComponent(stayNumber)}`;
export const clientPath = (clientNumber: string) => `/users/clients/${encodeURIComponent(clientNumber)}`;

function PeopleLink({ to, children, ...props }: AnchorProps & { to: string; children: ReactNode }) {
  const { has } = useSession();
  const here = useLocation().pathname === to;
  if (!has('users') || here) return <>{children}</>;
  return (
    <Anchor component={Link} to={to} inherit {...props}>
      {children}
    </Anchor>
  );
}

/** `children` (the client's name, or the stay's number) as a link to the stay's page. */
export function StayLink({ stay, children, ...props }: AnchorProps & { stay: string | null | undefined; children: ReactNode }) {
  if (!stay) return <>{children}</>;
  return (
    <PeopleLink to={stayPath(stay)} {...props}>
      {children}
    </PeopleLink>
  );
}

/** `children` as a link to the client's card: where no stay is known (a booking names its client only). */
export function ClientLink({ client, children, ...props }: AnchorProps & { client: string | null | undefined; children: ReactNode }) {
  if (!client) return <>{children}</>;
  return (
    <PeopleLink to={clientPath(client)} {...props}>
      {children}
    </PeopleLink>
  );
}
