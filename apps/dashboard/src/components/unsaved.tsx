import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { LEAVE, useConfirm } from './confirm';

interface Registry {
  set(id: string, dirty: boolean): void;
  anyDirty(): boolean;
  clear(): void;
}

const UnsavedContext = createContext<Registry | null>(null);

/**
 * Knows which forms of the screen hold unsaved changes, and asks before anything leaves them: a link
 * of the sidebar or the breadcrumb, the browser's back button (one router blocker for the whole app),
 * reloading or closing the tab (the browser's own question).
 */
export function UnsavedProvider({ children }: { children: ReactNode }) {
  const dirty = useRef(new Set<string>());
  const registry = useMemo<Registry>(
    () => ({
      set: (id, d) => void (d ? dirty.current.add(id) : dirty.current.delete(id)),
      anyDirty: () => dirty.current.size > 0,
      clear: () => dirty.current.clear(),
    }),
    [],
  );
  const confirm = useConfirm();
  const blocker = useBlocker(() => registry.anyDirty());
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm(LEAVE).then((leave) => {
      if (leave) {
        registry.clear();
        blocker.proceed();
      } else blocker.reset();
    });
  }, [blocker, confirm, registry]);
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!registry.anyDirty()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [registry]);
  return <UnsavedContext.Provider value={registry}>{children}</UnsavedContext.Provider>;
}

/**
 * Declares a form's unsaved changes to the guard while `dirty` is true. Answers `release()`, to call
 * right after a save and before navigating away, since the flag would only drop on the next render.
 */
export function useUnsavedGuard(dirty: boolean) {
  const registry = useContext(UnsavedContext);
  const id = useId();
  useEffect(() => {
    registry?.set(id, dirty);
    return () => registry?.set(id, false);
  }, [registry, id, dirty]);
  return useCallback(() => registry?.set(id, false), [registry, id]);
}

/** Asks before discarding a dirty form from inside the screen (closing its modal, 'Annuler'). */
export function useDiscardQuestion() {
  const confirm = useConfirm();
  return useCallback((dirty: boolean) => (dirty ? confirm(LEAVE) : Promise.resolve(true)), [confirm]);
}
