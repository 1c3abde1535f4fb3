import '@mantine/tiptap/styles.css';
import { useEffect } from 'react';
import { Menu, UnstyledButton } from '@mantine/core';
import { RichTextEditor as Mantine, getUploadImageExtension, useRichTextEditorContext } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { fileUrl, files } from '@campsite/shared';
import { api } from '@campsite/shared/client';
import { BlockStyle, Image, Subscript, Superscript, TextStyle } from './RichTextEditor.extensions';
import type { RichTextProps } from './RichTextEditor.props';

const COLORS = ['#1f2937', '#dc2626', '#ea580c', '#ca8a04', '#16a34a', '#0891b2', '#2563eb', '#7c3aed', '#db2777'];
const FONTS = ['Arial', 'Georgia', 'Times New Roman', 'Trebuchet MS', 'Verdana', 'Courier New'];

/** French labels of the controls (the dashboard's text is French). */
const LABELS = {
  boldControlLabel: 'Gras',
  italicControlLabel: 'Italique',
  underlineControlLabel: 'Souligné',
  strikeControlLabel: 'Barré',
  clearFormattingControlLabel: 'Effacer la mise en forme',
  linkControlLabel: 'Lien',
  unlinkControlLabel: 'Retirer le lien',
  bulletListControlLabel: 'Liste à puces',
  orderedListControlLabel: 'Liste numérotée',
  h1ControlLabel: 'Titre 1',
  h2ControlLabel: 'Titre 2',
  h3ControlLabel: 'Titre 3',
  h4ControlLabel: 'Titre 4',
  alignLeftControlLabel: 'Aligner à gauche',
  alignCenterControlLabel: 'Centrer',
  alignRightControlLabel: 'Aligner à droite',
  alignJustifyControlLabel: 'Justifier',
  subscriptControlLabel: 'Indice',
  superscriptControlLabel: 'Exposant',
  colorPickerControlLabel: 'Couleur du texte',
  unsetColorControlLabel: 'Couleur par défaut',
  imageUploadControlLabel: 'Insérer une image',
  linkEditorInputLabel: "Adresse du lien",
  linkEditorInputPlaceholder: 'https://exemple.fr',
  linkEditorExternalLink: 'Ouvrir dans un nouvel onglet',
  linkEditorInternalLink: 'Ouvrir dans le même onglet',
  linkEditorSave: 'Enregistrer',
};

/** Uploads a pasted or picked image as a file of the dashboard (000 §7 'files/insert') and answers its address. */
async function uploadImage(file: File): Promise<string> {
  const data = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
  const id = await api(files.insert, { name: file.name, type: file.type, data });
  if (!id) throw new Error("Impossible d'envoyer l'image");
  return fileUrl(id, 1280);
}

function Indent({ delta }: { delta: 1 | -1 }) {
  const { editor } = useRichTextEditorContext();
  return (
    <Mantine.Control onClick={() => (delta > 0 ? editor?.commands.indent() : editor?.commands.outdent())} aria-label={delta > 0 ? 'Augmenter le retrait' : 'Diminuer le retrait'} title={delta > 0 ? 'Augmenter le retrait' : 'Diminuer le retrait'}>
      {delta > 0 ? '⇥' : '⇤'}
    </Mantine.Control>
  );
}

function FontMenu() {
  const { editor } = useRichTextEditorContext();
  return (
    <Menu shadow="md" width={180}>
      <Menu.Target>
        <UnstyledButton px={8} fz="sm" aria-label="Police" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, height: 26 }}>
          Police ▾
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => editor?.commands.unsetFontFamily()}>Par défaut</Menu.Item>
        {FONTS.map((f) => (
          <Menu.Item key={f} style={{ fontFamily: f }} onClick={() => editor?.commands.setFontFamily(f)}>
            {f}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Tiptap through @mantine/tiptap, with the three toolbars of 000 §9. Loaded as its own chunk. */
export default function RichTextEditorImpl({ value, onChange, toolbar = 'default', label, required, error, minHeight = 160, path }: RichTextProps) {
  const full = toolbar === 'full';
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [1, 2, 3, 4] }, link: { openOnClick: false, HTMLAttributes: { target: '_blank' } }, code: false, codeBlock: false }),
      BlockStyle,
      TextStyle,
      Subscript,
      Superscript,
      ...(full ? [getUploadImageExtension(Image, { onImageUpload: uploadImage })] : []),
    ],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    shouldRerenderOnTransaction: false,
  });

  // the editable area is the text box: it carries the field's name, state and form path (focus on error)
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const dom = editor.view.dom;
    dom.setAttribute('role', 'textbox');
    dom.setAttribute('aria-multiline', 'true');
    dom.setAttribute('aria-label', label ?? 'Texte');
    dom.setAttribute('aria-required', String(!!required));
    if (error) dom.setAttribute('aria-invalid', 'true');
    else dom.removeAttribute('aria-invalid');
    if (path) dom.setAttribute('data-path', path);
  }, [editor, label, required, error, path]);
  // a value replaced from outside (another language, another section) is loaded into the editor
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  return (
    <div>
      {label && (
        <div style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600, marginBottom: 4 }}>
          {label}
          {required && (
            <span aria-hidden style={{ color: 'var(--mantine-color-error)' }}>
              {' *'}
            </span>
          )}
        </div>
      )}
      <Mantine editor={editor} labels={LABELS} style={{ borderColor: error ? 'var(--mantine-color-red-8)' : undefined }}>
        <Mantine.Toolbar>
          <Mantine.ControlsGroup>
            <Mantine.Bold />
            <Mantine.Italic />
            <Mantine.Underline />
            {toolbar !== 'default' && <Mantine.Strikethrough />}
            <Mantine.ClearFormatting />
          </Mantine.ControlsGroup>
          {full && (
            <Mantine.ControlsGroup>
              <Mantine.H1 />
              <Mantine.H2 />
              <Mantine.H3 />
              <Mantine.H4 />
            </Mantine.ControlsGroup>
          )}
          <Mantine.ControlsGroup>
            <Mantine.Link />
            <Mantine.Unlink />
          </Mantine.ControlsGroup>
          {toolbar !== 'default' && (
            <>
              <Mantine.ControlsGroup>
                <Mantine.AlignLeft />
                <Mantine.AlignCenter />
                <Mantine.AlignRight />
                <Mantine.AlignJustify />
              </Mantine.ControlsGroup>
              <Mantine.ControlsGroup>
                <Mantine.ColorPicker colors={COLORS} />
                <Mantine.UnsetColor />
              </Mantine.ControlsGroup>
            </>
          )}
          <Mantine.ControlsGroup>
            <Mantine.BulletList />
            <Mantine.OrderedList />
          </Mantine.ControlsGroup>
          {full && (
            <>
              <Mantine.ControlsGroup>
                <Indent delta={-1} />
                <Indent delta={1} />
                <Mantine.Subscript />
                <Mantine.Superscript />
              </Mantine.ControlsGroup>
              <Mantine.ControlsGroup>
                <Mantine.ImageUpload accept="image/png,image/jpeg,image/webp" />
                <FontMenu />
              </Mantine.ControlsGroup>
            </>
          )}
        </Mantine.Toolbar>
        <Mantine.Content style={{ minHeight }} />
      </Mantine>
      {error && (
        <div role="alert" style={{ color: 'var(--mantine-color-red-8)', fontSize: 'var(--mantine-font-size-xs)', marginTop: 4 }}>
          {error}
        </div>
      )}
    </div>
  );
}
