import { useEffect, useState } from 'react';
import { useT } from '../lib/context';
import { enablePush, pushStatus, type PushStatus } from '../lib/push';

const LATER_KEY = 'push-later';

/**
 * Notifications on this device, as a card the guest answers by a tap (a browser asks its permission
 * only then), never on first paint. Every state leads somewhere (issue 32):
 * - not asked yet, or allowed with no subscription (allowed on an earlier visit, or a subscription the
 *   browser dropped): the invitation; its button subscribes (asking first only when not allowed yet);
 * - refused: how to allow them again in the browser's or phone's settings, and 'Réessayer';
 * - subscribed: said on the account page (and on the home right after the tap), nothing on the home otherwise;
 * - an iPhone outside the home screen: how to add the app, as push works only there;
 * - a browser without push: said on the account page.
 * On the home (`place="home"`) the invitation shows once the screen has settled (`delayMs`) and 'Plus tard'
 * hides it for a week on this device; a refusal is explained there only right after the tap that got it.
 * The account page always shows the state: it is where a guest goes to turn them on.
 */
export function PushInvite({ delayMs = 0, place = 'account' }: { delayMs?: number; place?: 'home' | 'account' }) {
  const { w } = useT();
  const [state, setState] = useState<PushStatus | null>(null);
  // the state answers a tap made here: a refusal or a success is then said on the home too
  const [tapped, setTapped] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const show = () => {
      const later = Number(localStorage.getItem(LATER_KEY) ?? 0);
      if (place === 'home' && Date.now() - later < 7 * 86400_000) return;
      void pushStatus()
        .catch((): PushStatus => 'unsupported')
        .then((s) => live && setState(s));
    };
    const timer = setTimeout(show, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [delayMs, place]);
  if (state === null) return null;
  const home = place === 'home';
  if (home && !tapped && (state === 'unsupported' || state === 'denied' || state === 'subscribed')) return null;
  const enable = async () => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await enablePush());
      setTapped(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const later = () => {
    localStorage.setItem(LATER_KEY, String(Date.now()));
    setState(null);
  };
  const text =
    state === 'ios-install'
      ? w('pushIos')
      : state === 'denied'
        ? `${w('pushDenied')} ${w('pushDeniedHow')}`
        : state === 'subscribed'
          ? w('pushOn')
          : state === 'unsupported'
            ? w('pushUnsupported')
            : w('pushText');
  const asks = state === 'default' || state === 'granted';
  return (
    <section className="section push-invite" aria-labelledby="push-invite-title" data-testid="push-invite" data-state={state}>
      <h2 id="push-invite-title" className="section-title">
        {w('pushTitle')}
      </h2>
      <p role={state === 'subscribed' || state === 'denied' ? 'status' : undefined}>{text}</p>
      {failed && (
        <p className="form-message" role="alert">
          {w('error')}
        </p>
      )}
      {(asks || state === 'denied' || (home && state === 'ios-install')) && (
        <div className="push-invite-actions">
          {(asks || state === 'denied') && (
            <button type="button" className="button" disabled={busy} onClick={() => void enable()}>
              {state === 'denied' ? w('pushRetry') : w('pushEnable')}
            </button>
          )}
          {home && state !== 'denied' && (
            <button type="button" className="button button-outline" onClick={later}>
              {w('pushLater')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
