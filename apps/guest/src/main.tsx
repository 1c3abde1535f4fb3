import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerWorker } from './lib/worker';
import { warmUp } from './app/screens';
import { startFromFirstScreen } from './app/boot';

// what the page and the device already hold first, so that warmUp asks only for the rest
startFromFirstScreen();
// The first render waits for the opened screen's code (asked for at once), so that it draws over the
// server's first lines the screen itself, not a loader (its loader after 2 s on a very slow network);
// and for a frame, so that those lines are painted before it, not after (on a slow phone it takes most
// of a second). A hidden tab paints nothing: no frame to wait for.
const painted = new Promise((done) => (document.visibilityState === 'hidden' ? done(null) : requestAnimationFrame(() => setTimeout(done))));
void Promise.race([Promise.all([warmUp(location.pathname), painted]), new Promise((r) => setTimeout(r, 2000))]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // rendered in slices, so that a slow phone stays responsive while the first screen is built
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});

if (import.meta.env.PROD) registerWorker();
