import { useId, useState } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

// The text block's editor: TipTap (ProseMirror) with the marks and nodes the lesson page shows —
// bold, italic, headings (h2, h3: the page's h1 is the lesson's title), lists, links and quotes —
// producing HTML that the server cleans again on save (modules/admin/html.ts).

interface Props {
  /** The HTML the editor starts with (later changes of the prop are not pushed back in). */
  initial: string;
  onChange: (html: string) => void;
  /** Names the editing area for assistive technology. */
  label: string;
  invalid?: boolean;
  describedBy?: string;
}

const EMPTY = '<p></p>';

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

export function RichText({ initial, onChange, label, invalid, describedBy }: Props) {
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
    content: initial || EMPTY,
    editorProps: {
      attributes: {
        class: 'le-rich__area',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const linkId = useId();

  if (!editor) return <div className="le-rich le-rich--loading" aria-busy="true">Загружаем редактор текста…</div>;
  const state = activeOf(editor);
  const chain = () => editor.chain().focus();
  const tool = (name: string, pressed: boolean, run: () => void, text: string, className = '') => (
    <button
      type="button"
      className={`le-rich__tool ${className}`}
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
    const value = href.trim();
    if (!value) chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: /^(https?:|mailto:|tel:)/i.test(value) ? value : `https://${value}` }).run();
    setLinkOpen(false);
  };

  return (
    <div className={`le-rich${invalid ? ' le-rich--invalid' : ''}`}>
      <div className="le-rich__toolbar" role="toolbar" aria-label="Оформление текста">
        {tool('Жирный', state.bold, () => chain().toggleBold().run(), 'Ж', 'le-rich__tool--bold')}
        {tool('Курсив', state.italic, () => chain().toggleItalic().run(), 'К', 'le-rich__tool--italic')}
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
        <div className="le-rich__link">
          <label className="le-field__label" htmlFor={linkId}>
            Адрес ссылки
          </label>
          <input
            id={linkId}
            className="le-input"
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
          <button type="button" className="button button--ghost le-small" onClick={applyLink}>
            {href.trim() ? 'Применить' : 'Убрать ссылку'}
          </button>
        </div>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
