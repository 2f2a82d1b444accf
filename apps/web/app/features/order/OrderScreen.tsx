import { Suspense, lazy, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import type { CourseDetail, GroupStart, OrderSummary, Personal, PromoPrice, StudentItem } from '@crema/contract';
import { formatDate, formatPrice, formatSeatsLeft } from '@crema/contract/format';
import { ageProblem, ageRangeHint } from '@crema/contract/rules';
import { browserApi, browserFetch } from '../../api/browser.ts';
import { ApiRequestError, json } from '../../api/client.ts';
import { NETWORK_FAILED } from '../../api/problems.ts';
import type { OrderRequestBody } from '../../api/client.ts';
import { rejection, useApiForm } from '../../api/useApiForm.ts';
import { MediaImage } from '../../components/ui/MediaImage.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { paths } from '../../lib/paths.ts';
import { CaptchaNotice, useCaptcha } from '../captcha/useCaptcha.tsx';
import { CodeStep } from './CodeStep.tsx';
import { MASK, maskedRef, phoneComplete, sendDate, showPhone } from '../../ui/masks.ts';
import { Field as LabelledField } from '../../ui/Field.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { accountPaths, paymentPath } from '../../ui/paths.ts';
import './order.css';

/** The promo code's field loads when the person opens it (the page's first load stays as it was). */
const PromoField = lazy(() => import('./PromoField.tsx'));

// The order page (decision 0023): the course
// with its price and the total, and the form as the page's main card. react-hook-form holds the
// typed values (nothing is lost on an error), useApiForm sends them and puts the server's messages
// under the fields; a general refusal (`__all__`, `detail`) becomes the result dialog's text.

/** The fields of the order form (the contract's names: a misspelt or dropped field fails to compile). */
type Field = keyof OrderRequestBody;
type TextField =
  | 'last_name'
  | 'first_name'
  | 'patronymic'
  | 'phone'
  | 'email'
  | 'group'
  | 'student_type'
  | 'student_last_name'
  | 'student_first_name'
  | 'student_patronymic'
  | 'student_birthdate'
  | 'student_phone'
  | 'student_email';
type BoxField = 'consent_privacy' | 'consent_personal_data' | 'consent_advertising' | 'consent_child_personal_data';

/** What the form holds while it is typed: text as typed (the group's id as its select's value), boxes as booleans. */
type Values = Pick<Record<Field, string>, TextField> & Pick<Record<Field, boolean>, BoxField>;

const FIELDS = [
  'last_name',
  'first_name',
  'patronymic',
  'phone',
  'email',
  'group',
  'consent_privacy',
  'consent_personal_data',
  'students',
  'student_type',
  'student_last_name',
  'student_first_name',
  'student_patronymic',
  'student_birthdate',
  'student_phone',
  'student_email',
  'consent_child_personal_data',
  'promo_code',
] as const satisfies readonly Field[];

/** Who studies: the payer, saved students of the account, and (a guest) one new student. */
interface Learners {
  self: boolean;
  ids: number[];
  fresh: boolean;
}

/**
 * The Russian messages of the form's required fields, the server's own (given by the route as data,
 * so the contract's rules do not grow on every page's first load): a press of the submit button
 * shows them at their fields before anything is sent.
 */
export interface OrderMessages {
  lastNameRequired: string;
  firstNameRequired: string;
  phoneRequired: string;
  phoneInvalid: string;
  emailRequired: string;
  groupRequired: string;
  privacyRequired: string;
  personalDataRequired: string;
  studentsRequired: string;
  studentTypeRequired: string;
  childBirthRequired: string;
  childConsentRequired: string;
}

/**
 * The problems the browser sees before sending (required fields, a complete phone, a child outside
 * the course's age range — the contract's rule the server applies too), keyed like the server's answer.
 */
function localProblems(typed: Values, learners: Learners, hasGroups: boolean, m: OrderMessages, ageOf: (birth: string) => string | null) {
  const empty = (value: string) => value.trim() === '';
  const phone = (value: string, required: boolean) =>
    empty(value) ? (required ? [m.phoneRequired] : false) : phoneComplete(value) ? false : [m.phoneInvalid];
  const fresh = learners.fresh;
  const child = fresh && typed.student_type === 'child';
  const adult = fresh && typed.student_type === 'adult';
  // A whole typed date only ('ДД.ММ.ГГГГ'); the server says what is wrong with any other.
  const birth = child ? (sendDate(typed.student_birthdate) ?? '') : '';
  const age = /^\d{4}-\d{2}-\d{2}$/.test(birth) ? ageOf(birth) : null;
  return rejection({
    last_name: empty(typed.last_name) && [m.lastNameRequired],
    first_name: empty(typed.first_name) && [m.firstNameRequired],
    phone: phone(typed.phone, true),
    email: empty(typed.email) && [m.emailRequired],
    group: hasGroups && empty(typed.group) && [m.groupRequired],
    consent_privacy: !typed.consent_privacy && [m.privacyRequired],
    consent_personal_data: !typed.consent_personal_data && [m.personalDataRequired],
    students: !learners.self && learners.ids.length === 0 && !fresh && [m.studentsRequired],
    student_type: fresh && empty(typed.student_type) && [m.studentTypeRequired],
    student_last_name: fresh && empty(typed.student_last_name) && [m.lastNameRequired],
    student_first_name: fresh && empty(typed.student_first_name) && [m.firstNameRequired],
    student_birthdate: child && (empty(typed.student_birthdate) ? [m.childBirthRequired] : age ? [age] : false),
    consent_child_personal_data: child && !typed.consent_child_personal_data && [m.childConsentRequired],
    student_phone: adult && phone(typed.student_phone, true),
    student_email: adult && empty(typed.student_email) && [m.emailRequired],
  });
}

export interface StudentDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: (saved: StudentItem) => Promise<void>;
}

