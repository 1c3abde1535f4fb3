import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { FlashBanner, useFlash } from '../../components/flash';
import { BackToList, ReadView } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { useClient } from './api/people-queries';
import { ClientActions } from './ClientActions';
import { ClientCard } from './ClientCard';
import { clientCrumbs } from './crumbs';

/** 002 §2 client detail: identity, activation code, details, the app users and the stays, with their links. */
export function ClientDetail({ clientNumber }: { clientNumber: string }) {
  const client = useClient(clientNumber);
  const flash = useFlash();
  return (
    <>
      <PageHeader
        title={client.data ? `${client.data.firstname} ${client.data.lastname}`.trim() || `Client ${clientNumber}` : `Client ${clientNumber}`}
        crumbs={[...clientCrumbs, { label: `N° ${clientNumber}` }]}
        actions={<BackToList to="/users/clients" />}
      />
      <FlashBanner flash={flash} />
      <ReadView read={client} failed="Impossible de récupérer la fiche client" empty={`Aucune fiche client ne porte le numéro ${clientNumber}.`} isEmpty={(d) => d === false}>
        {(card) =>
          card && (
            <>
              <ClientActions card={card} flash={flash} />
              <ClientCard card={card} headingLevel={2} />
              <Text size="sm" mt="sm">
                <Anchor component={Link} to={`/users/sejours?client_number=${encodeURIComponent(clientNumber)}`}>
                  Voir ses séjours dans la liste des séjours
                </Anchor>
              </Text>
            </>
          )
        }
      </ReadView>
    </>
  );
}
