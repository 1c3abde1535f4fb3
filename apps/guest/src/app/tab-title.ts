import { useEffect } from 'react';

/** 'Aktivitäten · Camping Les Pins': the screen first, so that a row of tabs (or the app switcher) shows it. */
export const tabTitle = (screen: string | null | undefined, establishment: string) =>
  screen && screen !== establishment ? `${screen} · ${establishment}` : establishment;

/**
 * Keeps the browser tab's title on the screen shown: its heading (the `h1` of `#main`, in the guest's
 * language, the content's own title for a page or an activity), then the establishment's name. The heading
 * is read from the page rather than told by each screen, so that the tab never says another name than the
 * screen, including a screen's later states (signed in, a conversation opened); the home's heading is the
 * establishment itself.
 */
export function useTabTitle(establishment: string | null) {
  useEffect(() => {
    if (!establishment) return;
    const update = () => {
      const title = tabTitle(document.querySelector('#main h1')?.textContent?.trim(), establishment);
      if (document.title !== title) document.title = title;
    };
    update();
    // the title lives in <head>: setting it does not wake this observer again
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [establishment]);
}
