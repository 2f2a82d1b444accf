// The 'certificate_issued' letter (decision 0085): both links, the holder and the number, escaped.
import { describe, expect, it } from 'vitest';
import { renderMail } from '../mail/templates.ts';

const school = { name: 'Кофе & <Бариста>' };
const data = {
  courseTitle: 'Латте-арт <для всех>',
  number: 'CR-ABCD-EFGH-JKMN',
  holder: 'Иванова Ирина Петровна',
  downloadUrl: 'https://crema.example/api/user/certificates/CR-ABCD-EFGH-JKMN/pdf/',
  verifyUrl: 'https://crema.example/certificates/CR-ABCD-EFGH-JKMN/',
};

describe('certificate_issued letter', () => {
  it('gives the download and the verification links, the holder and the number, in HTML and text', () => {
    const mail = renderMail('certificate_issued', data, school);
    expect(mail.subject).toBe('Сертификат о прохождении курса: Латте-арт <для всех>');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain(data.downloadUrl);
      expect(body).toContain(data.verifyUrl);
      expect(body).toContain('Иванова Ирина Петровна');
      expect(body).toContain('CR-ABCD-EFGH-JKMN');
    }
    expect(mail.html).toContain('Скачать сертификат (PDF)');
    expect(mail.html).toContain(`href="${data.verifyUrl}"`);
    expect(mail.text).toContain('Скачать (PDF): ' + data.downloadUrl);
  });

  it('escapes the course title and the school name in HTML', () => {
    const mail = renderMail('certificate_issued', data, school);
    expect(mail.html).toContain('Латте-арт &lt;для всех&gt;');
    expect(mail.html).not.toContain('<для всех>');
    expect(mail.html).toContain('Кофе &amp; &lt;Бариста&gt;');
  });

  it('refuses links that are not web addresses', () => {
    expect(() => renderMail('certificate_issued', { ...data, verifyUrl: 'javascript:alert(1)' }, school)).toThrow(/http/);
    expect(() => renderMail('certificate_issued', { ...data, downloadUrl: 'data:text/html,x' }, school)).toThrow(/http/);
  });
});
