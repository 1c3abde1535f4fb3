// The page's entry: the app's code is asked for once the server's first lines are painted and their
// first picture is in (at most a second). Evaluated at once, its ~250 KB (React and the app) came before
// the first paint on a slow phone, most of a second of a blank screen, and took the bandwidth the
// picture needed on a slow network (docs/performance.md, 'The guest app's screens, LCP').
// The stylesheet stays the page's own (the server writes it into the page): the first lines are drawn with it.
import './styles.css';

const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));

/** The first screen's pictures the server asked for first, loaded or failed. */
function pictures(): Promise<unknown> {
  const waiting = [...document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]')].filter((img) => !img.complete);
  return Promise.all(waiting.map((img) => new Promise((done) => ['load', 'error'].forEach((e) => img.addEventListener(e, done, { once: true })))));
}

// a screen the server drew no lines of (a rubric's list, the sign-in) is the app's to draw: asked for at
// once; a hidden tab paints nothing: no frame to wait for
const drawn = document.querySelector('#root main') !== null;
const ready =
  !drawn || document.visibilityState === 'hidden' ? Promise.resolve() : frame().then(() => Promise.race([pictures(), new Promise((done) => setTimeout(done, 1000))]));
void ready.then(() => import('./main'));
