/** What the rich-text editor takes, in a file of its own: the light wrapper and the lazy editor both import it. */
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
