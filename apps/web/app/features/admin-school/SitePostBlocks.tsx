import { useRef, useState } from 'react';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { AdminUpload, SitePost } from '@crema/contract';
import { Field } from '../../ui/Field.tsx';
import { RichText } from '../../ui/RichTextField.tsx';
import { UploadField, builderUpload } from '../../ui/UploadField.tsx';
import { MEASURE_ON_EVERY_MOVE, placeAnnouncements, useSortableSensors } from '../../ui/sortable.ts';
import { useFocusFirstField } from '../../ui/focus-first-field.ts';

// The body of a post or page as blocks (decision 0070): added, removed and reordered by dragging
// with the mouse or, from the handle, with the keyboard (space, arrows, space); rich text in the
// TipTap editor; pictures uploaded with their progress. Loaded on use: dnd-kit and the editor stay
// out of the school screens' shared code.

export type BlockData = SitePost['blocks'][number];
export type BlockType = BlockData['type'];
export interface DraftBlock {
  key: string;
  data: BlockData;
}

export const BLOCK_NAMES: Record<BlockType, string> = {
  text: 'Текст',
  side_text_image: 'Текст с картинкой',
  image: 'Картинка',
  quote: 'Цитата',
  gallery: 'Галерея',
  video: 'Видео',
  cta: 'Призыв с кнопкой',
  contacts: 'Контакты школы',
};

export function emptyBlock(type: BlockType): BlockData {
  switch (type) {
    case 'text':
      return { type, html: '' };
    case 'side_text_image':
      return { type, title: null, html: '', image: '', image_position: 'right' };
    case 'image':
      return { type, image: '', alt: '', caption: null };
    case 'quote':
      return { type, text: '', author: null, author_role: null };
    case 'gallery':
      return { type, images: [] };
    case 'video':
      return { type, url: '', title: null, poster: null, duration_seconds: null };
    case 'cta':
      return { type, title: '', text: null, button_text: 'Подробнее', link: '/courses/' };
    case 'contacts':
      return { type };
  }
}

const INSTRUCTIONS = 'Чтобы переставить блок, нажмите пробел, стрелками выберите место и нажмите пробел ещё раз.';

interface Props {
  blocks: DraftBlock[];
  onChange: (blocks: DraftBlock[]) => void;
  /** Messages of a field of the block at `index` (the server's `blocks.{i}.{field}`). */
  errorsOf: (field: string) => string[];
  urls: Record<string, string>;
  onUploaded: (uploaded: AdminUpload) => void;
}

let made = 0;
/** A key for a block of this visit (dnd-kit and React tell the blocks apart by it). */
export const blockKey = () => `b${++made}`;

function Text({ label, value, onChange, errors, hint, type = 'text' }: { label: string; value: string | null; onChange: (value: string) => void; errors: string[]; hint?: string; type?: string }) {
  return (
    <Field look="admin" label={label} errors={errors} hint={hint}>
      {(a11y) => <input {...a11y} className="admin-input" type={type} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value)} />}
    </Field>
  );
}

function Area({ label, value, onChange, errors }: { label: string; value: string | null; onChange: (value: string) => void; errors: string[] }) {
  return (
    <Field look="admin" label={label} errors={errors}>
      {(a11y) => <textarea {...a11y} className="admin-input" rows={3} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value)} />}
    </Field>
  );
}

function Picture({ label, value, urls, errors, onUploaded, onPick }: { label: string; value: string | null; urls: Record<string, string>; errors: string[]; onUploaded: Props['onUploaded']; onPick: (key: string) => void }) {
  const url = value ? urls[value] : undefined;
  return (
    <UploadField
      look="admin"
      target={builderUpload('image')}
      label={label}
      current={Boolean(value)}
      errors={errors}
      showName
      onUploaded={(uploaded) => {
        onUploaded(uploaded);
        onPick(uploaded.key);
      }}
    >
      {url ? <img className="sp-thumb" src={url} alt="" /> : null}
    </UploadField>
  );
}

