import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerWorker } from './lib/worker';
import { warmUp } from './app/screens';
import { startFromFirstScreen } from './app/boot';
import './styles.css';

// what the page and the device already hold first, so that warmUp asks only for the rest
startFromFirstScreen();
// the first render waits for the opened screen's code (asked for at once), so that it draws over the
// server's first lines the screen itself, not a loader (its loader after 2 s on a very slow network)
void Promise.race([warmUp(location.pathname), new Promise((r) => setTimeout(r, 2000))]).then(() => {
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
