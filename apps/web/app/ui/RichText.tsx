import { useEffect, useId, useState } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

// The course builder's rich text editor (lesson text blocks, course descriptions): TipTap
// (ProseMirror) with what the learners' pages show — bold, italic, headings (h2, h3: the page's
// h1 is its title), lists, quotes and links — producing HTML that the server cleans again on save
// (apps/api modules/admin/html.ts). Its code lands in the `editor` chunk, loaded on use (RichTextField.tsx).

interface Props {
  /** The HTML shown. A new value from outside (a saved version taken in) replaces the editor's text while it is not being typed in. */
  value: string;
  onChange: (html: string) => void;
  /** Names the editing area for assistive technology. */
  label: string;
  /** The editing area's id, for a `<label for>` or `aria-labelledby` outside. */
  id?: string;
  invalid?: boolean;
  describedBy?: string;
}

const EMPTY = '<p></p>';
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

function activeOf(editor: Editor) {
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    h2: editor.isActive('heading', { level: 2 }),
    h3: editor.isActive('heading', { level: 3 }),
    bullet: editor.isActive('bulletList'),
    ordered: editor.isActive('orderedList'),
    quote: editor.isActive('blockquote'),
    link: editor.isActive('link'),
    href: (editor.getAttributes('link').href as string | undefined) ?? '',
  };
}

export function RichText({ value, onChange, label, id, invalid, describedBy }: Props) {
  const editor = useEditor({
    // Rendered in the browser only: the server has no DOM to lay it out in.
    immediatelyRender: false,
    // The toolbar shows the marks at the cursor: it re-renders with every change of the selection.
    shouldRerenderOnTransaction: true,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto', 'tel'] },
      }),
    ],
    content: value || EMPTY,
    editorProps: {
      attributes: {
        class: 'rich__area',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(id ? { id } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(htmlOf(current)),
  });
  useEffect(() => {
    if (editor && !editor.isFocused && value !== htmlOf(editor)) editor.commands.setContent(value || EMPTY, { emitUpdate: false });
  }, [editor, value]);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const linkId = useId();

  if (!editor) return <div className="rich rich--loading" aria-busy="true">Загружаем редактор текста…</div>;
  const state = activeOf(editor);
  const chain = () => editor.chain().focus();
  const tool = (name: string, pressed: boolean, run: () => void, text: string, className = '') => (
    <button
      type="button"
      className={`rich__tool ${className}`}
      aria-pressed={pressed}
      title={name}
      aria-label={name}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {text}
    </button>
  );
  const applyLink = () => {
    const address = href.trim();
    if (!address) chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: /^(https?:|mailto:|tel:)/i.test(address) ? address : `https://${address}` }).run();
    setLinkOpen(false);
  };

  return (
    <div className={`rich${invalid ? ' rich--invalid' : ''}`}>
      <div className="rich__toolbar" role="toolbar" aria-label="Оформление текста">
        {tool('Жирный', state.bold, () => chain().toggleBold().run(), 'Ж', 'rich__tool--bold')}
        {tool('Курсив', state.italic, () => chain().toggleItalic().run(), 'К', 'rich__tool--italic')}
        {tool('Заголовок', state.h2, () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
        {tool('Подзаголовок', state.h3, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
        {tool('Маркированный список', state.bullet, () => chain().toggleBulletList().run(), '• Список')}
        {tool('Нумерованный список', state.ordered, () => chain().toggleOrderedList().run(), '1. Список')}
        {tool('Цитата', state.quote, () => chain().toggleBlockquote().run(), '❝ Цитата')}
        {tool(
          'Ссылка',
          state.link || linkOpen,
          () => {
            setHref(state.href);
            setLinkOpen((open) => !open);
          },
          'Ссылка',
        )}
      </div>
      {linkOpen ? (
        <div className="rich__link">
          <label className="rich__label" htmlFor={linkId}>
            Адрес ссылки
          </label>
          <input
            id={linkId}
            className="rich__input"
            type="url"
            inputMode="url"
            placeholder="https://…"
            value={href}
            onChange={(event) => setHref(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              }
            }}
          />
          <button type="button" className="button button--ghost rich__apply" onClick={applyLink}>
            {href.trim() ? 'Применить' : 'Убрать ссылку'}
          </button>
        </div>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
