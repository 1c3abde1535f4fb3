import { useEffect, type ReactNode } from 'react';
import { useT } from '../lib/context';
import { Loader, Problem } from './States';

/** The usual three states of a screen that reads something: loading, failed, or shown. */
export function Pending({ loading, error, retry, missing, children }: { loading: boolean; error?: Error; retry?: () => void; missing?: boolean; children?: ReactNode }) {
  const { w, online } = useT();
  if (error) return <Problem text={online ? w('error') : w('unavailable')} retry={retry} retryLabel={w('retry')} />;
  if (loading) return <Loader label={w('loading')} />;
  if (missing) return <Problem text={w('notFound')} />;
  return <>{children}</>;
}

/** Puts the address in the guest's language once the screen knows its words (slugs of the new language). */
export function useCanonical(path: string | null) {
  const { navigate } = useT();
  // after every commit (see App): it changes the address only when it differs
  useEffect(() => {
    if (path && decodeURIComponent(location.pathname) !== decodeURIComponent(path)) navigate(path, { replace: true });
  });
}

/** Rich text of the booklet, already sanitized by the server on every write. */
export function Html({ html, className = 'rich' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
