import { Navigate, useLocation, useNavigate } from 'react-router';
import { NOTIFICATIONS, PEOPLE } from '@campsite/shared';
import { navCrumbs } from '../../shell/nav';
import { FlashBanner, useFlash } from '../../components/flash';
import { NotificationForm } from '../../components/notifications';
import { PageHeader } from '../../components/PageHeader';

/** What the client list passes (002 §2): the selected client numbers, as navigation state. */
interface SendState {
  clients?: string[];
}

/**
 * The send to the clients chosen on the client list (002 §2 'Links lead to send … notification for the
 * selected clients'): the same form, the selection as its first target, now or at a chosen time.
 */
export default function SendScreen() {
  const clients = (useLocation().state as SendState | null)?.clients ?? [];
  const navigate = useNavigate();
  const flash = useFlash();
  if (clients.length === 0) return <Navigate to="/administration/notifications" replace />;
  return (
    <>
      <PageHeader title="Envoyer une notification" crumbs={[...navCrumbs('/utilisateurs'), { label: PEOPLE.clientsTitle, to: '/users/clients' }, { label: 'Envoyer une notification' }]} />
      <FlashBanner flash={flash} />
      <NotificationForm title={NOTIFICATIONS.screenTitle} clients={clients} flash={flash} schedule onCancel={() => navigate('/users/clients')} />
    </>
  );
}
