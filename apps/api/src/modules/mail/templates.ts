// Russian e-mail templates: each one a subject, an inline-styled HTML body (mail clients drop
// <style> and external CSS) and a plain-text alternative saying the same.
import { pluralRu } from '@crema/contract';

/** What each template needs from its caller. */
export interface MailTemplateData {
  /** Sign-in (and registration) code. */
  login_code: { code: string; validMinutes: number };
  /** Code confirming a password change. */
  password_change_code: { code: string; validMinutes: number };
  /** Link opening the 'Создание пароля' dialog; must be an http(s) URL. */
  password_restore_link: { url: string; validMinutes: number };
  /**
   * An account made by the school's administrator (`npm run user:create`): a link to set the
   * first password (the restore link's mechanism); `role` in words ('сотрудник школы').
   */
  account_created: { url: string; validMinutes: number; role: string };
  /** A restore link or password-change code was asked for an address without an account. */
  no_account: { request: 'restore' | 'change' };
  /** Repeated wrong codes or passwords for the account (sent at most once a day). */
  sign_in_failures: Record<string, never>;
  /** Code confirming the deletion of the account. */
  account_delete_code: { code: string; validMinutes: number };
  /** Code confirming a new sign-in address, sent to that address. */
  email_change_code: { code: string; validMinutes: number };
  /** An address change was asked to an address that already has an account (no code in it). */
  email_change_taken: Record<string, never>;
  /** Notice to the old address that the sign-in address was changed. */
  email_changed: { newEmail: string };
  /** To the school: a new application through a dynamic form (modules/feedback). */
  application_received: {
    formTitle: string;
    course: { title: string; url: string } | null;
    fields: { title: string; value: string }[];
    /** Who sent it, in words ('гость сайта', 'пользователь сайта №12'). */
    sender: string;
    /** Moscow time, 'dd.mm.yyyy hh:mm'. */
    receivedAt: string;
    advertising: boolean;
  };
  /** InputCodeOrder: confirms a guest's order (and signs them in). */
  order_code: { code: string; validMinutes: number };
  /**
   * The payer's letter after a paid (or free) order: what was bought (course, group), for whom
   * (`learners`: the students' names; empty when the payer studies), and the 54-ФЗ receipt when the
   * bank gave its link.
   */
  order_paid: {
    orderCode: string;
    courseTitle: string;
    amountText: string;
    learners: string[];
    learningUrl: string;
    receiptUrl: string | null;
    /** The group the learners were put in ('Группа 12 мая'), or null. */
    groupTitle?: string | null;
  };
  /** The school's staff sent the payer the order's payment page again (decision 0065). */
  order_payment_link: { orderCode: string; courseTitle: string; amountText: string; url: string };
  /**
   * An order is placed (confirmed, not free): its payment page and, for a group, until when its
   * seats are held ('5 декабря, 18:30', Moscow time); null without a hold.
   */
  order_placed: { orderCode: string; courseTitle: string; amountText: string; payUrl: string; heldUntilText: string | null };
  /** A card payment was declined; `reason`: why, in a sentence, when the bank said. */
  payment_failed: { orderCode: string; courseTitle: string; amountText: string; reason: string | null; payUrl: string };
  /** Money was returned; `full` — the whole order (access ends), else a part. */
  refund_made: { orderCode: string; courseTitle: string; amountText: string; full: boolean; ordersUrl: string };
  /** The eve of a group's first session: when, where (or the meeting link) and what to bring. */
  group_starts_tomorrow: {
    courseTitle: string;
    groupTitle: string;
    /** '5 декабря, 18:00–20:00 (МСК)'. */
    whenText: string;
    place: string | null;
    meetingUrl: string | null;
    bring: string | null;
    url: string;
  };
  /** A session of the member's group opened a lesson. */
  lesson_opened: { courseTitle: string; groupTitle: string; lessonTitle: string; url: string };
  /** A finished test attempt: passed or not, with the score. */
  test_result: { courseTitle: string; testTitle: string; passed: boolean; score: number; passScore: number; url: string };
  /** Access to a course ends in 7 days; `endsText`: when, Moscow time ('12.12.2026 23:59'). */
  access_ending: { courseTitle: string; endsText: string; url: string };
  /** A course owner opened a course to this address (the audience, decision 0035); `hasAccount` false: an invitation. */
  course_access: { courseTitle: string; url: string; hasAccount: boolean };
  /**
   * Staff moved or cancelled a session of the member's group; times in words, Moscow time
   * ('5 декабря, 18:00–20:00 (МСК)'); `now` is null for a cancelled session.
   */
  group_session_changed: { courseTitle: string; groupTitle: string; sessionTitle: string; was: string; now: string | null; url: string };
  /** A seat freed in a full group: held for the first person of its waiting list until `untilText` (decision 0067). */
  waiting_offer: { courseTitle: string; groupTitle: string; untilText: string; amountText: string; payUrl: string };
  /** A certificate of completion was issued (decision 0085): its PDF and its public verification page. */
  certificate_issued: { courseTitle: string; number: string; holder: string; downloadUrl: string; verifyUrl: string };
  /** A curator returned a homework for rework (decision 0087): their comment and the lesson's link. */
  homework_returned: HomeworkDecisionLetter;
  /** A curator accepted a homework (decision 0087), with the grade when given. */
  homework_accepted: HomeworkDecisionLetter;
  /** A curator's daily digest: how many submissions wait in each course of theirs (decision 0087). */
  homework_digest: { total: number; tooLong: number; courses: { title: string; waiting: number }[]; url: string };
}

