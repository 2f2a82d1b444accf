import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FEEDBACK_TEXTS, STUDENT_BIRTHDATE_FIELD, STUDENT_FIELD_PREFIX, ageProblem, ageRangeHint, type AgeRange } from '@crema/contract/rules';
import type { FeedbackForm } from '@crema/contract';
import { useRootData } from '../../lib/root-data.ts';
import { Modal } from '../../ui/Modal.tsx';
import { browserApi } from '../../api/browser.ts';
import { rejection, useApiForm } from '../../api/useApiForm.ts';
import { ConsentFields, CONSENT_FIELDS, FeedbackFields, readConsents, readFields, useApplicationBody, type FeedbackField } from './parts.tsx';
import { sendDate, showPhone } from '../../ui/masks.ts';
import { maskRef } from './masks.ts';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { CaptchaNotice, useCaptcha } from '../captcha/useCaptcha.tsx';
import './apply.css';

// The course page's application dialogs: Poll ('Для кого
// заявка?'), Student (the student_* fields of the kids form), SendApplication (the applicant's
// own contacts) and FormSuccess (the server's success_message). One Modal shows the current
// step; a switch swaps its content, as the sign-in dialogs do. Shown by the course page's child
// route /courses/{slug}/apply/ (routes/courses/apply.tsx), so their code loads with that route on
// the first click of 'Оставить заявку', never in the course page's first load (decision 0024).

/** The course the application is about. */
export interface ApplyCourse {
  slug: string;
  title: string;
  kids: boolean;
  /** The learners' age range; the child's birth date is checked against it (counted today: an application chooses no group). */
  age?: AgeRange;
}

/** The age range's hint and check at the child's birth date: the contract's rule, which the server applies too. */
function ageRules(course: ApplyCourse) {
  const range = course.age ?? { min: null, max: null };
  const hint = ageRangeHint(range, course.kids, null);
  return {
    hints: { [STUDENT_BIRTHDATE_FIELD]: hint } as Record<string, string | null>,
    problems(typed: Record<string, string>): Record<string, string[]> {
      // A whole typed date only ('ДД.ММ.ГГГГ'); the server says what is wrong with any other.
      const birth = sendDate(typed[STUDENT_BIRTHDATE_FIELD] ?? '') ?? '';
      const problem = /^\d{4}-\d{2}-\d{2}$/.test(birth) ? ageProblem(birth, range, { kids: course.kids }) : null;
      return problem ? { [STUDENT_BIRTHDATE_FIELD]: [problem] } : {};
    },
  };
}
type AgeRules = ReturnType<typeof ageRules>;

type Step = 'Poll' | 'Student' | 'SendApplication' | 'FormSuccess';
type ForWhom = 'self' | 'other';

export const COURSE_FORM = 'course_form';
export const COURSE_KIDS_FORM = 'course_kids_form';

const isStudentField = (field: FeedbackField) => field.name.startsWith(STUDENT_FIELD_PREFIX);

/** An adult course asks 'course_form', a kids course and an application for another person 'course_kids_form'. */
export function formKeyFor(course: ApplyCourse, forWhom: ForWhom): string {
  return course.kids || forWhom === 'other' ? COURSE_KIDS_FORM : COURSE_FORM;
}

/**
 * The dialogs, open from their first render (the route mounts them afresh on each visit);
 * closing fades them out, then `onClosed` leads back to the course page.
 */
