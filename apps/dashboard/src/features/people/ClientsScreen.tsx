import { useParams } from 'react-router';
import { ClientDetail } from './ClientDetail';
import { ClientList } from './ClientList';

/** 002 §2 'Fiches clients': the list (with its import, sort, search, counters and selection) and a client's detail. */
export default function ClientsScreen() {
  const { clientNumber } = useParams();
  return clientNumber ? <ClientDetail clientNumber={clientNumber} /> : <ClientList />;
}