function BlockFields({ data, onChange, errorsOf, urls, onUploaded, where }: { data: BlockData; onChange: (data: BlockData) => void; errorsOf: (field: string) => string[]; urls: Record<string, string>; onUploaded: Props['onUploaded']; where: string }) {
  switch (data.type) {
    case 'text':
      return (
        <div className="admin-field">
          <RichText value={data.html} onChange={(html) => onChange({ ...data, html })} label={`Текст: ${where}`} invalid={errorsOf('html').length > 0} />
          {errorsOf('html').length ? <p className="admin-field__error">{errorsOf('html').join(' ')}</p> : null}
        </div>
      );
    case 'side_text_image':
      return (
        <>
          <Text label="Заголовок" value={data.title} onChange={(title) => onChange({ ...data, title })} errors={errorsOf('title')} />
          <div className="admin-field">
            <RichText value={data.html} onChange={(html) => onChange({ ...data, html })} label={`Текст: ${where}`} invalid={errorsOf('html').length > 0} />
          </div>
          <Picture label="Картинка" value={data.image || null} urls={urls} errors={errorsOf('image')} onUploaded={onUploaded} onPick={(image) => onChange({ ...data, image })} />
          <Field look="admin" label="Картинка на широком экране" errors={errorsOf('image_position')}>
            {(a11y) => (
              <select {...a11y} className="admin-input" value={data.image_position} onChange={(e) => onChange({ ...data, image_position: e.currentTarget.value === 'left' ? 'left' : 'right' })}>
                <option value="right">Справа от текста</option>
                <option value="left">Слева от текста</option>
              </select>
            )}
          </Field>
        </>
      );
    case 'image':
      return (
        <>
          <Picture label="Картинка (JPG, PNG, WebP, GIF, AVIF до 15 МБ)" value={data.image || null} urls={urls} errors={errorsOf('image')} onUploaded={onUploaded} onPick={(image) => onChange({ ...data, image })} />
          <Text label="Описание для незрячих" value={data.alt} onChange={(alt) => onChange({ ...data, alt })} errors={errorsOf('alt')} />
          <Text label="Подпись" value={data.caption} onChange={(caption) => onChange({ ...data, caption })} errors={errorsOf('caption')} />
        </>
      );
    case 'quote':
      return (
        <>
          <Area label="Текст цитаты" value={data.text} onChange={(text) => onChange({ ...data, text })} errors={errorsOf('text')} />
          <Text label="Автор" value={data.author} onChange={(author) => onChange({ ...data, author })} errors={errorsOf('author')} />
          <Text label="Кто он" value={data.author_role} onChange={(author_role) => onChange({ ...data, author_role })} errors={errorsOf('author_role')} hint="Например: чемпион России по латте-арту" />
        </>
      );
    case 'gallery':
      return (
        <>
          {errorsOf('images').length ? <p className="admin-field__error">{errorsOf('images').join(' ')}</p> : null}
          <ol className="sp-gallery">
            {data.images.map((item, j) => {
              const set = (next: Partial<typeof item>) => onChange({ ...data, images: data.images.map((it, k) => (k === j ? { ...it, ...next } : it)) });
              return (
                <li key={`${item.image}-${j}`} className="sp-gallery__item">
                  {urls[item.image] ? <img className="sp-thumb" src={urls[item.image]} alt="" /> : null}
                  <Text label={`Описание картинки ${j + 1} для незрячих`} value={item.alt} onChange={(alt) => set({ alt })} errors={errorsOf(`images.${j}.alt`)} />
                  <Text label={`Подпись картинки ${j + 1}`} value={item.caption} onChange={(caption) => set({ caption })} errors={errorsOf(`images.${j}.caption`)} />
                  <button type="button" className="admin-icon-button" onClick={() => onChange({ ...data, images: data.images.filter((_, k) => k !== j) })}>
                    Убрать картинку {j + 1}
                  </button>
                </li>
              );
            })}
          </ol>
          <UploadField
            look="admin"
            target={builderUpload('image')}
            label="Добавить картинку в галерею"
            current={false}
            onUploaded={(uploaded) => {
              onUploaded(uploaded);
              onChange({ ...data, images: [...data.images, { image: uploaded.key, alt: '', caption: null }] });
            }}
          />
        </>
      );
    case 'video':
      return (
        <>
          <Text label="Ссылка на видео (Rutube, VK Видео, Kinescope …)" type="url" value={data.url} onChange={(url) => onChange({ ...data, url })} errors={errorsOf('url')} />
          <Text label="Название" value={data.title} onChange={(title) => onChange({ ...data, title })} errors={errorsOf('title')} />
        </>
      );
    case 'cta':
      return (
        <>
          <Text label="Заголовок" value={data.title} onChange={(title) => onChange({ ...data, title })} errors={errorsOf('title')} />
          <Area label="Текст" value={data.text} onChange={(text) => onChange({ ...data, text })} errors={errorsOf('text')} />
          <Text label="Надпись на кнопке" value={data.button_text} onChange={(button_text) => onChange({ ...data, button_text })} errors={errorsOf('button_text')} />
          <Text label="Куда ведёт кнопка" value={data.link} onChange={(link) => onChange({ ...data, link })} errors={errorsOf('link')} hint="Адрес на сайте (/courses/) или полный адрес https://…" />
        </>
      );
    case 'contacts':
      return <p className="admin-muted">Адрес студии, телефоны и почта школы — из настроек сайта. Заполнять здесь нечего.</p>;
  }
}

