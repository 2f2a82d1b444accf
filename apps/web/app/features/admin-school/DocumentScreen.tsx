import { useState, type ComponentType } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { LegalDocument } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { Modal } from '../../ui/Modal.tsx';
import { useApiForm } from '../../api/useApiForm.ts';
import { useUnsavedGuard } from '../../ui/UnsavedGuard.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { SchoolTabs, schoolApi, schoolPaths } from './ui.tsx';

// /admin/school/documents/{slug}/ (decision 0045): a new version of a legal document (decision
// 0043) written from the current text, previewed as the page will show it, and published after a
// confirmation: a version is never changed once written and comes into force for everyone.

const FIELDS = ['title', 'body'] as const;

/**
 * `Preview`: the text as the public page renders it (features/legal's LegalText, given by the
 * route); `reconsent`: what a new version asks of people who agreed to an older one (decision 0046).
 */
export function DocumentScreen({
  doc,
  reconsent,
  Preview,
}: {
  doc: LegalDocument;
  reconsent: 'accept' | 'notice' | null;
  Preview: ComponentType<{ body: string }>;
}) {
  const revalidator = useRevalidator();
  const [title, setTitle] = useState(doc.title);
  const [body, setBody] = useState(doc.body);
  const [preview, setPreview] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [published, setPublished] = useState<LegalDocument | null>(null);
  const form = useApiForm(FIELDS);
  const dirty = title !== doc.title || body !== doc.body;
  const guard = useUnsavedGuard(dirty && !form.busy);
  const earlier = doc.versions.filter((v) => v.version !== doc.version);

  const publish = () =>
    form.run(async () => {
      const next = await schoolApi.publishLegalDocument({ kind: doc.kind, title, body });
      guard.release();
      setPublished(next);
      setConfirming(false);
      await revalidator.revalidate();
    });

  return (
    <section aria-labelledby="school-document-title">
      <SchoolTabs />
      <p className="school-back">
        <Link to={schoolPaths.documents()}>← Все документы</Link>
      </p>
      <div className="admin-head">
        <h1 id="school-document-title">{doc.title}</h1>
        <a className="button button--ghost" href={`/documents/${doc.slug}/`} target="_blank" rel="noopener">
          Открыть на сайте
        </a>
      </div>
      <p className="school-lead">
        Действует редакция № {doc.version} от <time dateTime={doc.published_at}>{formatDate(doc.published_at)}</time>.
      </p>
      {published ? (
        <p className="admin-notice" role="status">
          Опубликована редакция № {published.version}: она уже действует.{' '}
          <a href={published.url} target="_blank" rel="noopener">
            Открыть редакцию № {published.version}
          </a>
        </p>
      ) : null}
      <form
        className="admin-form school-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.setProblems({ fields: {}, general: [] });
          setConfirming(true);
        }}
      >
        <h2 className="school-subtitle">Новая редакция</h2>
        <p className="admin-field__hint school-format">
          Формат текста: абзацы разделяются пустой строкой, строка с «## » в начале — заголовок раздела, строки с «- » — пункты списка.
        </p>
        <Field look="admin" label="Название" errors={form.errorsOf('title')}>
          {(a11y) => <input {...a11y} value={title} maxLength={300} onChange={(e) => setTitle(e.currentTarget.value)} />}
        </Field>
        <Field look="admin" label="Текст документа" errors={form.errorsOf('body')} hint="Здесь текст действующей редакции: измените его и опубликуйте как новую.">
          {(a11y) => <textarea {...a11y} className="school-body" rows={18} value={body} onChange={(e) => setBody(e.currentTarget.value)} />}
        </Field>
        <div className="admin-actions">
          <button type="button" className="button button--ghost" aria-expanded={preview} aria-controls="school-preview" onClick={() => setPreview(!preview)}>
            {preview ? 'Скрыть предпросмотр' : 'Предпросмотр'}
          </button>
          <button type="submit" className="button button--primary" disabled={form.busy}>
            Опубликовать новую редакцию
          </button>
          {dirty ? <span className="admin-unsaved">Текст изменён, но не опубликован</span> : null}
        </div>
        <FormMessages look="admin" messages={confirming ? [] : form.problems.general} />
      </form>
      {preview ? (
        <section id="school-preview" className="school-preview legal" aria-labelledby="school-preview-title">
          <h2 id="school-preview-title" className="school-subtitle">
            Предпросмотр: {title || 'без названия'}
          </h2>
          <div className="prose legal__body">
            <Preview body={body} />
          </div>
        </section>
      ) : null}
      {earlier.length ? (
        <section aria-labelledby="school-versions-title">
          <h2 id="school-versions-title" className="school-subtitle">
            Прежние редакции
          </h2>
          <ul className="school-versions">
            {earlier.map((v) => (
              <li key={v.version}>
                <a href={v.url} target="_blank" rel="noopener">
                  Редакция № {v.version} от <time dateTime={v.published_at}>{formatDate(v.published_at)}</time>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Modal open={confirming} onClose={() => setConfirming(false)} title="Опубликовать новую редакцию?" className="admin-dialog">
        <div className="admin-dialog__body">
          <p>
            Новая редакция документа «{title}» вступит в силу сразу и для всех: сайт будет показывать её, а новые согласия будут ссылаться на
            неё. Изменить опубликованную редакцию нельзя — только выпустить следующую.
          </p>
          {reconsent === 'accept' ? (
            <p>Всех, кто дал согласие по прежней редакции, личный кабинет попросит принять новую.</p>
          ) : reconsent === 'notice' ? (
            <p>Всем, кто принял прежнюю редакцию, личный кабинет сообщит о новой.</p>
          ) : null}
          <FormMessages look="admin" messages={form.problems.general} />
          {form.errorsOf('title').length || form.errorsOf('body').length ? (
            <FormMessages look="admin" messages={[...form.errorsOf('title'), ...form.errorsOf('body')]} />
          ) : null}
          <div className="admin-actions">
            <button type="button" className="button button--primary" aria-busy={form.busy} disabled={form.busy} onClick={() => void publish()}>
              Опубликовать
            </button>
            <button type="button" className="button button--ghost" data-autofocus onClick={() => setConfirming(false)}>
              Отмена
            </button>
          </div>
        </div>
      </Modal>
      {guard.dialog}
    </section>
  );
}