export default function ApplyDialogs({ course, onClosed }: { course: ApplyCourse; onClosed: () => void }) {
  const root = useRootData();
  const signedIn = Boolean(root?.user);
  const policy = root?.configs?.PRIVACY_POLICY_LINK;
  const [open, setOpen] = useState(true);
  const onClose = () => setOpen(false);
  const [step, setStep] = useState<Step>('Poll');
  const [forWhom, setForWhom] = useState<ForWhom>('self');
  const [form, setForm] = useState<FeedbackForm | null>(null);
  const [student, setStudent] = useState<Record<string, string>>({});
  const [studentErrors, setStudentErrors] = useState<Record<string, string[]>>({});
  const [success, setSuccess] = useState('');
  const [prefill, setPrefill] = useState<Record<string, string> | null>(signedIn ? null : {});
  // The applicant's own fields as typed, kept while the Student step is shown again.
  const [own, setOwn] = useState<Record<string, string> | null>(null);
  const poll = useApiForm();
  const ages = ageRules(course);

  // A signed-in person's contacts fill SendApplication (GET /api/user/personal/); a failure leaves it empty.
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    browserApi
      .personal()
      .then((personal) => {
        if (!live) return;
        const name = [personal.first_name, personal.last_name].filter(Boolean).join(' ');
        setPrefill({ name, email: personal.email ?? '', phone: showPhone(personal.phone) });
      })
      .catch(() => live && setPrefill({}));
    return () => {
      live = false;
    };
  }, [signedIn]);

  const choose = (whom: ForWhom) =>
    poll.run(async () => {
      const loaded = await browserApi.feedbackForm(formKeyFor(course, whom));
      setForWhom(whom);
      setForm(loaded);
      setStudent({});
      setStudentErrors({});
      setOwn(null);
      setStep(whom === 'other' ? 'Student' : 'SendApplication');
    });

  const studentFields = form?.fields.filter(isStudentField) ?? [];
  const ownFields = form ? (forWhom === 'other' ? form.fields.filter((field) => !isStudentField(field)) : form.fields) : [];

  const titles: Record<Step, string> = {
    Poll: 'Для кого заявка?',
    Student: 'Кто будет учиться',
    SendApplication: forWhom === 'other' ? 'Ваши контакты' : (form?.title ?? 'Заявка на курс'),
    FormSuccess: 'Заявка отправлена',
  };

  return (
    <Modal contentKey={step} open={open} onClose={onClose} onClosed={onClosed} title={titles[step]} className="apply-dialog">
      {step === 'Poll' ? (
        <div className="apply-form">
          <p className="apply-form__lead">Курс «{course.title}». Расскажите, кто будет учиться, — и куратор свяжется с вами.</p>
          <div className="apply-poll">
            <button type="button" className="button button--primary" data-autofocus disabled={poll.busy} onClick={() => void choose('self')}>
              Для себя
            </button>
            <button type="button" className="button button--ghost" disabled={poll.busy} onClick={() => void choose('other')}>
              Для другого человека (например, ребёнка)
            </button>
          </div>
          {poll.problems.general.length ? <FormMessages look="apply" messages={poll.problems.general} /> : null}
        </div>
      ) : null}
      {step === 'Student' && form ? (
        <StudentStep
          ages={ages}
          fields={studentFields}
          values={student}
          serverErrors={studentErrors}
          onDone={(values) => {
            setStudent(values);
            setStudentErrors({});
            setStep('SendApplication');
          }}
        />
      ) : null}
      {step === 'SendApplication' && form ? (
        prefill ? (
          <SendApplication
            ages={ages}
            form={form}
            fields={ownFields}
            defaults={own ?? prefill}
            courseSlug={course.slug}
            signedIn={signedIn}
            policy={policy}
            student={student}
            onBack={
              forWhom === 'other'
                ? (typed) => {
                    setOwn(typed);
                    setStep('Student');
                  }
                : undefined
            }
            onStudentErrors={(errors, typed) => {
              setOwn(typed);
              setStudentErrors(errors);
              setStep('Student');
            }}
            onSent={(message) => {
              setSuccess(message);
              setStep('FormSuccess');
            }}
          />
        ) : (
          <p className="apply-form__lead" role="status">
            Загружаем ваши данные…
          </p>
        )
      ) : null}
      {step === 'FormSuccess' ? (
        <div className="apply-form">
          <p className="apply-success" role="status">
            {success}
          </p>
          <button type="button" className="button button--primary apply-form__submit" data-autofocus onClick={onClose}>
            Хорошо
          </button>
        </div>
      ) : null}
    </Modal>
  );
}