/** What the learner's letter about a curator's decision says. */
export interface HomeworkDecisionLetter {
  courseTitle: string;
  lessonTitle: string;
  homeworkTitle: string;
  /** The curator's comment ('' — none). */
  comment: string;
  grade: number | null;
  url: string;
}

export type MailTemplate = keyof MailTemplateData;

/** A rendered letter, ready for the outbox. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The school's details from the site settings, shown in every letter's footer when set. */
export interface MailSchoolDetails {
  phone?: string;
  email?: string;
  address?: string;
  legalName?: string;
  inn?: string;
  ogrn?: string;
  legalAddress?: string;
}

/** The school a letter comes from (SITE_NAME) and what the frame of the letter shows. */
export interface MailSchool {
  name: string;
  details?: MailSchoolDetails;
  /** An optional letter: its one-click unsubscribe page and the account's settings (absolute URLs). */
  unsubscribeUrl?: string;
  settingsUrl?: string;
}

const NBSP = '\u00a0';
// "Действует 10 минут" takes the accusative: 1 минуту, 2 минуты, 5 минут.
const MINUTES_ACC = ['минуту', 'минуты', 'минут'] as const;
const HOURS_ACC = ['час', 'часа', 'часов'] as const;

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** '10 минут', '1 час', '90 минут': how long something stays valid, in the accusative. */
export function formatValidity(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes <= 0) throw new RangeError(`validity must be a positive whole number of minutes, got ${minutes}`);
  if (minutes % 60 === 0) return `${minutes / 60}${NBSP}${pluralRu(minutes / 60, HOURS_ACC)}`;
  return `${minutes}${NBSP}${pluralRu(minutes, MINUTES_ACC)}`;
}

const COLORS = { page: '#faf6f1', card: '#ffffff', ink: '#231a15', muted: '#6b5a4e', line: '#e4d8cc', brand: '#3b2418', accent: '#c8925a', codeBg: '#f1e7dc' };
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

interface Layout {
  school: MailSchool;
  /** Shown by mail clients next to the subject in the list; never displayed in the letter. */
  preheader: string;
  heading: string;
  /** Already-escaped HTML blocks between the heading and the footer note. */
  body: string[];
  note: string;
}

function paragraph(html: string): string {
  return `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:${COLORS.ink}">${html}</p>`;
}

function codeBlock(code: string): string {
  return (
    `<div style="margin:8px 0 24px;padding:16px 24px;background:${COLORS.codeBg};border-radius:12px;text-align:center;text-indent:12px;` +
    `${FONT};font-size:36px;line-height:44px;font-weight:700;letter-spacing:12px;color:${COLORS.brand}">${escapeHtml(code)}</div>`
  );
}

function button(url: string, label: string): string {
  return (
    `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px"><tr>` +
    `<td style="border-radius:10px;background:${COLORS.brand}">` +
    `<a href="${escapeHtml(url)}" target="_blank" style="display:inline-block;padding:14px 28px;${FONT};font-size:16px;` +
    `font-weight:600;color:#ffffff;text-decoration:none;border-radius:10px">${escapeHtml(label)}</a></td></tr></table>`
  );
}

