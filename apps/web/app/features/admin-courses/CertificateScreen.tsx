import { useState } from 'react';
import { Form, useRevalidator } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import type { CertificateSettingsOut, IssuedCertificate, Paginated } from '@crema/contract';
import { CERTIFICATE_DEFAULT_TITLE, CERTIFICATE_RULES, CERTIFICATE_STATUSES, type CertificateRule } from '@crema/contract/rules';
import { formatDate } from '@crema/contract/format';
import { browserFetch } from '../../api/browser.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { UploadField, builderUpload } from '../../ui/UploadField.tsx';
import { createCertificateApi } from './certificate-api.ts';
import './admin.css';

// /admin/courses/{id}/certificate/ 'Сертификат' (decision 0085): the owner switches the course's
// certificate on, chooses when it is earned, writes its texts and uploads the signature, stamp and
// background; 'Образец PDF' opens the certificate with a sample name. Below, the certificates
// issued: a search by number or name and pages on the server, revoking with a reason, reissuing
// after the holder's name changed.

const api = createCertificateApi(browserFetch);
const PICTURE = builderUpload('image', 'image/jpeg,image/png,image/webp');
const FIELDS = ['enabled', 'rule', 'min_share', 'title', 'hours', 'school_details', 'signature_image', 'stamp_image', 'background_image'] as const;
const IMAGES = [
  ['signature_image', 'Подпись', 'PNG с прозрачным фоном лучше всего.'],
  ['stamp_image', 'Печать', 'PNG с прозрачным фоном лучше всего.'],
  ['background_image', 'Фон', 'Во весь лист A4 (альбомный), например 2480 × 1754 точек.'],
] as const;
type ImageField = (typeof IMAGES)[number][0];

const mediaUrl = (key: string) => `/media/${key.split('/').map(encodeURIComponent).join('/')}`;

