import { useId, useState } from 'react';
import { Form, useNavigation, useRevalidator } from 'react-router';
import type { Promo, PromoCreateInput } from '@crema/contract';
import { useApiForm } from '../../api/useApiForm.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { SchoolTabs, moscowTime, schoolApi, schoolPaths, listHref } from './ui.tsx';

export const PROMO_PAGE_SIZE = 20;

/** What the form offers to choose from, given by the loader. */
export interface PromoWords {
  categories: { id: number; name: string }[];
  courses: { id: number; title: string }[];
}

/** Rubles as typed ('1 500,50') → kopecks; null when it is not a sum. */
function kopecksOf(typed: string): number | null {
  const clean = typed.replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** A datetime-local value read as Moscow time (the school's clock), as ISO 8601. */
const moscowInstant = (local: string) => (local ? `${local}:00+03:00` : null);
const whole = (typed: string) => (typed.trim() ? Number(typed) : null);

/** The new code's form: code, percent or sum, which courses, dates (Moscow) and limits. */
function CreatePromo({ words, onSaved }: { words: PromoWords; onSaved: () => void }) {
  const id = useId();
  const form = useApiForm(['code', 'kind', 'percent', 'amount', 'scope', 'category_id', 'course_ids', 'valid_from', 'valid_until', 'max_uses', 'max_uses_per_person']);
  const blank = { code: '', kind: 'percent', value: '', scope: 'all', category: '', courses: [] as string[], from: '', until: '', uses: '', perPerson: '' };
  const [v, setV] = useState(blank);
  const [done, setDone] = useState('');
  const set = (patch: Partial<typeof blank>) => setV((now) => ({ ...now, ...patch }));
  return (
    <form
      className="person-section promo-form"
      aria-labelledby={`${id}-title`}
      onSubmit={form.onSubmit(async () => {
        setDone('');
        const body: PromoCreateInput = {
          code: v.code,
          kind: v.kind as 'percent' | 'fixed',
          scope: v.scope as 'all' | 'category' | 'courses',
          valid_from: moscowInstant(v.from),
          valid_until: moscowInstant(v.until),
          max_uses: whole(v.uses),
          max_uses_per_person: whole(v.perPerson),
        };
        if (v.kind === 'percent') body.percent = whole(v.value);
        else body.amount = kopecksOf(v.value);
        if (v.scope === 'category') body.category_id = v.category ? Number(v.category) : null;
        if (v.scope === 'courses') body.course_ids = v.courses.map(Number);
        const saved = await schoolApi.createPromo(body);
        setDone(`Промокод ${saved.code} создан.`);
        setV(blank);
        onSaved();
      })}
    >
      <h2 id={`${id}-title`}>Новый промокод</h2>
      <div className="promo-form__grid">
        <Field look="admin" label="Код" hint="Латиница, цифры, «-» и «_»; регистр не важен." errors={form.errorsOf('code')}>
          {(a11y) => <input {...a11y} className="admin-input" value={v.code} maxLength={40} autoComplete="off" onChange={(e) => set({ code: e.target.value })} />}
        </Field>
        <Field look="admin" label="Скидка" errors={form.errorsOf('kind')}>
          {(a11y) => (
            <select {...a11y} className="admin-input" value={v.kind} onChange={(e) => set({ kind: e.target.value })}>
              <option value="percent">Процент от суммы</option>
              <option value="fixed">Сумма в рублях</option>
            </select>
          )}
        </Field>
        <Field look="admin" label={v.kind === 'percent' ? 'Процент' : 'Сумма, ₽'} errors={form.errorsOf(v.kind === 'percent' ? 'percent' : 'amount')}>
          {(a11y) => <input {...a11y} className="admin-input" inputMode="decimal" value={v.value} onChange={(e) => set({ value: e.target.value })} />}
        </Field>
        <Field look="admin" label="Для каких курсов" errors={form.errorsOf('scope')}>
          {(a11y) => (
            <select {...a11y} className="admin-input" value={v.scope} onChange={(e) => set({ scope: e.target.value })}>
              <option value="all">Все курсы</option>
              <option value="category">Курсы категории</option>
              <option value="courses">Выбранные курсы</option>
            </select>
          )}
        </Field>
        {v.scope === 'category' ? (
          <Field look="admin" label="Категория" errors={form.errorsOf('category_id')}>
            {(a11y) => (
              <select {...a11y} className="admin-input" value={v.category} onChange={(e) => set({ category: e.target.value })}>
                <option value="">Выберите категорию</option>
                {words.categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {v.scope === 'courses' ? (
          <Field look="admin" label="Курсы" hint="Несколько — с Ctrl или ⌘." errors={form.errorsOf('course_ids')}>
            {(a11y) => (
              <select {...a11y} multiple className="admin-input" value={v.courses} onChange={(e) => set({ courses: Array.from(e.target.selectedOptions, (o) => o.value) })}>
                {words.courses.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <Field look="admin" label="Действует с (МСК)" hint="Пусто — сразу." errors={form.errorsOf('valid_from')}>
          {(a11y) => <input {...a11y} type="datetime-local" className="admin-input" value={v.from} onChange={(e) => set({ from: e.target.value })} />}
        </Field>
        <Field look="admin" label="Действует до (МСК)" hint="Пусто — бессрочно." errors={form.errorsOf('valid_until')}>
          {(a11y) => <input {...a11y} type="datetime-local" className="admin-input" value={v.until} onChange={(e) => set({ until: e.target.value })} />}
        </Field>
        <Field look="admin" label="Всего использований" hint="Пусто — без ограничения." errors={form.errorsOf('max_uses')}>
          {(a11y) => <input {...a11y} className="admin-input" inputMode="numeric" value={v.uses} onChange={(e) => set({ uses: e.target.value })} />}
        </Field>
        <Field look="admin" label="На одного человека" hint="Пусто — без ограничения." errors={form.errorsOf('max_uses_per_person')}>
          {(a11y) => <input {...a11y} className="admin-input" inputMode="numeric" value={v.perPerson} onChange={(e) => set({ perPerson: e.target.value })} />}
        </Field>
      </div>
      <FormMessages look="admin" messages={form.problems.general} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" aria-busy={form.busy}>
          Создать промокод
        </button>
        {done ? <span role="status">{done}</span> : null}
      </div>
    </form>
  );
}

function scopeText(promo: Promo): string {
  if (promo.scope === 'category') return `Категория «${promo.category?.name ?? '—'}»`;
  if (promo.scope === 'courses') return promo.courses.map((c) => c.title).join(', ') || '—';
  return 'Все курсы';
}

function validText(promo: Promo): string {
  if (!promo.valid_from && !promo.valid_until) return 'бессрочно';
  return [promo.valid_from ? `с ${moscowTime(promo.valid_from)}` : '', promo.valid_until ? `до ${moscowTime(promo.valid_until)}` : ''].filter(Boolean).join(' ');
}

/**
 * /admin/school/promo/: the school's promo codes — a new one (percent or sum, courses, dates in
 * Moscow time, limits), the list with uses, searched by code; a code is switched off after a confirmation.
 */
export function PromoScreen({ promos, count, page, search, words }: { promos: Promo[]; count: number; page: number; search?: string; words: PromoWords }) {
  const id = useId();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [switching, setSwitching] = useState<Promo | null>(null);
  const totalPages = Math.max(1, Math.ceil(count / PROMO_PAGE_SIZE));
  const pageHref = (n: number) => listHref(schoolPaths.promo(), { search }, n);
  return (
    <section aria-labelledby="school-promo-title">
      <SchoolTabs />
      <div className="admin-head">
        <h1 id="school-promo-title">Промокоды</h1>
      </div>
      <CreatePromo words={words} onSaved={() => void revalidator.revalidate()} />
      <Form method="get" action={schoolPaths.promo()} className="audit-filters" role="search" aria-label="Поиск промокодов" key={pageHref(1)}>
        <div className="admin-field">
          <label htmlFor={`${id}-search`}>Код</label>
          <input id={`${id}-search`} className="admin-input" type="search" name="search" defaultValue={search ?? ''} maxLength={40} />
        </div>
        <button type="submit" className="button button--primary">
          Найти
        </button>
      </Form>
      <p className="admin-muted">Найдено: {count}</p>
      <div aria-busy={navigation.state === 'loading'}>
        {promos.length ? (
          <div className="admin-table-wrap" role="region" aria-label="Список промокодов" tabIndex={0}>
            <table className="admin-table audit-table">
              <thead>
                <tr>
                  <th scope="col">Код</th>
                  <th scope="col">Скидка</th>
                  <th scope="col">Курсы</th>
                  <th scope="col">Срок</th>
                  <th scope="col">Использований</th>
                  <th scope="col">Состояние</th>
                </tr>
              </thead>
              <tbody>
                {promos.map((promo) => (
                  <tr key={promo.id} data-testid={`promo-${promo.code}`}>
                    <td data-label="Код">
                      <strong>{promo.code}</strong>
                    </td>
                    <td data-label="Скидка">{promo.discount_text}</td>
                    <td data-label="Курсы">{scopeText(promo)}</td>
                    <td data-label="Срок">{validText(promo)}</td>
                    <td data-label="Использований">
                      {promo.uses}
                      {promo.max_uses !== null ? ` из ${promo.max_uses}` : ''}
                      {promo.max_uses_per_person !== null ? <span className="audit-small">на человека — {promo.max_uses_per_person}</span> : null}
                      <span className="audit-small">оплачено — {promo.paid_uses}</span>
                    </td>
                    <td data-label="Состояние">
                      {promo.is_active ? 'действует' : 'выключен'}{' '}
                      <button type="button" className="button button--ghost" onClick={() => setSwitching(promo)}>
                        {promo.is_active ? 'Выключить' : 'Включить'}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="admin-empty">
            <p>{search ? 'Ничего не нашли. Измените запрос.' : 'Промокодов пока нет.'}</p>
          </div>
        )}
      </div>
      <Pagination page={page} totalPages={totalPages} label="Страницы списка промокодов" hrefFor={pageHref} />
      <ConfirmDialog
        look="admin"
        open={switching !== null}
        title={switching?.is_active ? `Выключить промокод ${switching.code}?` : `Включить промокод ${switching?.code ?? ''}?`}
        confirmLabel={switching?.is_active ? 'Выключить' : 'Включить'}
        onClose={() => setSwitching(null)}
        action={async () => {
          if (!switching) return;
          if (switching.is_active) await schoolApi.disablePromo(switching.id);
          else await schoolApi.enablePromo(switching.id);
          void revalidator.revalidate();
        }}
      >
        <p>{switching?.is_active ? 'Код сразу перестанет действовать. Оформленные с ним заказы сохранят свою цену.' : 'Код снова можно будет ввести при оформлении заказа.'}</p>
      </ConfirmDialog>
    </section>
  );
}