function layout({ school, preheader, heading, body, note }: Layout): string {
  const name = escapeHtml(school.name);
  return `<!DOCTYPE html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(heading)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:${COLORS.page}">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:560px">
<tr><td style="padding:0 8px 16px;${FONT};font-size:20px;line-height:28px;font-weight:700;color:${COLORS.brand}">${name}</td></tr>
<tr><td style="padding:32px;background:${COLORS.card};border:1px solid ${COLORS.line};border-radius:16px">
<h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:30px;font-weight:700;color:${COLORS.ink}">${escapeHtml(heading)}</h1>
${body.join('\n')}
<p style="margin:0;${FONT};font-size:14px;line-height:20px;color:${COLORS.muted}">${escapeHtml(note)}</p>
</td></tr>
<tr><td style="padding:16px 8px 0;${FONT};font-size:12px;line-height:18px;color:${COLORS.muted}">${footerHtml(school)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The footer's lines: who sent it, the school's contacts and legal details, the unsubscribe link. */
function footerLines(school: MailSchool): { text: string; href?: string; label?: string }[] {
  const d = school.details ?? {};
  const lines: { text: string; href?: string; label?: string }[] = [{ text: `Письмо отправлено автоматически с сайта «${school.name}». Отвечать на него не нужно.` }];
  const contacts = [d.phone, d.email, d.address].filter(Boolean).join(' · ');
  if (contacts) lines.push({ text: `Контакты школы: ${contacts}` });
  const legal = [d.legalName, d.inn ? `ИНН ${d.inn}` : '', d.ogrn ? `ОГРН ${d.ogrn}` : '', d.legalAddress].filter(Boolean).join(', ');
  if (legal) lines.push({ text: legal });
  if (school.unsubscribeUrl) {
    lines.push({ text: 'Не хотите получать такие письма? Отписаться:', href: webLink(school.unsubscribeUrl, 'unsubscribe'), label: 'отписаться в один клик' });
  }
  if (school.settingsUrl) lines.push({ text: 'Все уведомления настраиваются в личном кабинете:', href: webLink(school.settingsUrl, 'settings'), label: 'настройки уведомлений' });
  return lines;
}

function footerHtml(school: MailSchool): string {
  return footerLines(school)
    .map((line) =>
      line.href
        ? `${escapeHtml(line.text)} <a href="${escapeHtml(line.href)}" target="_blank" style="color:${COLORS.muted}">${escapeHtml(line.label ?? line.href)}</a>`
        : escapeHtml(line.text),
    )
    .join('<br>');
}

function textLetter(school: MailSchool, lines: string[]): string {
  const footer = footerLines(school).map((line) => (line.href ? `${line.text} ${line.href}` : line.text));
  return [school.name, '', ...lines, '', '—', ...footer, ''].join('\n');
}

/** An absolute http(s) address for an href, normalised; anything else (javascript:, data:, relative) throws. */
export function webLink(value: string, what: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${what} link must be http(s), got ${url.protocol}`);
  return url.toString();
}

/** A short letter: a lead, more paragraphs, one button, a note; the text part says the same with the link. */
function simpleLetter(
  school: MailSchool,
  parts: { subject: string; heading: string; lead: string; more?: string[]; link: { url: string; label: string; what: string }; note: string },
): RenderedMail {
  const href = webLink(parts.link.url, parts.link.what);
  const more = parts.more ?? [];
  return {
    subject: parts.subject,
    html: layout({
      school,
      preheader: parts.lead,
      heading: parts.heading,
      body: [paragraph(escapeHtml(parts.lead)), ...more.map((p) => paragraph(escapeHtml(p))), button(href, parts.link.label)],
      note: parts.note,
    }),
    text: textLetter(school, [parts.heading, '', parts.lead, ...more, '', href, '', parts.note]),
  };
}

function codeLetter(
  school: MailSchool,
  data: { code: string; validMinutes: number },
  words: { subject: string; heading: string; lead: string; ignore: string },
): RenderedMail {
  const validity = `Код действует ${formatValidity(data.validMinutes)}.`;
  return {
    subject: `${words.subject}: ${data.code}`,
    html: layout({
      school,
      preheader: `${words.subject}: ${data.code}. ${validity}`,
      heading: words.heading,
      body: [paragraph(escapeHtml(words.lead)), codeBlock(data.code), paragraph(escapeHtml(validity))],
      note: words.ignore,
    }),
    text: textLetter(school, [words.heading, '', words.lead, '', `${words.subject}: ${data.code}`, validity, '', words.ignore]),
  };
}