export interface OrderScreenProps {
  course: CourseDetail;
  groups: GroupStart[];
  account: { personal: Personal; students: StudentItem[] } | null;
  utmSource: string | null;
  /** The kinds of a new student (child, adult) with their Russian titles. */
  studentTypes: readonly { id: string; title: string }[];
  /** The messages of the required fields (the server's texts). */
  messages: OrderMessages;
  /** A guest's session key, from the application forms' store (features/apply). */
  sessionKey: () => string | undefined;
  /** The account's StudentForm dialog (features/profile), given by the route for a signed-in person. */
  studentDialog?: (props: StudentDialogProps) => ReactNode;
  /**
   * What the account already has of this course: learners studying it (a student's id, null for the
   * account itself) and unpaid orders (the server refuses a second order for the same learner).
   */
  already?: OrderAlready;
  /** The group chosen before the form (the schedule's 'Записаться', `?group={id}`); ignored unless it is one of `groups`. */
  preselectedGroup?: number | null;
}

export interface OrderAlready {
  studying: { studentId: number | null; name: string }[];
  openOrders: { code: string; learners: string }[];
}

/** Says before the form what the account already has of this course: the server refuses a duplicate anyway. */
function AlreadyNotice({ already }: { already: OrderAlready }) {
  if (already.studying.length === 0 && already.openOrders.length === 0) return null;
  return (
    <div className="order-already" role="status" data-testid="order-already">
      {already.studying.map((learner) => (
        <p key={learner.studentId ?? 'self'}>
          {learner.studentId === null ? 'Вы уже учитесь на этом курсе' : `${learner.name} уже учится на этом курсе`} — второй раз
          оплачивать не нужно. <Link to={accountPaths.userCourses()}>Мое обучение</Link>
        </p>
      ))}
      {already.openOrders.map((order) => (
        <p key={order.code}>
          У вас уже есть неоплаченный заказ этого курса. {order.learners}. Оплатите или отмените его, прежде чем оформлять
          новый для того же ученика. <Link to={paymentPath(order.code)}>Перейти к заказу</Link>
        </p>
      ))}
    </div>
  );
}

/**
 * A full group's 'Встать в лист ожидания' (decision 0067): a signed-in person joins at once and is
 * told what happens next; a guest signs in first and comes back to this group.
 */
