// Every template rendered with hostile sample data: links absolute http(s) and the same in both
// parts, nothing of the input unescaped in HTML, a plain-text part always, and the school's
// details and the unsubscribe link in the footer.
import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES, renderMail, type MailSchool, type MailTemplate, type MailTemplateData } from './templates.ts';

const EVIL = `<script>alert("x")</script> 'кавычки' & "ещё"`;
const url = (path: string) => `https://crema.example/${path}/?q="<script>'&x=1`;

const SAMPLES: { [T in MailTemplate]?: MailTemplateData[T] } = {
  login_code: { code: EVIL, validMinutes: 10 },
  password_change_code: { code: EVIL, validMinutes: 10 },
  password_restore_link: { url: url('restore'), validMinutes: 30 },
  account_created: { url: url('restore'), validMinutes: 60, role: EVIL },
  no_account: { request: 'restore' },
  sign_in_failures: {},
  account_delete_code: { code: EVIL, validMinutes: 10 },
  email_change_code: { code: EVIL, validMinutes: 10 },
  email_change_taken: {},
  email_changed: { newEmail: EVIL },
  application_received: {
    formTitle: EVIL,
    course: { title: EVIL, url: url('course') },
    fields: [{ title: EVIL, value: EVIL }],
    sender: EVIL,
    receivedAt: '01.12.2026 10:00',
    advertising: true,
  },
  order_code: { code: EVIL, validMinutes: 10 },
  order_paid: { orderCode: EVIL, courseTitle: EVIL, amountText: EVIL, learners: [EVIL], learningUrl: url('learning'), receiptUrl: url('receipt'), groupTitle: EVIL },
  order_payment_link: { orderCode: EVIL, courseTitle: EVIL, amountText: EVIL, url: url('pay') },
  order_placed: { orderCode: EVIL, courseTitle: EVIL, amountText: EVIL, payUrl: url('pay'), heldUntilText: EVIL },
  payment_failed: { orderCode: EVIL, courseTitle: EVIL, amountText: EVIL, reason: EVIL, payUrl: url('pay') },
  refund_made: { orderCode: EVIL, courseTitle: EVIL, amountText: EVIL, full: true, ordersUrl: url('orders') },
  group_starts_tomorrow: { courseTitle: EVIL, groupTitle: EVIL, whenText: EVIL, place: EVIL, meetingUrl: url('meet'), bring: EVIL, url: url('group') },
  lesson_opened: { courseTitle: EVIL, groupTitle: EVIL, lessonTitle: EVIL, url: url('group') },
  test_result: { courseTitle: EVIL, testTitle: EVIL, passed: false, score: 40, passScore: 70, url: url('course') },
  access_ending: { courseTitle: EVIL, endsText: EVIL, url: url('course') },
  course_access: { courseTitle: EVIL, url: url('courses'), hasAccount: true },
  group_session_changed: { courseTitle: EVIL, groupTitle: EVIL, sessionTitle: EVIL, was: EVIL, now: EVIL, url: url('schedule') },
  waiting_offer: { courseTitle: EVIL, groupTitle: EVIL, untilText: EVIL, amountText: EVIL, payUrl: url('pay') },
  certificate_issued: { courseTitle: EVIL, number: 'CR-ABCD-EFGH-JKMN', holder: EVIL, downloadUrl: url('api/user/certificates/CR-ABCD-EFGH-JKMN/pdf'), verifyUrl: url('certificates/CR-ABCD-EFGH-JKMN') },
  homework_returned: { courseTitle: EVIL, lessonTitle: EVIL, homeworkTitle: EVIL, comment: EVIL, grade: 70, url: url('user/courses/1/lessons/2') },
  homework_accepted: { courseTitle: EVIL, lessonTitle: EVIL, homeworkTitle: EVIL, comment: EVIL, grade: null, url: url('user/courses/1/lessons/2') },
  homework_digest: { total: 3, tooLong: 1, courses: [{ title: EVIL, waiting: 3 }], url: url('curator/homework') },
};