function SettingsForm({ courseId, settings: loaded }: { courseId: number; settings: CertificateSettingsOut }) {
  const [settings, setSettings] = useState(loaded);
  const [images, setImages] = useState<Record<ImageField, string | null>>({
    signature_image: loaded.signature_image,
    stamp_image: loaded.stamp_image,
    background_image: loaded.background_image,
  });
  const [saved, setSaved] = useState(false);
  const form = useApiForm(FIELDS);
  const { register, handleSubmit, control } = useForm({
    defaultValues: {
      enabled: loaded.enabled,
      rule: loaded.rule as CertificateRule,
      min_share: String(loaded.min_share),
      title: loaded.title || CERTIFICATE_DEFAULT_TITLE,
      hours: loaded.hours === null ? '' : String(loaded.hours),
      school_details: loaded.school_details,
    },
  });
  const rule = useWatch({ control, name: 'rule' });
  return (
    <form
      className="admin-form"
      noValidate
      onSubmit={handleSubmit((values) =>
        form.run(async () => {
          setSaved(false);
          const next = await api.save(courseId, {
            enabled: values.enabled,
            rule: values.rule,
            min_share: values.min_share.trim() === '' ? 80 : values.min_share.trim(),
            title: values.title,
            hours: values.hours.trim() === '' ? null : values.hours.trim(),
            school_details: values.school_details,
            ...images,
          });
          setSettings(next);
          setSaved(true);
        }),
      )}
    >
      <fieldset>
        <legend>Сертификат курса</legend>
        <label className="admin-check">
          <input type="checkbox" {...register('enabled')} /> Выдавать сертификат о прохождении курса
        </label>
        <Field look="admin" label="Когда выдавать" errors={form.errorsOf('rule')}>
          {(a11y) => (
            <select {...a11y} {...register('rule')}>
              {Object.entries(CERTIFICATE_RULES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {rule === 'tests_share' ? (
          <Field look="admin" label="Доля пройденных тестов, %" hint={`Опубликованных тестов в курсе: ${settings.tests_count}.`} errors={form.errorsOf('min_share')}>
            {(a11y) => <input {...a11y} {...register('min_share')} inputMode="numeric" autoComplete="off" />}
          </Field>
        ) : (
          <p className="admin-muted admin-small">
            Все опубликованные уроки пройдены до конца и итоговые тесты сданы (итоговых тестов: {settings.final_tests_count}).
          </p>
        )}
        <Field look="admin" label="Название документа" errors={form.errorsOf('title')}>
          {(a11y) => <input {...a11y} {...register('title')} maxLength={120} />}
        </Field>
        <Field look="admin" label="Объём, академических часов" hint="Пусто — не указывать" errors={form.errorsOf('hours')}>
          {(a11y) => <input {...a11y} {...register('hours')} inputMode="numeric" autoComplete="off" />}
        </Field>
        <Field look="admin" label="Реквизиты школы" hint="Название, адрес, лицензия — каждая строка с новой строки" errors={form.errorsOf('school_details')}>
          {(a11y) => <textarea {...a11y} {...register('school_details')} rows={4} maxLength={1000} />}
        </Field>
        {IMAGES.map(([field, label, hint]) => (
          <UploadField
            key={field}
            look="admin"
            target={PICTURE}
            label={label}
            current={Boolean(images[field])}
            hint={`${hint} Сохранится вместе с настройками.`}
            errors={form.errorsOf(field)}
            showName
            remove={{ label: `Убрать: ${label.toLowerCase()}`, onRemove: () => setImages((current) => ({ ...current, [field]: null })) }}
            onUploaded={(uploaded) => setImages((current) => ({ ...current, [field]: uploaded.key }))}
          >
            {images[field] ? <img src={mediaUrl(images[field])} alt={label} width={160} height={90} style={{ objectFit: 'contain' }} /> : null}
          </UploadField>
        ))}
        <FormMessages look="admin" messages={form.problems.general} />
        {saved ? (
          <p className="admin-saved" role="status">
            Настройки сохранены.
          </p>
        ) : null}
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={form.busy} aria-busy={form.busy}>
            Сохранить
          </button>
          <a className="button button--ghost" href={api.previewUrl(courseId)} target="_blank" rel="noreferrer">
            Образец PDF
          </a>
        </div>
        <p className="admin-muted admin-small">Образец показывает сохранённые настройки с примерным ФИО.</p>
      </fieldset>
    </form>
  );
}

function RevokeDialog({ courseId, certificate, onClose }: { courseId: number; certificate: IssuedCertificate | null; onClose: (changed: boolean) => void }) {
  const form = useApiForm(['reason']);
  const { register, handleSubmit, reset } = useForm({ defaultValues: { reason: '' } });
  return (
    <Modal open={certificate !== null} onClose={() => onClose(false)} title="Отзыв сертификата" className="admin-dialog">
      <form
        className="admin-dialog__body"
        noValidate
        onSubmit={handleSubmit((values) =>
          form.run(async () => {
            if (!certificate) return;
            await api.revoke(courseId, certificate.id, { reason: values.reason });
            reset();
            onClose(true);
          }),
        )}
      >
        <p>
          Сертификат {certificate?.number} ({certificate?.holder}) станет недействительным: страница проверки скажет «Сертификат отозван» и
          дату. Причину увидят только владелец курса и сотрудники школы.
        </p>
        <Field look="admin" label="Причина отзыва" errors={form.errorsOf('reason')}>
          {(a11y) => <textarea {...a11y} {...register('reason')} rows={3} maxLength={500} />}
        </Field>
        <FormMessages look="admin" messages={form.problems.general} />
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={form.busy} aria-busy={form.busy}>
            Отозвать
          </button>
          <button type="button" className="button button--ghost" onClick={() => onClose(false)}>
            Отмена
          </button>
        </div>
      </form>
    </Modal>
  );
}

function CertificateRow({ courseId, item, onRevoke, onChanged }: { courseId: number; item: IssuedCertificate; onRevoke: () => void; onChanged: () => void }) {
  const form = useApiForm();
  return (
    <tr>
      <td>
        <a href={`/certificates/${item.number}/`} target="_blank" rel="noreferrer">
          {item.number}
        </a>
      </td>
      <td>{item.holder}</td>
      <td>{formatDate(item.issued_at)}</td>
      <td>
        <span className={`admin-status admin-status--${item.status === 'valid' ? 'published' : 'draft'}`}>{CERTIFICATE_STATUSES[item.status]}</span>
        {item.revoked_at ? (
          <>
            <br />
            <span className="admin-muted admin-small">
              {formatDate(item.revoked_at)}: {item.revoked_reason}
            </span>
          </>
        ) : null}
      </td>
      <td>
        {item.status === 'valid' ? (
          <div className="admin-actions">
            <button type="button" className="admin-icon-button" aria-label={`Отозвать ${item.number}`} onClick={onRevoke}>
              Отозвать
            </button>
            {item.name_changed ? (
              <button
                type="button"
                className="admin-icon-button"
                aria-label={`Перевыпустить ${item.number}`}
                disabled={form.busy}
                onClick={() => void form.run(async () => {
                  await api.reissue(courseId, item.id);
                  onChanged();
                })}
              >
                Перевыпустить с новым ФИО
              </button>
            ) : null}
          </div>
        ) : null}
        <FormMessages look="admin" messages={form.problems.general} />
      </td>
    </tr>
  );
}

export function CertificateScreen({
  courseId,
  settings,
  list,
  search,
  page,
}: {
  courseId: number;
  settings: CertificateSettingsOut;
  list: Paginated<IssuedCertificate>;
  search: string;
  page: number;
}) {
  const revalidator = useRevalidator();
  const [revoking, setRevoking] = useState<IssuedCertificate | null>(null);
  const totalPages = Math.max(1, Math.ceil(list.count / 20));
  const hrefFor = (target: number) => {
    const params = new URLSearchParams();
    if (search) params.set('search', search);
    if (target > 1) params.set('page', String(target));
    const query = params.toString();
    return query ? `?${query}` : '?';
  };
  return (
    <section aria-labelledby="admin-certificate-title">
      <h1 id="admin-certificate-title">Сертификат</h1>
      <p className="admin-muted">
        Ученик получит сертификат в PDF, когда выполнит условие: в разделе «Мое обучение» и письмом. На сертификате — QR-код страницы проверки.
      </p>
      <SettingsForm courseId={courseId} settings={settings} />
      <h2>Выданные сертификаты</h2>
      <Form method="get" role="search" className="admin-filters" aria-label="Поиск сертификатов">
        <input type="search" name="search" defaultValue={search} maxLength={100} placeholder="Номер или ФИО" aria-label="Номер или ФИО" />
        <button type="submit" className="button button--ghost">
          Найти
        </button>
      </Form>
      {list.results.length ? (
        <div className="admin-table-wrap" role="region" aria-label="Таблица выданных сертификатов" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th>Номер</th>
                <th>ФИО</th>
                <th>Выдан</th>
                <th>Состояние</th>
                <th>Действия</th>
              </tr>
            </thead>
            <tbody>
              {list.results.map((item) => (
                <CertificateRow key={item.id} courseId={courseId} item={item} onRevoke={() => setRevoking(item)} onChanged={() => void revalidator.revalidate()} />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-muted">{search ? 'Ничего не нашлось.' : 'Сертификатов пока не выдано.'}</p>
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} label="Страницы сертификатов" />
      <RevokeDialog
        courseId={courseId}
        certificate={revoking}
        onClose={(changed) => {
          setRevoking(null);
          if (changed) void revalidator.revalidate();
        }}
      />
    </section>
  );
}