/** Student: the student_* fields; the required ones are checked here, the rest by the server on sending. */
function StudentStep({
  ages,
  fields,
  values,
  serverErrors,
  onDone,
}: {
  ages: AgeRules;
  fields: readonly FeedbackField[];
  values: Record<string, string>;
  serverErrors: Record<string, string[]>;
  onDone: (values: Record<string, string>) => void;
}) {
  const [errors, setErrors] = useState(serverErrors);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = readFields(event.currentTarget, fields);
    const outOfRange = ages.problems(typed);
    const problems = rejection(
      Object.fromEntries(
        fields.map((field) => [field.name, field.required && !typed[field.name] ? [FEEDBACK_TEXTS.required(field.title)] : outOfRange[field.name]]),
      ),
    );
    if (problems) setErrors(problems.problems.fields);
    else onDone(typed);
  };
  return (
    <form className="apply-form" noValidate onSubmit={submit}>
      <p className="apply-form__lead">Данные того, кто будет учиться. Ваши контакты — на следующем шаге.</p>
      <FeedbackFields fields={fields} errorsOf={(name) => errors[name] ?? []} defaults={values} hints={ages.hints} autofocus maskRef={maskRef} />
      <button type="submit" className="button button--primary apply-form__submit">
        Далее
      </button>
    </form>
  );
}

/** SendApplication: the applicant's own fields and the consents, then one POST with everything. */
function SendApplication({
  ages,
  form,
  fields,
  defaults,
  courseSlug,
  signedIn,
  policy,
  student,
  onBack,
  onStudentErrors,
  onSent,
}: {
  ages: AgeRules;
  form: FeedbackForm;
  fields: readonly FeedbackField[];
  defaults: Record<string, string>;
  courseSlug: string;
  signedIn: boolean;
  policy?: string;
  student: Record<string, string>;
  onBack?: (typed: Record<string, string>) => void;
  onStudentErrors: (errors: Record<string, string[]>, typed: Record<string, string>) => void;
  onSent: (message: string) => void;
}) {
  const studentNames = Object.keys(student);
  const api = useApiForm([...fields.map((field) => field.name), ...CONSENT_FIELDS, ...studentNames]);
  const body = useApplicationBody(signedIn);
  const captcha = useCaptcha();
  const formRef = useRef<HTMLFormElement>(null);

  // A student field refused by the server goes back to the Student step, with its message.
  const studentProblems = Object.fromEntries(studentNames.filter((name) => api.errorsOf(name).length).map((name) => [name, api.errorsOf(name)]));
  const hasStudentProblems = Object.keys(studentProblems).length > 0;
  useEffect(() => {
    if (hasStudentProblems && formRef.current) onStudentErrors(studentProblems, readFields(formRef.current, fields));
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void api.run(
      async () => {
        const typed = readFields(element, fields);
        // The child's birth date typed on this step (a kids course for oneself's form shows it here).
        const tooYoungOrOld = rejection(fields.some((field) => field.name === STUDENT_BIRTHDATE_FIELD) ? ages.problems(typed) : {});
        if (tooYoungOrOld) throw tooYoungOrOld;
        const application = body({ ...student, ...typed, ...readConsents(element) }, courseSlug);
        // A fresh token for every send: a retry after a refusal gets a new one.
        const token = await captcha.captchaToken('studentForm');
        const { success_message } = await browserApi.sendApplication(form.key, token ? { ...application, 'g-recaptcha-response': token } : application);
        onSent(success_message);
      },
      { leaving: true },
    );
  };

  return (
    <form ref={formRef} className="apply-form" noValidate onSubmit={submit} onFocus={captcha.prepare}>
      {form.description ? <p className="apply-form__lead">{form.description}</p> : null}
      <FeedbackFields fields={fields} errorsOf={api.errorsOf} defaults={defaults} hints={ages.hints} autofocus maskRef={maskRef} />
      <ConsentFields errorsOf={api.errorsOf} policy={policy} child={form.fields.some(isStudentField)} />
      {api.problems.general.length ? <FormMessages look="apply" messages={api.problems.general} /> : null}
      <button type="submit" className="button button--primary apply-form__submit" aria-busy={api.busy} disabled={api.busy}>
        Отправить заявку
      </button>
      <CaptchaNotice settings={captcha.settings} />
      {onBack ? (
        <button type="button" className="apply-link" onClick={() => formRef.current && onBack(readFields(formRef.current, fields))}>
          Назад к данным ученика
        </button>
      ) : null}
    </form>
  );
}