const renderers: { [T in MailTemplate]: (data: MailTemplateData[T], school: MailSchool) => RenderedMail } = {
  login_code: (data, school) =>
    codeLetter(school, data, {
      subject: 'Код для входа',
      heading: 'Вход на сайт',
      lead: `Введите этот код на сайте «${school.name}», чтобы войти. Если у вас ещё нет аккаунта, он будет создан.`,
      ignore: 'Если вы не запрашивали код, просто проигнорируйте это письмо: без кода никто не сможет войти.',
    }),
  password_change_code: (data, school) =>
    codeLetter(school, data, {
      subject: 'Код для смены пароля',
      heading: 'Смена пароля',
      lead: `Чтобы задать новый пароль на сайте «${school.name}», введите этот код.`,
      ignore: 'Если вы не собирались менять пароль, проигнорируйте это письмо: пароль останется прежним.',
    }),
  password_restore_link: (data, school) => {
    const url = new URL(data.url);
    // The link is put into href: only web addresses, never javascript: or data:.
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`restore link must be http(s), got ${url.protocol}`);
    const href = url.toString();
    const validity = `Ссылка действует ${formatValidity(data.validMinutes)}.`;
    const lead = `Мы получили запрос на восстановление пароля на сайте «${school.name}». Чтобы задать новый пароль, перейдите по ссылке.`;
    const ignore = 'Если вы не запрашивали восстановление, проигнорируйте это письмо: пароль останется прежним.';
    return {
      subject: 'Восстановление пароля',
      html: layout({
        school,
        preheader: `Ссылка для создания нового пароля. ${validity}`,
        heading: 'Восстановление пароля',
        body: [
          paragraph(escapeHtml(lead)),
          button(href, 'Создать пароль'),
          paragraph(escapeHtml(validity)),
          `<p style="margin:0 0 16px;${FONT};font-size:14px;line-height:20px;color:${COLORS.muted};word-break:break-all">` +
            `Если кнопка не работает, скопируйте адрес в браузер:<br><a href="${escapeHtml(href)}" style="color:${COLORS.brand}">${escapeHtml(href)}</a></p>`,
        ],
        note: ignore,
      }),
      text: textLetter(school, ['Восстановление пароля', '', lead, '', href, '', validity, '', ignore]),
    };
  },
  account_created: (data, school) => {
    const url = new URL(data.url);
    // The link is put into href: only web addresses, never javascript: or data:.
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`password link must be http(s), got ${url.protocol}`);
    const href = url.toString();
    const validity = `Ссылка действует ${formatValidity(data.validMinutes)}. Если она устарела, нажмите «Забыли пароль?» в окне входа на сайте и укажите этот адрес.`;
    const lead = `Для вас создана учётная запись на сайте «${school.name}» (${data.role}). Чтобы войти, задайте пароль по ссылке.`;
    const note = 'Войти можно и без пароля — по коду, который придёт на этот адрес.';
    return {
      subject: 'Учётная запись создана',
      html: layout({
        school,
        preheader: `Задайте пароль для входа. ${validity}`,
        heading: 'Учётная запись создана',
        body: [
          paragraph(escapeHtml(lead)),
          button(href, 'Создать пароль'),
          paragraph(escapeHtml(validity)),
          `<p style="margin:0 0 16px;${FONT};font-size:14px;line-height:20px;color:${COLORS.muted};word-break:break-all">` +
            `Если кнопка не работает, скопируйте адрес в браузер:<br><a href="${escapeHtml(href)}" style="color:${COLORS.brand}">${escapeHtml(href)}</a></p>`,
        ],
        note,
      }),
      text: textLetter(school, ['Учётная запись создана', '', lead, '', href, '', validity, '', note]),
    };
  },
  no_account: (data, school) => {
    const what = data.request === 'restore' ? 'восстановление пароля' : 'код смены пароля';
    const heading = data.request === 'restore' ? 'Восстановление пароля' : 'Смена пароля';
    const lead = `На сайте «${school.name}» для этого адреса запросили ${what}, но учётной записи с ним нет.`;
    const hint =
      'Если вы регистрировались с другим адресом, запросите письмо на него. Чтобы завести учётную запись с этим ' +
      'адресом, войдите по коду из письма — она появится при первом входе.';
    const ignore = 'Если вы ничего не запрашивали, просто проигнорируйте это письмо.';
    return {
      subject: heading,
      html: layout({ school, preheader: lead, heading, body: [paragraph(escapeHtml(lead)), paragraph(escapeHtml(hint))], note: ignore }),
      text: textLetter(school, [heading, '', lead, '', hint, '', ignore]),
    };
  },
  sign_in_failures: (_data, school) => {
    const heading = 'Неудачные попытки входа';
    const lead = `На сайте «${school.name}» несколько раз подряд ввели неверный код или пароль для вашего адреса.`;
    const calm =
      'Если это были вы — всё в порядке: войдите по новому коду из письма. Если не вы — ничего делать не нужно: ' +
      'после нескольких ошибок вход по этому адресу замедляется, а коды приходят только на вашу почту.';
    const note = 'Никому не сообщайте коды из писем: сотрудники школы их никогда не спрашивают.';
    return {
      subject: heading,
      html: layout({ school, preheader: lead, heading, body: [paragraph(escapeHtml(lead)), paragraph(escapeHtml(calm))], note }),
      text: textLetter(school, [heading, '', lead, '', calm, '', note]),
    };
  },
  account_delete_code: (data, school) =>
    codeLetter(school, data, {
      subject: 'Код для удаления аккаунта',
      heading: 'Удаление аккаунта',
      lead: `Вы попросили удалить свой аккаунт на сайте «${school.name}». Введите этот код, чтобы подтвердить удаление. Личные данные будут стёрты; заказы останутся обезличенными для бухгалтерии.`,
      ignore: 'Если вы не собирались удалять аккаунт, не вводите код и смените пароль: без кода аккаунт не удалить.',
    }),
  email_change_code: (data, school) =>
    codeLetter(school, data, {
      subject: 'Код для смены адреса',
      heading: 'Новый адрес для входа',
      lead: `Этот адрес указали как новый адрес для входа на сайт «${school.name}». Введите код, чтобы подтвердить его.`,
      ignore: 'Если вы ничего не меняли, просто проигнорируйте это письмо: адрес не будет привязан.',
    }),
  email_change_taken: (_data, school) => {
    const heading = 'Смена адреса для входа';
    const lead = `На сайте «${school.name}» этот адрес указали как новый адрес для входа в другой аккаунт, но он уже занят вашим аккаунтом.`;
    const hint = 'Адрес остаётся за вашим аккаунтом. Если вы хотели перенести его, сначала смените адрес в этом аккаунте.';
    const ignore = 'Если вы ничего не запрашивали, просто проигнорируйте это письмо.';
    return {
      subject: heading,
      html: layout({ school, preheader: lead, heading, body: [paragraph(escapeHtml(lead)), paragraph(escapeHtml(hint))], note: ignore }),
      text: textLetter(school, [heading, '', lead, '', hint, '', ignore]),
    };
  },
  email_changed: (data, school) => {
    const heading = 'Адрес входа изменён';
    const lead = `Адрес для входа в ваш аккаунт на сайте «${school.name}» изменён на ${data.newEmail}. На этот адрес письма больше приходить не будут.`;
    const note = 'Если это сделали не вы, срочно напишите в поддержку школы.';
    return {
      subject: heading,
      html: layout({ school, preheader: lead, heading, body: [paragraph(escapeHtml(lead))], note }),
      text: textLetter(school, [heading, '', lead, '', note]),
    };
  },
  application_received: (data, school) => {
    const subject = `Новая заявка: ${data.course?.title ?? data.formTitle}`;
    const lead = `На сайте «${school.name}» оставили заявку через форму «${data.formTitle}» ${data.receivedAt} (МСК), отправитель — ${data.sender}.`;
    const consent = data.advertising ? 'Согласие на рекламные рассылки дано.' : 'Согласия на рекламные рассылки нет.';
    const rows = data.fields
      .map(
        (f) =>
          `<tr><td style="padding:6px 12px 6px 0;${FONT};font-size:15px;line-height:22px;color:${COLORS.muted};vertical-align:top">${escapeHtml(f.title)}</td>` +
          `<td style="padding:6px 0;${FONT};font-size:15px;line-height:22px;color:${COLORS.ink}">${escapeHtml(f.value)}</td></tr>`,
      )
      .join('');
    const table = `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:0 0 16px">${rows}</table>`;
    const course = data.course ? [paragraph(`Курс: <a href="${escapeHtml(webLink(data.course.url, 'course'))}" style="color:${COLORS.brand}">${escapeHtml(data.course.title)}</a>`)] : [];
    const note = 'Свяжитесь с отправителем в течение рабочего дня: сайт обещает ответ в этот срок.';
    return {
      subject,
      html: layout({ school, preheader: lead, heading: 'Новая заявка', body: [paragraph(escapeHtml(lead)), ...course, table, paragraph(escapeHtml(consent))], note }),
      text: textLetter(school, [
        'Новая заявка',
        '',
        lead,
        ...(data.course ? ['', `Курс: ${data.course.title} — ${webLink(data.course.url, 'course')}`] : []),
        '',
        ...data.fields.map((f) => `${f.title}: ${f.value}`),
        '',
        consent,
        '',
        note,
      ]),
    };
  },
  order_code: (data, school) =>
    codeLetter(school, data, {
      subject: 'Код подтверждения заказа',
      heading: 'Подтверждение заказа',
      lead: `Введите этот код на сайте «${school.name}», чтобы подтвердить заказ и войти. Если у вас ещё нет аккаунта, он будет создан.`,
      ignore: 'Если вы ничего не заказывали, просто проигнорируйте это письмо: без кода заказ не будет подтверждён.',
    }),
  order_paid: (data, school) => {
    const heading = 'Заказ оплачен';
    const lead = `Спасибо! Заказ №${NBSP}${data.orderCode} на курс «${data.courseTitle}» оплачен: ${data.amountText}.`;
    const group = data.groupTitle ? `Группа: ${data.groupTitle}.` : null;
    const who = data.learners.length ? `Учатся: ${data.learners.join(', ')}.` : 'Учитесь вы сами: курс уже в разделе «Мое обучение».';
    const receipt = data.receiptUrl ? webLink(data.receiptUrl, 'receipt') : null;
    const receiptText = receipt ? 'Кассовый чек по 54-ФЗ:' : 'Кассовый чек банк пришлёт на этот адрес отдельным письмом.';
    // The footer says not to answer the letter: questions go through the site.
    const note = 'Если у вас есть вопросы по заказу, напишите нам через сайт: на это письмо отвечать не нужно.';
    const learning = webLink(data.learningUrl, 'learning');
    const lines = [lead, ...(group ? [group] : []), who];
    return {
      subject: `${heading}: ${data.courseTitle}`,
      html: layout({
        school,
        preheader: lead,
        heading,
        body: [
          ...lines.map((line) => paragraph(escapeHtml(line))),
          button(learning, 'Перейти к обучению'),
          paragraph(
            receipt
              ? `${escapeHtml(receiptText)} <a href="${escapeHtml(receipt)}" target="_blank" style="color:${COLORS.brand}">открыть чек</a>`
              : escapeHtml(receiptText),
          ),
        ],
        note,
      }),
      text: textLetter(school, [heading, '', ...lines, '', learning, '', receipt ? `${receiptText} ${receipt}` : receiptText, '', note]),
    };
  },
  order_payment_link: (data, school) => {
    const heading = 'Оплата заказа';
    const lead = `Заказ №${NBSP}${data.orderCode} на курс «${data.courseTitle}» ждёт оплаты: ${data.amountText}. Оплатить его можно по ссылке ниже.`;
    const note = 'Если вы уже оплатили заказ или передумали, просто проигнорируйте это письмо.';
    const link = new URL(data.url);
    if (link.protocol !== 'https:' && link.protocol !== 'http:') throw new Error(`payment link must be http(s), got ${link.protocol}`);
    return {
      subject: `${heading}: ${data.courseTitle}`,
      html: layout({ school, preheader: lead, heading, body: [paragraph(escapeHtml(lead)), button(link.toString(), 'Перейти к оплате')], note }),
      text: textLetter(school, [heading, '', lead, '', link.toString(), '', note]),
    };
  },
  order_placed: (data, school) => {
    const hold = data.heldUntilText
      ? `Места в группе держим за вами до ${data.heldUntilText} (по Москве): если заказ не оплатить до этого времени, он отменится и места освободятся.`
      : 'Оплатить заказ можно в любое время, пока курс продаётся.';
    return simpleLetter(school, {
      subject: `Заказ оформлен: ${data.courseTitle}`,
      heading: 'Заказ оформлен',
      lead: `Заказ №${NBSP}${data.orderCode} на курс «${data.courseTitle}» оформлен. К оплате: ${data.amountText}.`,
      more: [hold],
      link: { url: data.payUrl, label: 'Перейти к оплате', what: 'payment' },
      note: 'Если вы передумали, заказ можно отменить в личном кабинете, в разделе «Мои заказы».',
    });
  },
  payment_failed: (data, school) =>
    simpleLetter(school, {
      subject: `Оплата не прошла: ${data.courseTitle}`,
      heading: 'Оплата не прошла',
      lead: `Банк не провёл оплату заказа №${NBSP}${data.orderCode} на курс «${data.courseTitle}» (${data.amountText}). Деньги не списаны.`,
      more: [data.reason ?? 'Банк не назвал причину.', 'Попробуйте оплатить ещё раз — другой картой или позже.'],
      link: { url: data.payUrl, label: 'Оплатить снова', what: 'payment' },
      note: 'Если деньги всё же списались, напишите нам через сайт: мы проверим платёж.',
    }),
  refund_made: (data, school) =>
    simpleLetter(school, {
      subject: `Возврат денег: ${data.courseTitle}`,
      heading: 'Деньги возвращены',
      lead: `По заказу №${NBSP}${data.orderCode} на курс «${data.courseTitle}» оформлен возврат: ${data.amountText}.`,
      more: [
        data.full ? 'Заказ возвращён полностью, доступ к курсу закрыт.' : 'Возвращена часть суммы, доступ к курсу сохраняется.',
        'Деньги придут на карту, которой вы платили, обычно за 1–10 рабочих дней — это зависит от банка. Чек на возврат банк пришлёт отдельно.',
      ],
      link: { url: data.ordersUrl, label: 'Мои заказы', what: 'orders' },
      note: 'Если у вас есть вопросы по возврату, напишите нам через сайт: на это письмо отвечать не нужно.',
    }),
  group_starts_tomorrow: (data, school) => {
    const heading = 'Завтра первое занятие';
    const lead = `Группа «${data.groupTitle}» курса «${data.courseTitle}» начинается завтра: ${data.whenText}.`;
    const place = data.place ? `Где: ${data.place}.` : null;
    const meeting = data.meetingUrl ? webLink(data.meetingUrl, 'meeting') : null;
    const bring = data.bring ? `Что взять с собой: ${data.bring}` : null;
    const href = webLink(data.url, 'schedule');
    const lines = [lead, ...(place ? [place] : []), ...(bring ? [bring] : [])];
    const note = 'Расписание группы и ссылка на календарь — в личном кабинете.';
    return {
      subject: `${heading}: ${data.courseTitle}`,
      html: layout({
        school,
        preheader: lead,
        heading,
        body: [
          ...lines.map((line) => paragraph(escapeHtml(line))),
          ...(meeting ? [paragraph(`Ссылка на встречу: <a href="${escapeHtml(meeting)}" target="_blank" style="color:${COLORS.brand}">${escapeHtml(meeting)}</a>`)] : []),
          button(href, 'Открыть расписание'),
        ],
        note,
      }),
      text: textLetter(school, [heading, '', ...lines, ...(meeting ? [`Ссылка на встречу: ${meeting}`] : []), '', href, '', note]),
    };
  },
  lesson_opened: (data, school) =>
    simpleLetter(school, {
      subject: `Открыт урок: ${data.lessonTitle}`,
      heading: 'Открыт новый урок',
      lead: `В группе «${data.groupTitle}» курса «${data.courseTitle}» открылся урок «${data.lessonTitle}».`,
      link: { url: data.url, label: 'Перейти к уроку', what: 'lesson' },
      note: 'Урок остаётся открытым: проходите его, когда удобно.',
    }),
  test_result: (data, school) =>
    simpleLetter(school, {
      subject: `${data.passed ? 'Тест сдан' : 'Тест не сдан'}: ${data.testTitle}`,
      heading: data.passed ? 'Тест сдан' : 'Тест не сдан',
      lead: `Тест «${data.testTitle}» курса «${data.courseTitle}»: ${data.score}${NBSP}% при проходном ${data.passScore}${NBSP}%.`,
      more: [data.passed ? 'Поздравляем! Результат сохранён в разделе «Мое обучение».' : 'Повторите материал и попробуйте ещё раз, если попытки остались.'],
      link: { url: data.url, label: 'Открыть результат', what: 'result' },
      note: 'Подробный разбор ответов — на странице результата, если тест его показывает.',
    }),
  access_ending: (data, school) =>
    simpleLetter(school, {
      subject: `Доступ к курсу заканчивается: ${data.courseTitle}`,
      heading: 'Доступ заканчивается через 7 дней',
      lead: `Доступ к курсу «${data.courseTitle}» открыт до ${data.endsText} (по Москве).`,
      more: ['Успейте пройти оставшиеся уроки и тесты: после этой даты материалы курса закроются.'],
      link: { url: data.url, label: 'Продолжить обучение', what: 'learning' },
      note: 'Если нужно продлить доступ, напишите нам через сайт.',
    }),
  waiting_offer: (data, school) => {
    const heading = 'Освободилось место';
    const lead = `В группе «${data.groupTitle}» курса «${data.courseTitle}» освободилось место, и мы держим его для вас до ${data.untilText} (по Москве). Стоимость: ${data.amountText}.`;
    const note = 'Если вы не оплатите заказ до этого времени, место перейдёт следующему в листе ожидания. Отвечать на это письмо не нужно.';
    const link = new URL(data.payUrl);
    if (link.protocol !== 'https:' && link.protocol !== 'http:') throw new Error(`payment link must be http(s), got ${link.protocol}`);
    return {
      subject: `${heading}: ${data.courseTitle}`,
      html: layout({ school, preheader: lead, heading, body: [paragraph(escapeHtml(lead)), button(link.toString(), 'Перейти к оплате')], note }),
      text: textLetter(school, [heading, '', lead, '', link.toString(), '', note]),
    };
  },
  course_access: (data, school) => {
    const heading = data.hasAccount ? 'Вам открыт курс' : 'Приглашение на курс';
    const lead = data.hasAccount
      ? `Школа «${school.name}» открыла вам доступ к курсу «${data.courseTitle}». Он уже в разделе «Мое обучение».`
      : `Школа «${school.name}» приглашает вас на курс «${data.courseTitle}». Войдите на сайт с этим адресом почты — код для входа придёт письмом, ` +
        'пароль не нужен, — и курс появится в разделе «Мое обучение».';
    const note = 'Если вы не ждали этого письма, просто проигнорируйте его.';
    const link = new URL(data.url);
    if (link.protocol !== 'https:' && link.protocol !== 'http:') throw new Error(`course link must be http(s), got ${link.protocol}`);
    const action = data.hasAccount ? 'Перейти к обучению' : 'Войти и начать';
    return {
      subject: `${heading}: ${data.courseTitle}`,
      html: layout({ school, preheader: lead, heading, body: [paragraph(escapeHtml(lead)), button(link.toString(), action)], note }),
      text: textLetter(school, [heading, '', lead, '', link.toString(), '', note]),
    };
  },
  group_session_changed: (data, school) => {
    const cancelled = data.now === null;
    const heading = cancelled ? 'Занятие отменено' : 'Занятие перенесено';
    const lead = cancelled
      ? `Занятие «${data.sessionTitle}» группы «${data.groupTitle}» курса «${data.courseTitle}» (${data.was}) отменено.`
      : `Занятие «${data.sessionTitle}» группы «${data.groupTitle}» курса «${data.courseTitle}» перенесено: было ${data.was}, теперь ${data.now}.`;
    const hint = 'Расписание на сайте и календарь по вашей ссылке уже обновлены.';
    const note = `Письмо отправила школа «${school.name}»: на него отвечать не нужно.`;
    const link = new URL(data.url);
    if (link.protocol !== 'https:' && link.protocol !== 'http:') throw new Error(`schedule link must be http(s), got ${link.protocol}`);
    return {
      subject: `${heading}: ${data.sessionTitle}`,
      html: layout({ school, preheader: lead, heading, body: [paragraph(escapeHtml(lead)), paragraph(escapeHtml(hint)), button(link.toString(), 'Открыть расписание')], note }),
      text: textLetter(school, [heading, '', lead, hint, '', link.toString(), '', note]),
    };
  },
  certificate_issued: (data, school) => {
    const heading = 'Сертификат о прохождении курса';
    const lead = `Поздравляем! Вы прошли курс «${data.courseTitle}», и школа «${school.name}» выдала сертификат на имя ${data.holder}, №${NBSP}${data.number}.`;
    const verify = 'Подлинность сертификата любой может проверить по QR-коду на нём или по ссылке:';
    const note = 'Скачать сертификат можно и позже — в разделе «Мое обучение» на сайте. Если в ФИО ошибка, исправьте личные данные и напишите в школу.';
    const download = new URL(data.downloadUrl);
    const check = new URL(data.verifyUrl);
    for (const link of [download, check]) {
      if (link.protocol !== 'https:' && link.protocol !== 'http:') throw new Error(`certificate link must be http(s), got ${link.protocol}`);
    }
    return {
      subject: `${heading}: ${data.courseTitle}`,
      html: layout({
        school,
        preheader: lead,
        heading,
        body: [
          paragraph(escapeHtml(lead)),
          button(download.toString(), 'Скачать сертификат (PDF)'),
          paragraph(`${escapeHtml(verify)}<br><a href="${escapeHtml(check.toString())}" style="color:${COLORS.brand};word-break:break-all">${escapeHtml(check.toString())}</a>`),
        ],
        note,
      }),
      text: textLetter(school, [heading, '', lead, '', `Скачать (PDF): ${download.toString()}`, '', verify, check.toString(), '', note]),
    };
  },
  homework_returned: (data, school) =>
    simpleLetter(school, {
      subject: `Задание на доработку: ${data.homeworkTitle}`,
      heading: 'Задание вернули на доработку',
      lead: `Куратор посмотрел задание «${data.homeworkTitle}» (урок «${data.lessonTitle}», курс «${data.courseTitle}») и просит кое-что доделать.`,
      more: [...(data.comment ? [`Комментарий куратора: ${data.comment}`] : []), ...(data.grade === null ? [] : [`Оценка: ${data.grade} из 100.`])],
      link: { url: data.url, label: 'Открыть задание', what: 'lesson' },
      note: 'Исправьте работу и отправьте её ещё раз со страницы урока.',
    }),
  homework_accepted: (data, school) =>
    simpleLetter(school, {
      subject: `Задание принято: ${data.homeworkTitle}`,
      heading: 'Задание принято',
      lead: `Куратор принял задание «${data.homeworkTitle}» (урок «${data.lessonTitle}», курс «${data.courseTitle}»).`,
      more: [...(data.grade === null ? [] : [`Оценка: ${data.grade} из 100.`]), ...(data.comment ? [`Комментарий куратора: ${data.comment}`] : [])],
      link: { url: data.url, label: 'Открыть урок', what: 'lesson' },
      note: 'Если задание закрывало следующие уроки, они уже открыты.',
    }),
  homework_digest: (data, school) =>
    simpleLetter(school, {
      subject: `Ждут проверки: ${data.total} ${pluralRu(data.total, ['работа', 'работы', 'работ'])}`,
      heading: 'Задания ждут проверки',
      lead: `Ждут проверки ${data.total} ${pluralRu(data.total, ['работа', 'работы', 'работ'])}${data.tooLong > 0 ? `, из них ${data.tooLong} — дольше 48 часов` : ''}.`,
      more: data.courses.map((c) => `«${c.title}»: ${c.waiting}`),
      link: { url: data.url, label: 'Открыть очередь', what: 'queue' },
      note: 'Письмо приходит раз в день, пока есть работы на проверке. Отключить его можно в настройках уведомлений.',
    }),
};

/** Every template there is (tests render each). */
export const MAIL_TEMPLATES = Object.keys(renderers) as MailTemplate[];

/** Renders one template for one school. */
export function renderMail<T extends MailTemplate>(template: T, data: MailTemplateData[T], school: MailSchool): RenderedMail {
  return renderers[template](data, school);
}
