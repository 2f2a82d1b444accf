import { describe, expect, it } from 'vitest';
import { escapeHtml, formatValidity, renderMail } from './templates.ts';

const school = { name: 'Кофе & <Бариста>' };

describe('mail templates', () => {
  it('writes the sign-in code into subject, HTML and text, with how long it is valid', () => {
    const mail = renderMail('login_code', { code: '4821', validMinutes: 10 }, school);
    expect(mail.subject).toBe('Код для входа: 4821');
    expect(mail.html).toContain('4821');
    expect(mail.text).toContain('Код для входа: 4821');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('Код действует 10\u00a0минут.');
      expect(body).toMatch(/Если вы не запрашивали код, просто проигнорируйте это письмо/);
    }
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="ru">/);
  });

  it('escapes the school name in HTML and keeps it as is in text', () => {
    const mail = renderMail('login_code', { code: '1234', validMinutes: 10 }, school);
    expect(mail.html).toContain('Кофе &amp; &lt;Бариста&gt;');
    expect(mail.html).not.toContain('<Бариста>');
    expect(mail.text).toContain('Кофе & <Бариста>');
  });

  it('escapes the code itself (data is never trusted as HTML)', () => {
    const mail = renderMail('password_change_code', { code: '<img src=x onerror=alert(1)>', validMinutes: 10 }, school);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('words the password-change code differently from the sign-in code', () => {
    const mail = renderMail('password_change_code', { code: '0071', validMinutes: 5 }, school);
    expect(mail.subject).toBe('Код для смены пароля: 0071');
    expect(mail.text).toContain('Код действует 5\u00a0минут.');
    expect(mail.text).toMatch(/не собирались менять пароль/);
    expect(mail.html).toMatch(/<h1[^>]*>Смена пароля<\/h1>/);
  });

  it('tells an address without an account that there is none, with no code or link in it', () => {
    for (const [request, subject] of [['restore', 'Восстановление пароля'], ['change', 'Смена пароля']] as const) {
      const mail = renderMail('no_account', { request }, school);
      expect(mail.subject).toBe(subject);
      for (const body of [mail.html, mail.text]) {
        expect(body).toContain('учётной записи с ним нет');
        expect(body).toContain(`для этого адреса запросили ${request === 'restore' ? 'восстановление пароля' : 'код смены пароля'},`);
        expect(body).not.toContain('restore=');
      }
      expect(mail.text).not.toMatch(/\d{4}/);
    }
  });

  it('warns the owner about repeated sign-in failures', () => {
    const mail = renderMail('sign_in_failures', {}, school);
    expect(mail.subject).toBe('Неудачные попытки входа');
    expect(mail.text).toContain('несколько раз подряд ввели неверный код или пароль');
    expect(mail.html).toContain('Кофе &amp; &lt;Бариста&gt;');
  });

  it('words the account-deletion and address-change codes, the taken-address letter and the change notice', () => {
    const deletion = renderMail('account_delete_code', { code: '5310', validMinutes: 10 }, school);
    expect(deletion.subject).toBe('Код для удаления аккаунта: 5310');
    expect(deletion.text).toMatch(/подтвердить удаление/);
    // Not 'ignore the letter and change the password': one thing to do.
    expect(deletion.text).toContain('Если вы не собирались удалять аккаунт, не вводите код и смените пароль');
    const change = renderMail('email_change_code', { code: '7702', validMinutes: 10 }, school);
    expect(change.subject).toBe('Код для смены адреса: 7702');
    expect(change.html).toMatch(/<h1[^>]*>Новый адрес для входа<\/h1>/);
    const taken = renderMail('email_change_taken', {}, school);
    expect(taken.subject).toBe('Смена адреса для входа');
    expect(taken.text).toContain('уже занят вашим аккаунтом');
    expect(taken.text).not.toMatch(/\d{4}/);
    const notice = renderMail('email_changed', { newEmail: 'new<x>@example.ru' }, school);
    expect(notice.subject).toBe('Адрес входа изменён');
    expect(notice.text).toContain('new<x>@example.ru');
    expect(notice.html).toContain('new&lt;x&gt;@example.ru');
  });

  it('puts the restore link into a button and into the text, escaped, with its validity', () => {
    const url = 'https://crema.example/?restore=a"b<c>&x=1';
    const mail = renderMail('password_restore_link', { url, validMinutes: 60 }, school);
    expect(mail.subject).toBe('Восстановление пароля');
    const href = new URL(url).toString();
    expect(mail.text).toContain(href);
    expect(mail.text).toContain('Ссылка действует 1\u00a0час.');
    expect(mail.html).toContain(`href="${escapeHtml(href)}"`);
    expect(mail.html).not.toMatch(/href="[^"]*"b/);
    expect(mail.html).toContain('Создать пароль');
  });

  it('refuses a restore link that is not a web address', () => {
    expect(() => renderMail('password_restore_link', { url: 'javascript:alert(1)', validMinutes: 60 }, school)).toThrow(/http/);
  });

  it('says the validity in the right Russian form', () => {
    expect(formatValidity(1)).toBe('1\u00a0минуту');
    expect(formatValidity(3)).toBe('3\u00a0минуты');
    expect(formatValidity(10)).toBe('10\u00a0минут');
    expect(formatValidity(21)).toBe('21\u00a0минуту');
    expect(formatValidity(120)).toBe('2\u00a0часа');
    expect(formatValidity(90)).toBe('90\u00a0минут');
    expect(() => formatValidity(0)).toThrow(RangeError);
  });

  it('tells the school about an application: the course in the subject, every value escaped in HTML', () => {
    const mail = renderMail(
      'application_received',
      {
        formTitle: 'Записаться на курс',
        course: { title: 'Бариста <с нуля>', url: 'https://crema.test/courses/barista/' },
        fields: [
          { title: 'Имя', value: '<script>alert(1)</script>' },
          { title: 'Телефон', value: '+7 (916) 123-45-67' },
        ],
        sender: 'гость сайта',
        receivedAt: '23.11.2026 18:40',
        advertising: false,
      },
      school,
    );
    expect(mail.subject).toBe('Новая заявка: Бариста <с нуля>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Бариста &lt;с нуля&gt;');
    expect(mail.text).toContain('Телефон: +7 (916) 123-45-67');
    expect(mail.text).toContain('Курс: Бариста <с нуля> — https://crema.test/courses/barista/');
    expect(mail.text).toContain('23.11.2026 18:40 (МСК), отправитель — гость сайта');
    expect(mail.text).toContain('Согласия на рекламные рассылки нет.');
    // Without a course the subject names the form.
    const general = renderMail('application_received', { formTitle: 'Корпоративное обучение', course: null, fields: [], sender: 'гость сайта', receivedAt: '01.01.2027 09:00', advertising: true }, school);
    expect(general.subject).toBe('Новая заявка: Корпоративное обучение');
    expect(general.text).not.toContain('Курс:');
  });

  it('the paid-order letter asks no reply: questions go through the site, as its footer says', () => {
    const mail = renderMail(
      'order_paid',
      { orderCode: 'A1B2', courseTitle: 'Бариста с нуля', amountText: '12 000 ₽', learners: ['Иванова Вера'], learningUrl: 'https://crema.example/user/courses/', receiptUrl: null },
      school,
    );
    expect(mail.subject).toBe('Заказ оплачен: Бариста с нуля');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('Заказ №\u00a0A1B2 на курс «Бариста с нуля» оплачен');
      expect(body).toContain('напишите нам через сайт: на это письмо отвечать не нужно.');
      expect(body).toContain('Отвечать на него не нужно.');
      expect(body).not.toMatch(/ответьте/i);
    }
  });

  it('tells a group member a session moved (was and now) or was cancelled, with the schedule link', () => {
    const data = { courseTitle: 'Бариста с нуля', groupTitle: 'Группа с 1 декабря', sessionTitle: 'Эспрессо', was: '05.12.2026, 18:00–20:00 (МСК)', url: 'https://crema.example/user/schedule/' };
    const moved = renderMail('group_session_changed', { ...data, now: '06.12.2026, 19:00–21:00 (МСК)' }, school);
    expect(moved.subject).toBe('Занятие перенесено: Эспрессо');
    for (const body of [moved.html, moved.text]) {
      expect(body).toContain('было 05.12.2026, 18:00–20:00 (МСК), теперь 06.12.2026, 19:00–21:00 (МСК)');
      expect(body).toContain('https://crema.example/user/schedule/');
    }
    const cancelled = renderMail('group_session_changed', { ...data, now: null }, school);
    expect(cancelled.subject).toBe('Занятие отменено: Эспрессо');
    expect(cancelled.text).toContain('(05.12.2026, 18:00–20:00 (МСК)) отменено.');
    expect(() => renderMail('group_session_changed', { ...data, now: null, url: 'javascript:alert(1)' }, school)).toThrow();
  });
});
