import { useEffect } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

// The rich text editor of descriptions (tiptap, HTML out). The server cleans the HTML again
// (decision 0035), so the toolbar offers only what it keeps: headings, emphasis, lists, links.

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const buttons: { label: string; text: string; active: boolean; run: () => void }[] = [
    { label: 'Жирный', text: 'Ж', active: state.bold, run: () => chain().toggleBold().run() },
    { label: 'Курсив', text: 'К', active: state.italic, run: () => chain().toggleItalic().run() },
    { label: 'Заголовок', text: 'H2', active: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: 'Подзаголовок', text: 'H3', active: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: 'Маркированный список', text: '•', active: state.bullet, run: () => chain().toggleBulletList().run() },
    { label: 'Нумерованный список', text: '1.', active: state.ordered, run: () => chain().toggleOrderedList().run() },
    {
      label: state.link ? 'Убрать ссылку' : 'Ссылка',
      text: 'Ссылка',
      active: state.link,
      run: () => {
        if (state.link) return void chain().unsetLink().run();
        const href = window.prompt('Адрес ссылки (https://…)', 'https://');
        if (href && /^(https?:\/\/|mailto:|tel:)/.test(href)) chain().extendMarkRange('link').setLink({ href }).run();
      },
    },
  ];
  return (
    <div className="rte__bar" role="toolbar" aria-label="Оформление текста">
      {buttons.map((button) => (
        <button key={button.label} type="button" aria-label={button.label} title={button.label} aria-pressed={button.active} onClick={button.run}>
          {button.text}
        </button>
      ))}
    </div>
  );
}

export function RichText({ id, value, onChange, label }: { id: string; value: string; onChange: (html: string) => void; label: string }) {
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['mailto', 'tel'] }, code: false, codeBlock: false })],
    content: value,
    editorProps: { attributes: { id, 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A new value from outside (the server's saved text) replaces the editor's.
  useEffect(() => {
    if (editor && !editor.isFocused && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return (
    <div className="rte">
      {editor ? <Toolbar editor={editor} /> : null}
      <div className="rte__content">
        {editor ? <EditorContent editor={editor} /> : <div className="ProseMirror" aria-busy="true" />}
      </div>
    </div>
  );
}
