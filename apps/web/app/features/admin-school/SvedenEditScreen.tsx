import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { SvedenContent, SvedenPage, SvedenSectionKey } from '@crema/contract';
import { formatDateTime } from '@crema/contract/format';
import { useApiForm } from '../../api/useApiForm.ts';
import { uploadSvedenPdf } from '../../api/admin.ts';
import { UploadField, type UploadTarget } from '../../ui/UploadField.tsx';
import { useUnsavedGuard } from '../../ui/UnsavedGuard.tsx';
import { SECTION_PROPS, FROM_COURSES, SVEDEN_ADD_REFS_MAX, choicesFor, type Prop } from './props.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { SchoolTabs, schoolApi, schoolPaths } from './ui.tsx';

// /admin/school/sveden/{key}/ (decision 0045): one subsection's text, rows, groups, documents and
// extra pages, saved whole (PUT /api/sveden/{key}/, decision 0042). Each row's microdata property
// is chosen from the subsection's own list (props.ts), never typed; the server's field messages
// ('facts.0.value' and the like) go under the field they are about.

type FactDraft = { itemprop: string; label: string; value: string; href: string };
type Draft = {
  intro: string;
  facts: FactDraft[];
  groups: { itemprop: string; title: string; facts: FactDraft[] }[];
  documents: { itemprop: string; title: string; url: string; note: string }[];
  add_refs: { title: string; url: string }[];
};

const factDraft = (f: SvedenContent['facts'][number]): FactDraft => ({ itemprop: f.itemprop, label: f.label, value: f.value, href: f.href ?? '' });

function draftOf(content: SvedenContent): Draft {
  return {
    intro: content.intro,
    facts: content.facts.map(factDraft),
    groups: content.groups.map((g) => ({ itemprop: g.itemprop, title: g.title, facts: g.facts.map(factDraft) })),
    documents: content.documents.map((d) => ({ itemprop: d.itemprop, title: d.title, url: d.url, note: d.note ?? '' })),
    add_refs: content.add_refs.map((r) => ({ title: r.title, url: r.url })),
  };
}

const factBody = (f: FactDraft) => ({ itemprop: f.itemprop, label: f.label, value: f.value, href: f.href.trim() || null });

function bodyOf(draft: Draft): SvedenContent {
  return {
    intro: draft.intro,
    facts: draft.facts.map(factBody),
    groups: draft.groups.map((g) => ({ itemprop: g.itemprop, title: g.title, facts: g.facts.map(factBody) })),
    documents: draft.documents.map((d) => ({ itemprop: d.itemprop, title: d.title, url: d.url, note: d.note.trim() || null })),
    add_refs: draft.add_refs,
  };
}

/** Every field key the server may name (`groups.0.facts.1.value`): the form shows those under the field. */
function fieldNamesOf(draft: Draft): string[] {
  const fact = (prefix: string) => ['itemprop', 'label', 'value', 'href'].map((k) => `${prefix}.${k}`);
  return [
    'intro',
    'facts',
    'groups',
    'documents',
    'add_refs',
    ...draft.facts.flatMap((_, i) => fact(`facts.${i}`)),
    ...draft.groups.flatMap((g, i) => [`groups.${i}.itemprop`, `groups.${i}.title`, `groups.${i}.facts`, ...g.facts.flatMap((_, j) => fact(`groups.${i}.facts.${j}`))]),
    ...draft.documents.flatMap((_, i) => ['itemprop', 'title', 'url', 'note'].map((k) => `documents.${i}.${k}`)),
    ...draft.add_refs.flatMap((_, i) => [`add_refs.${i}.title`, `add_refs.${i}.url`]),
  ];
}

/** The first property of `list` no row uses yet (else the first), for a new row. */
function nextProp(list: readonly Prop[], used: string[]): Prop | undefined {
  return list.find((p) => !used.includes(p.itemprop)) ?? list[0];
}

