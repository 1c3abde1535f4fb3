import { lazy, Suspense } from 'react';
import { Loader, Paper } from '@mantine/core';

import type { RichTextProps } from './RichTextEditor.props';

// Tiptap and ProseMirror weigh more than the rest of a screen: they load only where an editor shows.
const Editor = lazy(() => import('./RichTextEditor.editor'));

/** The rich-text editor; its HTML is sanitized by the server on every write. */
export function RichTextEditor(props: RichTextProps) {
  return (
    <Suspense
      fallback={
        <Paper withBorder h={(props.minHeight ?? 160) + 44} p="md">
          <Loader role="status" size="sm" aria-label="Chargement de l'éditeur" />
        </Paper>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