function WaitingButton({ group, slug, signedIn }: { group: GroupStart; slug: string; signedIn: boolean }) {
  const [said, setSaid] = useState<string | null>(null);
  if (!signedIn) {
    return (
      <Link className="order-link" to={paths.signIn(paths.orderCourse(slug, group.id))}>
        Войдите, чтобы встать в лист ожидания
      </Link>
    );
  }
  return said ? (
    <p className="order-option__note" role="status">
      {said}
    </p>
  ) : (
    <button
      type="button"
      className="order-link"
      onClick={() =>
        void json<{ detail: string }>(browserFetch, '/api/groups/waiting/', { method: 'POST', body: { group: group.id }, once: true }).then(
          (answer) => setSaid(answer.detail),
          (error: unknown) => setSaid(error instanceof ApiRequestError ? String((error.body as { detail?: string } | null)?.detail ?? NETWORK_FAILED) : NETWORK_FAILED),
        )
      }
    >
      Встать в лист ожидания
    </button>
  );
}

function studentName(student: StudentItem): string {
  return [student.last_name, student.first_name, student.patronymic].filter(Boolean).join(' ');
}

/** One labelled input of the form, with its messages under it; a required one is marked and says so. */
function Field({
  label,
  hint,
  required = false,
  errors,
  registration,
  inputRef,
  ...input
}: {
  label: string;
  hint?: string;
  required?: boolean;
  errors: string[];
  registration: UseFormRegisterReturn;
  inputRef?: (element: HTMLInputElement | null) => void;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur' | 'ref' | 'required'>) {
  return (
    // A required field's label gets its mark from order.css (seen, not read out: the control says aria-required).
    <LabelledField look="account" className={required ? 'order-field--required' : undefined} hint={hint} label={label} errors={errors}>
      {(a11y) => (
        <input
          {...a11y}
          className="pf-field__input"
          aria-required={required || undefined}
          {...input}
          {...registration}
          ref={inputRef ?? registration.ref}
        />
      )}
    </LabelledField>
  );
}

/** A checkbox with its label and messages. */
function Check({
  label,
  required = false,
  errors = [],
  registration,
}: {
  label: ReactNode;
  required?: boolean;
  errors?: string[];
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <div className="pf-check">
      <input
        id={id}
        type="checkbox"
        aria-required={required || undefined}
        {...registration}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? `${id}-error` : undefined}
      />
      <label htmlFor={id} className={required ? 'order-required' : undefined}>
        {label}
      </label>
      {errors.length ? (
        <p id={`${id}-error`} className="pf-field__error">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

export function OrderScreen({
  course,
  groups,
  account,
  utmSource,
  studentTypes,
  messages,
  sessionKey: guestSessionKey,
  studentDialog,
  already,
  preselectedGroup = null,
}: OrderScreenProps) {
  const root = useRootData();
  const policy = root?.configs?.PRIVACY_POLICY_LINK || '/documents/privacy-policy/';
  const navigate = useNavigate();
  const signedIn = account !== null;
  const personal = account?.personal;
  // The notice says the profile filled the form only when it did (the e-mail is the account's anyway).
  const prefilled = Boolean(personal && (personal.last_name || personal.first_name || personal.patronymic || personal.phone));
  const [students, setStudents] = useState(account?.students ?? []);
  const [learners, setLearners] = useState<Learners>({ self: false, ids: [], fresh: false });
  const [adding, setAdding] = useState(false);
  const [result, setResult] = useState<{ title: string; text: string; enrolled?: boolean } | null>(null);
  const [promoOpen, setPromoOpen] = useState(false);
  const [promo, setPromo] = useState<PromoPrice | null>(null);
  const [codeStep, setCodeStep] = useState<{ order: OrderSummary; email: string; resendAfter: number | null } | null>(null);

  const { register, control, handleSubmit, setFocus } = useForm<Values>({
    defaultValues: {
      last_name: personal?.last_name ?? '',
      first_name: personal?.first_name ?? '',
      patronymic: personal?.patronymic ?? '',
      phone: showPhone(personal?.phone, MASK.orderPhone),
      email: personal?.email ?? '',
      group: groups.length === 1 ? String(groups[0]!.id) : preselectedGroup !== null && groups.some((group) => group.id === preselectedGroup) ? String(preselectedGroup) : '',
      consent_privacy: false,
      consent_personal_data: false,
      consent_advertising: false,
      consent_child_personal_data: false,
      student_type: '',
      student_last_name: '',
      student_first_name: '',
      student_patronymic: '',
      student_birthdate: '',
      student_phone: '',
      student_email: '',
    },
  });
  const values = useWatch({ control });
  const api = useApiForm(FIELDS);
  const captcha = useCaptcha();
  const errorsOf = api.errorsOf;
  // One ref callback per masked input for its whole life (decision 0020).
  const phone = register('phone');
  const [phoneRef] = useState(() => maskedRef(phone.ref, MASK.orderPhone));
  const studentPhone = register('student_phone');
  const [studentPhoneRef] = useState(() => maskedRef(studentPhone.ref, MASK.orderPhone));
  const studentBirth = register('student_birthdate');
  const [studentBirthRef] = useState(() => maskedRef(studentBirth.ref, MASK.date));

  const filled = (name: keyof Values) => String(values[name] ?? '').trim() !== '';
  // The student selector appears once the rest is complete (or a press asked for it). The submit
  // button is never disabled: a press shows what is missing at its fields.
  const restComplete =
    filled('last_name') &&
    filled('first_name') &&
    phoneComplete(String(values.phone ?? '')) &&
    filled('email') &&
    values.consent_privacy === true &&
    values.consent_personal_data === true &&
    (groups.length === 0 || filled('group'));
  const chosen = learners.self || learners.ids.length > 0 || learners.fresh;
  const count = learners.self ? 1 : learners.ids.length + (learners.fresh ? 1 : 0);
  const price = course.price;
  // The course's age range: the child's age is counted on the chosen group's start, else today
  // (undefined: a group is due and none is chosen — its own message comes first, as on the server).
  const groupStartsOn = groups.length ? groups.find((group) => String(group.id) === values.group)?.starts_on : null;
  const ageHint = ageRangeHint(course.age, course.kids, groupStartsOn) ?? undefined;
  const ageOf = (birth: string) => (groupStartsOn === undefined ? null : ageProblem(birth, course.age, { kids: course.kids, groupStartsOn }));

  const toggleSelf = (on: boolean) => setLearners(on ? { self: true, ids: [], fresh: false } : { ...learners, self: false });
  const toggleStudent = (id: number, on: boolean) =>
    setLearners({ self: false, fresh: learners.fresh, ids: on ? [...learners.ids, id] : learners.ids.filter((other) => other !== id) });
  const toggleFresh = (on: boolean) => setLearners({ self: false, ids: learners.ids, fresh: on });

  const onSubmit = handleSubmit((typed) =>
    api.run(
      async () => {
        const local = localProblems(typed, learners, groups.length > 0, messages, ageOf);
        if (local) throw local;
        const body: OrderRequestBody = {
          course_slug: course.slug,
          last_name: typed.last_name.trim(),
          first_name: typed.first_name.trim(),
          patronymic: typed.patronymic.trim(),
          phone: typed.phone.trim(),
          email: typed.email.trim(),
          consent_privacy: typed.consent_privacy,
          consent_personal_data: typed.consent_personal_data,
          consent_advertising: typed.consent_advertising,
        };
        if (typed.group) body.group = Number(typed.group);
        if (learners.self) body.study_for_self = true;
        if (learners.ids.length) body.students = learners.ids;
        if (learners.fresh) {
          body.student_type = typed.student_type;
          body.student_last_name = typed.student_last_name.trim();
          body.student_first_name = typed.student_first_name.trim();
          body.student_patronymic = typed.student_patronymic.trim();
          if (typed.student_type === 'child') {
            body.student_birthdate = sendDate(typed.student_birthdate) ?? '';
            body.consent_child_personal_data = typed.consent_child_personal_data;
          } else {
            body.student_phone = typed.student_phone.trim();
            body.student_email = typed.student_email.trim();
          }
        }
        if (!signedIn) {
          const sessionKey = guestSessionKey();
          if (sessionKey) body.session_key = sessionKey;
        }
        if (utmSource) body.utm_source = utmSource;
        if (promo) body.promo_code = promo.code;
        // A fresh token for every send (tokens are single-use): a retry after a refusal gets a new one.
        const token = await captcha.captchaToken('orderForm');
        if (token) body['g-recaptcha-response'] = token;
        const answer = await browserApi.orderRequest(body);
        if (answer.next === 'pay') await navigate(paymentPath(answer.order.code));
        else if (answer.next === 'enrolled') setResult({ title: 'Вы записаны', text: answer.success_message, enrolled: true });
        else setCodeStep({ order: answer.order, email: body.email, resendAfter: answer.resend_after });
      },
    ),
  );

  // Problems at the fields (the browser's check or the server's answer): the first field in error takes the focus.
  const formRef = useRef<HTMLFormElement>(null);
  const fieldProblems = api.problems.fields;
  useEffect(() => {
    if (Object.keys(fieldProblems).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('input[aria-invalid="true"], [aria-invalid="true"] input:not(:disabled)')?.focus();
  }, [fieldProblems]);

  // A general refusal (`__all__`, `detail`) is the result dialog's text (its first message).
  const general = api.problems.general;
  const [shownGeneral, setShownGeneral] = useState<string[] | null>(null);
  if (general !== shownGeneral) {
    setShownGeneral(general);
    if (general.length) setResult({ title: 'Не удалось оформить заказ', text: general[0]! });
  }

  const studentsErrors = errorsOf('students');
  const studyingNow = (studentId: number | null) => already?.studying.some((learner) => learner.studentId === studentId) ?? false;
  const totalText = price === null ? null : formatPrice(price * Math.max(count, 1));

  return (
    <main className="order-page container">
      <nav className="order-page__back">
        <Link to={paths.course(course.slug)}>← К странице курса</Link>
      </nav>
      <h1 className="order-page__title">Оформление заказа</h1>
      <div className="order-page__grid">
        <aside className="order-summary" aria-label="Ваш заказ">
          <MediaImage className="order-summary__image" image={course.image} alt="" width={480} height={300} priority />
          <div className="order-summary__body">
            <p className="order-summary__course">
              <Link to={paths.course(course.slug)}>{course.title}</Link>
            </p>
            {price === null ? null : (
              <dl className="order-summary__prices">
                <div>
                  <dt>Цена за ученика</dt>
                  <dd>{price === 0 ? 'Бесплатно' : formatPrice(price)}</dd>
                </div>
                <div>
                  <dt>Учеников</dt>
                  <dd>{Math.max(count, 1)}</dd>
                </div>
                {promo ? (
                  <div>
                    <dt>Скидка по промокоду</dt>
                    <dd data-testid="order-discount">−{promo.discount_text}</dd>
                  </div>
                ) : null}
                <div className="order-summary__total">
                  <dt>Итого</dt>
                  <dd data-testid="order-total">{price === 0 ? 'Бесплатно' : promo ? promo.amount_text : totalText}</dd>
                </div>
              </dl>
            )}
            {price ? (
              promoOpen ? (
                <Suspense fallback={null}>
                  <PromoField courseSlug={course.slug} learners={Math.max(count, 1)} email={String(values.email ?? '')} errors={errorsOf('promo_code')} onPrice={setPromo} />
                </Suspense>
              ) : (
                <button type="button" className="order-link" onClick={() => setPromoOpen(true)}>
                  Есть промокод?
                </button>
              )
            ) : null}
          </div>
        </aside>

        {price === null ? (
          <section className="order-card" aria-labelledby="order-form-title">
            <h2 id="order-form-title" className="order-card__title">
              Цена по запросу
            </h2>
            <p>Этот курс нельзя оплатить на сайте: оставьте заявку, и менеджер расскажет о стоимости и ближайших группах.</p>
            <Link className="button button--primary" to={`${paths.course(course.slug)}apply/#cta-title`}>
              Оставить заявку
            </Link>
          </section>
        ) : (
          <form ref={formRef} className="order-card pf-form" onSubmit={onSubmit} onFocus={captcha.prepare} noValidate aria-labelledby="order-form-title">
            <h2 id="order-form-title" className="order-card__title">
              Данные плательщика
            </h2>
            {already ? <AlreadyNotice already={already} /> : null}
            {prefilled ? <p className="order-card__lead">Мы заполнили форму данными из профиля — проверьте их.</p> : null}
            <p className="order-card__required-note">
              <span className="order-required-sign">*</span> — обязательные поля
            </p>
            <div className="order-card__fields">
              <Field label="Фамилия" required autoComplete="family-name" errors={errorsOf('last_name')} registration={register('last_name')} />
              <Field label="Имя" required autoComplete="given-name" errors={errorsOf('first_name')} registration={register('first_name')} />
              <Field
                label="Отчество"
                hint="Если есть"
                autoComplete="additional-name"
                errors={errorsOf('patronymic')}
                registration={register('patronymic')}
              />
              <Field
                label="Телефон"
                required
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="+7 999-999-99-99"
                errors={errorsOf('phone')}
                registration={phone}
                inputRef={phoneRef}
              />
              <Field
                label="E-mail"
                required
                type="email"
                inputMode="email"
                autoComplete="email"
                errors={errorsOf('email')}
                registration={register('email')}
              />
            </div>

            {groups.length > 0 ? (
              <fieldset className="pf-choice order-groups" aria-invalid={errorsOf('group').length ? true : undefined}>
                <legend className="pf-field__label order-required">Дата старта группы</legend>
                <div className="order-groups__options">
                  {groups.map((group) => (
                    <label key={group.id} className="order-option">
                      <input type="radio" value={String(group.id)} {...register('group')} disabled={group.seats_left !== null && group.seats_left <= 0} />
                      <span>
                        <time dateTime={group.starts_on}>{formatDate(group.starts_on)}</time>
                        {group.seats_left !== null ? <span className="order-option__note"> · {formatSeatsLeft(group.seats_left)}</span> : null}
                      </span>
                      {group.seats_left !== null && group.seats_left <= 0 ? <WaitingButton group={group} slug={course.slug} signedIn={signedIn} /> : null}
                    </label>
                  ))}
                </div>
                {errorsOf('group').length ? <p className="pf-field__error">{errorsOf('group').join(' ')}</p> : null}
              </fieldset>
            ) : null}

            <div className="order-consents">
              <Check
                label={
                  <>
                    Принимаю условия{' '}
                    <a href={policy} target="_blank" rel="noopener noreferrer">
                      Политики конфиденциальности
                    </a>
                  </>
                }
                required
                errors={errorsOf('consent_privacy')}
                registration={register('consent_privacy')}
              />
              <Check
                label={
                  <>
                    Даю{' '}
                    <a href="/documents/personal-data-consent/" target="_blank" rel="noopener noreferrer">
                      разрешение на обработку персональных данных
                    </a>
                  </>
                }
                required
                errors={errorsOf('consent_personal_data')}
                registration={register('consent_personal_data')}
              />
              <Check label="Хочу получать новости и предложения школы (необязательно)" registration={register('consent_advertising')} />
            </div>

            {restComplete || studentsErrors.length || chosen ? (
              <fieldset className="pf-choice order-learners" aria-describedby={studentsErrors.length ? 'order-students-error' : undefined}>
                <legend className="pf-field__label order-required">Кто будет учиться</legend>
                <label className="order-option">
                  <input type="checkbox" checked={learners.self} onChange={(event) => toggleSelf(event.target.checked)} aria-invalid={studentsErrors.length ? true : undefined} />
                  Буду учиться сам
                  {studyingNow(null) ? <span className="order-option__note"> · уже учитесь</span> : null}
                </label>
                {students.map((student) => (
                  <label key={student.id} className="order-option">
                    <input type="checkbox" checked={learners.ids.includes(student.id)} onChange={(event) => toggleStudent(student.id, event.target.checked)} />
                    {studentName(student)}
                    <span className="order-option__note">
                      {' · '}
                      {student.student_type === 'child' ? 'ребёнок' : 'взрослый'}
                      {studyingNow(student.id) ? ', уже учится' : ''}
                    </span>
                  </label>
                ))}
                {signedIn ? (
                  studentDialog ? (
                    <button type="button" className="order-link" onClick={() => setAdding(true)}>
                      Добавить ученика
                    </button>
                  ) : null
                ) : (
                  <label className="order-option">
                    <input type="checkbox" checked={learners.fresh} onChange={(event) => toggleFresh(event.target.checked)} />
                    Будет учиться другой человек
                  </label>
                )}
                {studentsErrors.length ? (
                  <p id="order-students-error" className="pf-field__error">
                    {studentsErrors.join(' ')}
                  </p>
                ) : null}
                {learners.fresh ? (
                  <div className="order-student">
                    <fieldset className="pf-choice" aria-invalid={errorsOf('student_type').length ? true : undefined}>
                      <legend className="pf-field__label order-required">Ученик</legend>
                      <div className="pf-choice__options">
                        {studentTypes.map((type) => (
                          <label key={type.id} className="pf-choice__option">
                            <input type="radio" value={type.id} {...register('student_type')} />
                            {type.title}
                          </label>
                        ))}
                      </div>
                      {errorsOf('student_type').length ? <p className="pf-field__error">{errorsOf('student_type').join(' ')}</p> : null}
                    </fieldset>
                    <Field label="Фамилия ученика" required autoComplete="off" errors={errorsOf('student_last_name')} registration={register('student_last_name')} />
                    <Field label="Имя ученика" required autoComplete="off" errors={errorsOf('student_first_name')} registration={register('student_first_name')} />
                    <Field label="Отчество ученика (если есть)" autoComplete="off" errors={errorsOf('student_patronymic')} registration={register('student_patronymic')} />
                    {values.student_type === 'child' ? (
                      <Field
                        label="Дата рождения"
                        hint={ageHint}
                        required
                        inputMode="numeric"
                        placeholder="ДД.ММ.ГГГГ"
                        autoComplete="off"
                        errors={errorsOf('student_birthdate')}
                        registration={studentBirth}
                        inputRef={studentBirthRef}
                      />
                    ) : null}
                    {values.student_type === 'child' ? (
                      <Check
                        label={
                          <>
                            Я являюсь законным представителем ребёнка и даю{' '}
                            <a href="/documents/child-personal-data-consent/" target="_blank" rel="noopener noreferrer">
                              согласие на обработку его персональных данных
                            </a>
                          </>
                        }
                        required
                        errors={errorsOf('consent_child_personal_data')}
                        registration={register('consent_child_personal_data')}
                      />
                    ) : null}
                    {values.student_type === 'adult' ? (
                      <>
                        <Field
                          label="Телефон ученика"
                          required
                          type="tel"
                          inputMode="tel"
                          autoComplete="off"
                          errors={errorsOf('student_phone')}
                          registration={studentPhone}
                          inputRef={studentPhoneRef}
                        />
                        <Field label="E-mail ученика" required type="email" autoComplete="off" errors={errorsOf('student_email')} registration={register('student_email')} />
                      </>
                    ) : null}
                  </div>
                ) : null}
              </fieldset>
            ) : (
              <p className="order-card__hint">Заполните данные и отметьте согласия — затем выберите, кто будет учиться.</p>
            )}

            <button type="submit" className="button button--primary order-card__submit" disabled={api.busy} aria-busy={api.busy || undefined}>
              {api.busy ? 'Оформляем…' : price === 0 ? 'Записаться' : `Оформить заказ${totalText && count > 0 ? ` на ${promo ? promo.amount_text : totalText}` : ''}`}
            </button>
            <CaptchaNotice settings={captcha.settings} />
          </form>
        )}
      </div>

      {studentDialog
        ? studentDialog({
            open: adding,
            onClose: () => setAdding(false),
            onSaved: async (saved) => {
              setStudents((list) => [...list.filter((other) => other.id !== saved.id), saved]);
              setLearners((now) => ({ self: false, fresh: false, ids: [...now.ids.filter((id) => id !== saved.id), saved.id] }));
              setAdding(false);
            },
          })
        : null}

      {codeStep ? (
        <CodeStep
          key={codeStep.order.code}
          order={codeStep.order}
          email={codeStep.email}
          resendAfter={codeStep.resendAfter}
          onClose={() => setCodeStep(null)}
          onChangeAddress={() => {
            setCodeStep(null);
            // After the dialog gave the focus back to the button that opened it.
            requestAnimationFrame(() => setFocus('email', { shouldSelect: true }));
          }}
        />
      ) : null}

      <Modal open={result !== null} onClose={() => setResult(null)} title={result?.title ?? ''} className="order-dialog">
        <div className="order-step">
          <p className="order-step__lead">{result?.text}</p>
          {result?.enrolled ? (
            <Link className="button button--primary order-step__submit" to={accountPaths.userCourses()}>
              Перейти в «Мое обучение»
            </Link>
          ) : (
            <button type="button" className="button button--primary order-step__submit" onClick={() => setResult(null)}>
              Понятно
            </button>
          )}
        </div>
      </Modal>
    </main>
  );
}