const school: MailSchool = {
  name: EVIL,
  details: { phone: EVIL, email: EVIL, address: EVIL, legalName: EVIL, inn: '7700000000', ogrn: '1027700000000', legalAddress: EVIL },
  unsubscribeUrl: url('api/mail/unsubscribe'),
  settingsUrl: url('user/account'),
};

const unescape = (value: string) => value.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

describe('every letter template', () => {
  it('has sample data here', () => {
    expect(MAIL_TEMPLATES.filter((template) => !SAMPLES[template])).toEqual([]);
  });

  it.each(MAIL_TEMPLATES.filter((template) => SAMPLES[template]))('%s: absolute links in both parts, no unescaped input, the footer', (template) => {
    const mail = renderMail(template, SAMPLES[template] as never, school);
    expect(mail.subject.length).toBeGreaterThan(0);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text.length).toBeGreaterThan(50);
    // Nothing of the input runs or breaks out of an attribute.
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('"x"');
    expect(mail.html).not.toMatch(/=\s*'[^']*'/);
    const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => unescape(m[1]!));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      expect(href, template).toMatch(/^https?:\/\//);
      expect(mail.text, `${template}: ${href} in the text part`).toContain(href);
    }
    // Every attribute value is quoted and escaped: no raw quote or angle bracket inside one.
    for (const [, value] of mail.html.matchAll(/="([^"]*)"/g)) expect(value).not.toMatch(/[<>]/);
    // The school's details and the unsubscribe link are in both parts.
    expect(mail.text).toContain('ИНН 7700000000');
    expect(mail.html).toContain('ИНН 7700000000');
    expect(mail.text).toContain(new URL(school.unsubscribeUrl!).toString());
    expect(mail.html).toContain('отписаться в один клик');
  });

  it('refuses a link that is not a web address in the new letters', () => {
    expect(() => renderMail('order_placed', { ...SAMPLES.order_placed!, payUrl: 'javascript:alert(1)' }, school)).toThrow(/http/);
    expect(() => renderMail('group_starts_tomorrow', { ...SAMPLES.group_starts_tomorrow!, meetingUrl: 'data:text/html,x' }, school)).toThrow(/http/);
    expect(() => renderMail('order_paid', { ...SAMPLES.order_paid!, receiptUrl: '/relative' }, school)).toThrow();
  });

  it('says what the paid order bought, for whom, with the receipt link when there is one', () => {
    const plain = { name: 'Crema' };
    const paid = renderMail('order_paid', { orderCode: 'A1', courseTitle: 'Бариста', amountText: '9 900 ₽', learners: ['Иванов Пётр'], learningUrl: 'https://crema.example/user/courses/', receiptUrl: 'https://ofd.example/r/1', groupTitle: 'Группа 5 декабря' }, plain);
    expect(paid.text).toContain('Учатся: Иванов Пётр.');
    expect(paid.text).toContain('Группа: Группа 5 декабря.');
    expect(paid.text).toContain('Кассовый чек по 54-ФЗ: https://ofd.example/r/1');
    const self = renderMail('order_paid', { orderCode: 'A1', courseTitle: 'Бариста', amountText: '9 900 ₽', learners: [], learningUrl: 'https://crema.example/user/courses/', receiptUrl: null }, plain);
    expect(self.text).toContain('Учитесь вы сами');
    expect(self.text).toContain('банк пришлёт на этот адрес отдельным письмом');
    // No details in the settings, no unsubscribe: only the automatic-letter line.
    expect(self.text).not.toContain('Контакты школы');
    expect(self.text).not.toContain('Отписаться');
  });

  it('says how long the seats are held in the order-placed letter', () => {
    const placed = renderMail('order_placed', { orderCode: 'B2', courseTitle: 'Латте-арт', amountText: '5 000 ₽', payUrl: 'https://crema.example/courses/payment/B2/', heldUntilText: '05.12.2026 18:30' }, { name: 'Crema' });
    expect(placed.text).toContain('до 05.12.2026 18:30 (по Москве)');
    expect(placed.text).toContain('https://crema.example/courses/payment/B2/');
  });
});
