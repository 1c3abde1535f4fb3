import { createContext, useContext, type ReactNode } from 'react';

/**
 * The paths served by a screen. The app provides them (app/routes.tsx
 * knows the screens); a screen asks here for a link it shows only once its target exists, instead of
 * importing the routes that load the screen itself (an import circle).
 */
const ScreensContext = createContext<ReadonlySet<string>>(new Set());

export function ScreensProvider({ paths, children }: { paths: ReadonlySet<string>; children: ReactNode }) {
  return <ScreensContext.Provider value={paths}>{children}</ScreensContext.Provider>;
}

/** `hasScreen(path)`: whether a built screen serves that path. */
export function useHasScreen(): (path: string) => boolean {
  const paths = useContext(ScreensContext);
  return (path) => paths.has(path);
}
