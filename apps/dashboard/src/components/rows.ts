import { useEffect, useState } from 'react';
import { errorSentence } from '../lib/errors';
import { moved } from '../lib/moved';
import { useConfirm } from './confirm';
import type { Flash } from './flash';

/**
 * A row's action after its question ('Supprimer', 'Dupliquer'…): asks (the spec's sentence, or the
 * plain 'Êtes-vous sûrs…' without one), calls, and says the outcome in the screen's banner: the success
 * sentence, or the action's failure sentence (step 1: refused, step 2: an error).
 */
export function useRowAction(flash: Flash) {
  const confirm = useConfirm();
  return async (question: string | null, call: () => Promise<unknown>, done: string, action: string) => {
    if (!(await confirm(question ? { message: question } : undefined))) return false;
    try {
      if (await call()) {
        flash.setSuccess(done);
        return true;
      }
      flash.setError(errorSentence(action, null, 1));
    } catch (err) {
      flash.setError(errorSentence(action, err, 2));
    }
    return false;
  };
}

/**
 * Monter / Descendre (000 §4, 001 §4): the new order shows at once and is saved with one call of the
 * whole list; a refused or failed save puts the saved order back and says so.
 */
export function useReorder<T>(saved: T[] | undefined, save: (next: T[]) => Promise<unknown>, flash: Flash, action: string) {
  const [items, setItems] = useState(saved);
  useEffect(() => setItems(saved), [saved]);
  const [busy, setBusy] = useState(false);
  async function move(index: number, delta: -1 | 1) {
    const next = items && moved(items, index, delta);
    if (!next) return;
    setItems(next);
    setBusy(true);
    try {
      if (!(await save(next))) {
        setItems(saved);
        flash.setError(errorSentence(action, null, 1));
      }
    } catch (err) {
      setItems(saved);
      flash.setError(errorSentence(action, err, 2));
    } finally {
      setBusy(false);
    }
  }
  return { items, move, busy };
}