function PropSelect({ label, list, value, errors, onChange }: { label: string; list: readonly Prop[]; value: string; errors: string[]; onChange: (prop: Prop) => void }) {
  const choices = choicesFor(list, value);
  return (
    <Field look="admin" label={label} errors={errors} hint={value ? <code>itemprop="{value}"</code> : undefined}>
      {(a11y) => (
        <select {...a11y} value={value} onChange={(e) => onChange(choices.find((c) => c.itemprop === e.currentTarget.value)!)}>
          {choices.map((c) => (
            <option key={c.itemprop} value={c.itemprop}>
              {c.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function FactRows({
  facts,
  list,
  prefix,
  errorsOf,
  onChange,
}: {
  facts: FactDraft[];
  list: readonly Prop[];
  prefix: string;
  errorsOf: (field: string) => string[];
  onChange: (facts: FactDraft[]) => void;
}) {
  const set = (i: number, patch: Partial<FactDraft>) => onChange(facts.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <>
      {facts.map((fact, i) => {
        const at = `${prefix}.${i}`;
        return (
          // Named by the property's usual label: the name stays while the label on the site is edited.
          <div key={i} className="school-row" role="group" aria-label={`Строка ${i + 1}: ${list.find((p) => p.itemprop === fact.itemprop)?.label ?? fact.itemprop}`}>
            <PropSelect
              label="Что это"
              list={list}
              value={fact.itemprop}
              errors={errorsOf(`${at}.itemprop`)}
              onChange={(prop) => {
                const old = list.find((p) => p.itemprop === fact.itemprop);
                // The usual label comes with the property unless someone wrote their own.
                set(i, { itemprop: prop.itemprop, label: !fact.label || fact.label === old?.label ? prop.label : fact.label });
              }}
            />
            <Field look="admin" label="Подпись на сайте" errors={errorsOf(`${at}.label`)}>
              {(a11y) => <input {...a11y} value={fact.label} onChange={(e) => set(i, { label: e.currentTarget.value })} />}
            </Field>
            <Field look="admin" label="Значение" className="school-wide" errors={errorsOf(`${at}.value`)} hint="Абзацы — через пустую строку.">
              {(a11y) => <textarea {...a11y} rows={2} value={fact.value} onChange={(e) => set(i, { value: e.currentTarget.value })} />}
            </Field>
            <Field look="admin" label="Ссылка (необязательно)" errors={errorsOf(`${at}.href`)} hint="Страница сайта с / или адрес с https://.">
              {(a11y) => <input {...a11y} inputMode="url" value={fact.href} onChange={(e) => set(i, { href: e.currentTarget.value })} />}
            </Field>
            <button type="button" className="admin-icon-button" onClick={() => onChange(facts.filter((_, j) => j !== i))}>
              Удалить строку
            </button>
          </div>
        );
      })}
      {list.length ? (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => {
            const prop = nextProp(list, facts.map((f) => f.itemprop))!;
            onChange([...facts, { itemprop: prop.itemprop, label: prop.label, value: '', href: '' }]);
          }}
        >
          Добавить строку
        </button>
      ) : null}
    </>
  );
}

/** Where a document's PDF goes (staff only) and what the picker offers. */
const SVEDEN_PDF: UploadTarget<{ url: string; original_name: string }> = { upload: uploadSvedenPdf, accept: 'application/pdf,.pdf' };

/** A document's file: choose a PDF, watch it go up, and the row gets its address. */
function PdfUpload({ onUploaded }: { onUploaded: (url: string, name: string) => void }) {
  return (
    <UploadField
      look="admin"
      target={SVEDEN_PDF}
      label="Загрузить PDF"
      current={false}
      hint="Документ PDF до 50 МБ с текстом, который можно выделить."
      onUploaded={(uploaded) => onUploaded(uploaded.url, uploaded.original_name)}
    />
  );
}

export function SvedenEditScreen({ page }: { page: SvedenPage }) {
  const revalidator = useRevalidator();
  const key = page.section.key as SvedenSectionKey;
  const props = SECTION_PROPS[key];
  const fromCourses = FROM_COURSES.includes(key);
  const [saved, setSaved] = useState({ draft: draftOf(page.section.content), at: page.section.updated_at });
  const [draft, setDraft] = useState(saved.draft);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useApiForm(fieldNamesOf(draft));
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved.draft);
  const guard = useUnsavedGuard(dirty && !form.busy);
  const edit = (patch: Partial<Draft>) => {
    setNotice(null);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const showFacts = props.facts.length > 0 || draft.facts.length > 0;
  const showGroups = props.groups.length > 0 || draft.groups.length > 0;
  const showDocuments = props.documents.length > 0 || draft.documents.length > 0;

  const save = form.onSubmit(async () => {
    setNotice(null);
    const next = await schoolApi.saveSvedenSection(key, bodyOf(draft));
    const again = draftOf(next.section.content);
    setSaved({ draft: again, at: next.section.updated_at });
    setDraft(again);
    setNotice('Сохранено: подраздел на сайте уже обновлён.');
    await revalidator.revalidate();
  });

  return (
    <section aria-labelledby="school-section-title">
      <SchoolTabs />
      <p className="school-back">
        <Link to={schoolPaths.sveden()}>← Все подразделы</Link>
      </p>
      <div className="admin-head">
        <h1 id="school-section-title">{page.section.title}</h1>
        <a className="button button--ghost" href={`/sveden/${key}/`} target="_blank" rel="noopener">
          Открыть на сайте
        </a>
      </div>
      <p className="admin-muted school-lead">
        Адрес на сайте: /sveden/{key}/.{' '}
        {saved.at ? (
          <>
            Изменён <time dateTime={saved.at}>{formatDateTime(saved.at)}</time>.
          </>
        ) : (
          'Ещё не заполнялся.'
        )}
      </p>
      {fromCourses ? (
        <div className="admin-notice school-from-courses" role="note">
          <p>
            {key === 'education' ? 'Образовательные программы' : 'Преподаватели по каждой программе'} в этом подразделе берутся из опубликованных
            курсов: названия, сроки, форма обучения и преподаватели меняются в <Link to="/admin/courses/">курсах</Link>, а не здесь.
          </p>
          {page.section.programmes.length ? (
            <p>
              Сейчас на сайте:{' '}
              {page.section.programmes.map((programme, i) => (
                <span key={programme.url}>
                  {i ? ', ' : ''}
                  <a href={programme.url} target="_blank" rel="noopener">
                    {programme.title}
                  </a>
                </span>
              ))}
              .
            </p>
          ) : (
            <p>Опубликованных курсов пока нет.</p>
          )}
          <p>Ниже — то, что показывается над ними.</p>
        </div>
      ) : null}
      <form className="admin-form school-form" onSubmit={save} noValidate>
        <Field look="admin" label="Текст перед сведениями" errors={form.errorsOf('intro')} hint="Необязательно. Абзацы — через пустую строку.">
          {(a11y) => <textarea {...a11y} rows={3} value={draft.intro} onChange={(e) => edit({ intro: e.currentTarget.value })} />}
        </Field>

        {showFacts ? (
          <fieldset>
            <legend>Сведения</legend>
            <FormMessages look="admin" messages={form.errorsOf('facts')} />
            <FactRows facts={draft.facts} list={props.facts} prefix="facts" errorsOf={form.errorsOf} onChange={(facts) => edit({ facts })} />
          </fieldset>
        ) : null}

        {showGroups ? (
          <fieldset>
            <legend>Группы сведений</legend>
            <FormMessages look="admin" messages={form.errorsOf('groups')} />
            {draft.groups.map((group, i) => {
              const groupProp = props.groups.find((g) => g.itemprop === group.itemprop);
              const setGroup = (patch: Partial<Draft['groups'][number]>) => edit({ groups: draft.groups.map((g, j) => (j === i ? { ...g, ...patch } : g)) });
              return (
                <fieldset key={i} className="school-group">
                  <legend>{group.title || 'Новая группа'}</legend>
                  <PropSelect
                    label="Вид группы"
                    list={props.groups}
                    value={group.itemprop}
                    errors={form.errorsOf(`groups.${i}.itemprop`)}
                    onChange={(prop) => setGroup({ itemprop: prop.itemprop, title: !group.title || group.title === groupProp?.label ? prop.label : group.title })}
                  />
                  <Field look="admin" label="Заголовок" errors={form.errorsOf(`groups.${i}.title`)}>
                    {(a11y) => <input {...a11y} value={group.title} onChange={(e) => setGroup({ title: e.currentTarget.value })} />}
                  </Field>
                  <FormMessages look="admin" messages={form.errorsOf(`groups.${i}.facts`)} />
                  <FactRows
                    facts={group.facts}
                    list={groupProp?.facts ?? []}
                    prefix={`groups.${i}.facts`}
                    errorsOf={form.errorsOf}
                    onChange={(facts) => setGroup({ facts })}
                  />
                  <button type="button" className="admin-icon-button" onClick={() => edit({ groups: draft.groups.filter((_, j) => j !== i) })}>
                    Удалить группу
                  </button>
                </fieldset>
              );
            })}
            {props.groups.length ? (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => {
                  const prop = props.groups[0]!;
                  edit({ groups: [...draft.groups, { itemprop: prop.itemprop, title: prop.label, facts: prop.facts.map((f) => ({ itemprop: f.itemprop, label: f.label, value: '', href: '' })) }] });
                }}
              >
                Добавить группу
              </button>
            ) : null}
          </fieldset>
        ) : null}

        {showDocuments ? (
          <fieldset>
            <legend>Документы</legend>
            <FormMessages look="admin" messages={form.errorsOf('documents')} />
            {draft.documents.map((doc, i) => {
              const setDoc = (patch: Partial<Draft['documents'][number]>) => edit({ documents: draft.documents.map((d, j) => (j === i ? { ...d, ...patch } : d)) });
              const docProp = props.documents.find((p) => p.itemprop === doc.itemprop);
              return (
                <div key={i} className="school-row" role="group" aria-label={`Документ ${i + 1}: ${doc.title || 'без названия'}`}>
                  <PropSelect
                    label="Вид документа"
                    list={props.documents}
                    value={doc.itemprop}
                    errors={form.errorsOf(`documents.${i}.itemprop`)}
                    onChange={(prop) => setDoc({ itemprop: prop.itemprop, title: !doc.title || doc.title === docProp?.label ? prop.label : doc.title })}
                  />
                  <Field look="admin" label="Название на сайте" errors={form.errorsOf(`documents.${i}.title`)}>
                    {(a11y) => <input {...a11y} value={doc.title} onChange={(e) => setDoc({ title: e.currentTarget.value })} />}
                  </Field>
                  <Field look="admin" label="Адрес файла" errors={form.errorsOf(`documents.${i}.url`)} hint={doc.url ? <a href={doc.url} target="_blank" rel="noopener">Открыть файл</a> : 'Загрузите PDF ниже или вставьте ссылку.'}>
                    {(a11y) => <input {...a11y} inputMode="url" value={doc.url} onChange={(e) => setDoc({ url: e.currentTarget.value })} />}
                  </Field>
                  <PdfUpload onUploaded={(url, name) => setDoc({ url, title: doc.title || name.replace(/\.pdf$/i, '') })} />
                  <Field look="admin" label="Реквизиты (необязательно)" errors={form.errorsOf(`documents.${i}.note`)} hint="Например: утверждён приказом от 01.09.2025 № 12.">
                    {(a11y) => <input {...a11y} value={doc.note} onChange={(e) => setDoc({ note: e.currentTarget.value })} />}
                  </Field>
                  <button type="button" className="admin-icon-button" onClick={() => edit({ documents: draft.documents.filter((_, j) => j !== i) })}>
                    Удалить документ
                  </button>
                </div>
              );
            })}
            {props.documents.length ? (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => {
                  const prop = nextProp(props.documents, draft.documents.map((d) => d.itemprop))!;
                  edit({ documents: [...draft.documents, { itemprop: prop.itemprop, title: prop.label, url: '', note: '' }] });
                }}
              >
                Добавить документ
              </button>
            ) : null}
          </fieldset>
        ) : null}

        <fieldset>
          <legend>Дополнительные страницы</legend>
          <p className="admin-field__hint">Ссылки на другие страницы сайта с этими сведениями, не больше {SVEDEN_ADD_REFS_MAX}.</p>
          <FormMessages look="admin" messages={form.errorsOf('add_refs')} />
          {draft.add_refs.map((ref, i) => {
            const setRef = (patch: Partial<Draft['add_refs'][number]>) => edit({ add_refs: draft.add_refs.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
            return (
              <div key={i} className="school-row" role="group" aria-label={`Страница ${i + 1}`}>
                <Field look="admin" label="Название" errors={form.errorsOf(`add_refs.${i}.title`)}>
                  {(a11y) => <input {...a11y} value={ref.title} onChange={(e) => setRef({ title: e.currentTarget.value })} />}
                </Field>
                <Field look="admin" label="Адрес" errors={form.errorsOf(`add_refs.${i}.url`)}>
                  {(a11y) => <input {...a11y} inputMode="url" value={ref.url} onChange={(e) => setRef({ url: e.currentTarget.value })} />}
                </Field>
                <button type="button" className="admin-icon-button" onClick={() => edit({ add_refs: draft.add_refs.filter((_, j) => j !== i) })}>
                  Удалить страницу
                </button>
              </div>
            );
          })}
          {draft.add_refs.length < SVEDEN_ADD_REFS_MAX ? (
            <button type="button" className="button button--ghost button--small" onClick={() => edit({ add_refs: [...draft.add_refs, { title: '', url: '' }] })}>
              Добавить страницу
            </button>
          ) : null}
        </fieldset>

        <div className="admin-sticky-actions admin-actions">
          <FormMessages look="admin" messages={form.problems.general} />
          {notice ? (
            <p className="admin-ok" role="status">
              {notice}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={form.busy || !dirty} aria-busy={form.busy}>
            Сохранить
          </button>
          {dirty ? <span className="admin-unsaved">Есть несохранённые изменения</span> : null}
        </div>
      </form>
      {guard.dialog}
    </section>
  );
}
