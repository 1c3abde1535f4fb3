import { useEffect, useState } from 'react';
import { useT } from '../lib/context';
import { enablePush, pushState, type PushState } from '../lib/push';

const LATER_KEY = 'push-later';

/**
 * The invitation to receive notifications: a card the guest answers by a tap (a browser asks its
 * permission only then), never on first paint: on the home it shows once the screen has settled
 * (`delayMs`), on the account page at once. 'Plus tard' hides it on this device for a week. On an iPhone
 * outside the home screen it says how to add the app, as push works only there.
 */
export function PushInvite({ delayMs = 0 }: { delayMs?: number }) {
  const { w } = useT();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const show = () => {
      const later = Number(localStorage.getItem(LATER_KEY) ?? 0);
      if (Date.now() - later < 7 * 86400_000) return;
      setState(pushState());
    };
    const timer = setTimeout(show, delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (state === null || state === 'unsupported' || state === 'denied') return null;
  if (state === 'granted') return null;
  const enable = async () => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await enablePush());
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
  return (
    <section className="section push-invite" aria-labelledby="push-invite-title" data-testid="push-invite">
      <h2 id="push-invite-title" className="section-title">
        {w('pushTitle')}
      </h2>
      <p>{state === 'ios-install' ? w('pushIos') : w('pushText')}</p>
      {failed && (
        <p className="form-message" role="alert">
          {w('error')}
        </p>
      )}
      <div className="push-invite-actions">
        {state === 'default' && (
          <button type="button" className="button" disabled={busy} onClick={() => void enable()}>
            {w('pushEnable')}
          </button>
        )}
        <button type="button" className="button button-outline" onClick={later}>
          {w('pushLater')}
        </button>
      </div>
    </section>
  );
}
