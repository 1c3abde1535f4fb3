import { lazy, Suspense } from 'react';
import { Loader, Paper } from '@mantine/core';

export interface RichTextProps {
  value: string;
  /** '' when the editor holds no text */
  onChange(html: string): void;
  /**
   * The toolbars of 000 §9: 'rubrics' (basic formatting, link, alignment, colour, lists), 'full' (adds
   * headings, images uploaded through files/insert, fonts, indent, sub/superscript), 'default' (minimal).
   */
  toolbar?: 'rubrics' | 'full' | 'default';
  label?: string;
  /** shows the red asterisk of a required field next to the label */
  required?: boolean;
  error?: string;
  minHeight?: number;
  /** the form path of the field ('html.fr'), so that a form can focus it on an error */
  path?: string;
}

// Tiptap and ProseMirror weigh more than the rest of a screen: they load only where an editor shows.
const Editor = lazy(() => import('./RichTextEditor.editor'));

/** The rich-text editor; its HTML is sanitized by the server on every write. */
export function RichTextEditor(props: RichTextProps) {
  return (
    <Suspense
      fallback={
        <Paper withBorder h={(props.minHeight ?? 160) + 44} p="md">
          <Loader size="sm" aria-label="Chargement de l'éditeur" />
        </Paper>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