function SortableBlock({ block, index, count, errorsOf, urls, onUploaded, onChange, onRemove, autoFocus }: {
  block: DraftBlock;
  index: number;
  count: number;
  errorsOf: (field: string) => string[];
  urls: Record<string, string>;
  onUploaded: Props['onUploaded'];
  onChange: (data: BlockData) => void;
  onRemove: () => void;
  autoFocus: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: block.key });
  const name = BLOCK_NAMES[block.data.type];
  const where = `блок ${index + 1} из ${count}`;
  const body = useRef<HTMLDivElement>(null);
  useFocusFirstField(body, autoFocus, 'input:not([type=file]), textarea, select, [contenteditable="true"]');
  const general = errorsOf('');
  return (
    <li
      ref={setNodeRef}
      className={`sp-block${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-block-type={block.data.type}
      aria-label={`${name}, ${where}`}
    >
      <div className="sp-block__head">
        <button type="button" ref={setActivatorNodeRef} className="sp-block__handle" aria-label={`Переставить: ${name}, ${where}`} {...attributes} {...listeners}>
          <span aria-hidden="true">⠿</span>
        </button>
        <span className="sp-block__name">{name}</span>
        <button type="button" className="sp-block__remove" onClick={onRemove} aria-label={`Удалить: ${name}, ${where}`}>
          Удалить
        </button>
      </div>
      {general.length ? <p className="admin-field__error">{general.join(' ')}</p> : null}
      <div className="sp-block__body" ref={body}>
        <BlockFields data={block.data} onChange={onChange} errorsOf={errorsOf} urls={urls} onUploaded={onUploaded} where={`${name}, ${where}`} />
      </div>
    </li>
  );
}

export default function SitePostBlocks({ blocks, onChange, errorsOf, urls, onUploaded }: Props) {
  const sensors = useSortableSensors();
  // The block just added: its first field takes the focus.
  const [fresh, setFresh] = useState<string | null>(null);
  const onAdd = (type: BlockType) => {
    const key = blockKey();
    setFresh(key);
    onChange([...blocks, { key, data: emptyBlock(type) }]);
  };
  const ids = blocks.map((block) => block.key);
  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onChange(arrayMove(blocks, from, to));
  };
  const announcements = placeAnnouncements(ids, (id) => {
    const block = blocks.find((item) => item.key === id);
    return block ? `«${BLOCK_NAMES[block.data.type]}»` : 'Блок';
  });
  return (
    <>
      {blocks.length ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          measuring={MEASURE_ON_EVERY_MOVE}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className="sp-blocks" aria-label="Блоки текста">
              {blocks.map((block, index) => (
                <SortableBlock
                  key={block.key}
                  block={block}
                  index={index}
                  count={blocks.length}
                  autoFocus={fresh === block.key}
                  errorsOf={(field) => errorsOf(field ? `blocks.${index}.${field}` : `blocks.${index}`)}
                  urls={urls}
                  onUploaded={onUploaded}
                  onChange={(data) => onChange(blocks.map((item) => (item.key === block.key ? { ...item, data } : item)))}
                  onRemove={() => onChange(blocks.filter((item) => item.key !== block.key))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      ) : (
        <p className="admin-muted">Блоков пока нет: добавьте первый.</p>
      )}
      <div className="sp-add" role="group" aria-label="Добавить блок">
        {(Object.keys(BLOCK_NAMES) as BlockType[]).map((type) => (
          <button key={type} type="button" className="button button--ghost button--small" onClick={() => onAdd(type)}>
            + {BLOCK_NAMES[type]}
          </button>
        ))}
      </div>
    </>
  );
}
