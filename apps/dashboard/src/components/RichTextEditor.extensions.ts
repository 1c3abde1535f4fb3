import { Extension, Mark, Node, mergeAttributes } from '@tiptap/react';

/*
 * The few Tiptap extensions the toolbars of 000 §9 need beyond the starter kit, kept small: each writes
 * only markup that the server's allow-list keeps (style text-align, color, font-family, margin-left).
 */

declare module '@tiptap/react' {
  interface Commands<ReturnType> {
    booklet: {
      setTextAlign: (align: string) => ReturnType;
      setColor: (color: string) => ReturnType;
      unsetColor: () => ReturnType;
      setFontFamily: (font: string) => ReturnType;
      removeEmptyTextStyle: () => ReturnType;
      unsetFontFamily: () => ReturnType;
      toggleSubscript: () => ReturnType;
      toggleSuperscript: () => ReturnType;
      indent: () => ReturnType;
      outdent: () => ReturnType;
      setImage: (attrs: { src: string; alt?: string }) => ReturnType;
    };
  }
}

const BLOCKS = ['paragraph', 'heading'];

/** Alignment and indentation of paragraphs and headings. */
export const BlockStyle = Extension.create({
  name: 'blockStyle',
  addGlobalAttributes() {
    return [
      {
        types: BLOCKS,
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (el) => el.style.textAlign || null,
            renderHTML: (attrs) => (attrs.textAlign ? { style: `text-align: ${attrs.textAlign}` } : {}),
          },
          indent: {
            default: 0,
            parseHTML: (el) => Math.round((parseFloat(el.style.marginLeft) || 0) / 2),
            renderHTML: (attrs) => (attrs.indent ? { style: `margin-left: ${attrs.indent * 2}em` } : {}),
          },
        },
      },
    ];
  },
  addCommands() {
    const step = (delta: number) => () => ({ tr, state, dispatch }: { tr: import('@tiptap/pm/state').Transaction; state: import('@tiptap/pm/state').EditorState; dispatch?: unknown }) => {
      state.doc.nodesBetween(state.selection.from, state.selection.to, (node, pos) => {
        if (BLOCKS.includes(node.type.name)) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: Math.max(0, Math.min(8, (node.attrs.indent ?? 0) + delta)) });
      });
      return !!dispatch || true;
    };
    return {
      setTextAlign:
        (align: string) =>
        ({ commands }) =>
          BLOCKS.map((type) => commands.updateAttributes(type, { textAlign: align === 'left' ? null : align })).some(Boolean),
      indent: step(1),
      outdent: step(-1),
    };
  },
});

/** A span carrying colour and font: the mark the colour picker and the font menu write. */
export const TextStyle = Mark.create({
  name: 'textStyle',
  addAttributes() {
    return {
      color: { default: null, parseHTML: (el) => el.style.color || null, renderHTML: (a) => (a.color ? { style: `color: ${a.color}` } : {}) },
      fontFamily: {
        default: null,
        parseHTML: (el) => el.style.fontFamily || null,
        renderHTML: (a) => (a.fontFamily ? { style: `font-family: ${a.fontFamily}` } : {}),
      },
    };
  },
  parseHTML: () => [{ tag: 'span', getAttrs: (el) => ((el as HTMLElement).style.color || (el as HTMLElement).style.fontFamily ? {} : false) }],
  renderHTML: ({ HTMLAttributes }) => ['span', mergeAttributes(HTMLAttributes), 0],
  addCommands() {
    const set = (attrs: Record<string, string | null>) => () => ({ chain }: { chain: () => import('@tiptap/react').ChainedCommands }) =>
      chain().setMark('textStyle', attrs).removeEmptyTextStyle().run();
    return {
      setColor: (color: string) => set({ color })(),
      unsetColor: () => set({ color: null })(),
      setFontFamily: (fontFamily: string) => set({ fontFamily })(),
      unsetFontFamily: () => set({ fontFamily: null })(),
      removeEmptyTextStyle:
        () =>
        ({ state, commands }: { state: import('@tiptap/pm/state').EditorState; commands: import('@tiptap/react').SingleCommands }) => {
          const attrs = state.selection.$from.marks().find((m) => m.type.name === 'textStyle')?.attrs ?? {};
          return Object.values(attrs).some(Boolean) ? true : commands.unsetMark('textStyle');
        },
    } as never;
  },
});

const simpleMark = (name: string, tag: string, command: string) =>
  Mark.create({
    name,
    excludes: name === 'subscript' ? 'superscript' : 'subscript',
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, mergeAttributes(HTMLAttributes), 0],
    addCommands() {
      return {
        [command]:
          () =>
          ({ commands }: { commands: import('@tiptap/react').SingleCommands }) =>
            commands.toggleMark(name),
      } as never;
    },
  });
export const Subscript = simpleMark('subscript', 'sub', 'toggleSubscript');
export const Superscript = simpleMark('superscript', 'sup', 'toggleSuperscript');

/** An image of our own files (the 'full' toolbar uploads through dashboard/files/insert). */
export const Image = Node.create({
  name: 'image',
  group: 'block',
  draggable: true,
  atom: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null }, title: { default: null } };
  },
  parseHTML: () => [{ tag: 'img[src]' }],
  renderHTML: ({ HTMLAttributes }) => ['img', mergeAttributes(HTMLAttributes)],
  addCommands() {
    return {
      setImage:
        (attrs: { src: string; alt?: string }) =>
        ({ commands }: { commands: import('@tiptap/react').SingleCommands }) =>
          commands.insertContent({ type: this.name, attrs }),
    } as never;
  },
});
