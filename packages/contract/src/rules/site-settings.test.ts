import { describe, expect, it } from 'vitest';
import { isValidInn, isValidOgrn, legalDetailsProblems, normaliseSiteSetting, SITE_SETTING_TEXTS, SITE_SETTINGS } from './site-settings.ts';

const check = (key: string, value: string) => normaliseSiteSetting(SITE_SETTINGS.get(key)!, value);

describe('ИНН and ОГРН check digits', () => {
  it('accepts valid numbers of both lengths and refuses a wrong check digit', () => {
    expect(['7707083893', '7709123453', '500100732259'].map(isValidInn)).toEqual([true, true, true]);
    expect(['7707083894', '500100732258', '77070838931'].map(isValidInn)).toEqual([false, false, false]);
    expect(['1027700132195', '1237700123451', '304500116000157'].map(isValidOgrn)).toEqual([true, true, true]);
    expect(['1027700132196', '304500116000158', '10277001321'].map(isValidOgrn)).toEqual([false, false, false]);
  });
});

describe('normaliseSiteSetting', () => {
  it('writes phones as the site mask does', () => {
    expect(check('HEADER_PHONE', '8 (495) 120 34 56')).toEqual({ value: '+7 (495) 120-34-56' });
    expect(check('HEADER_PHONE', '4951203456')).toEqual({ value: '+7 (495) 120-34-56' });
    expect(check('HEADER_PHONE', '+7 495 12')).toEqual({ error: SITE_SETTING_TEXTS.phone });
    expect(check('HEADER_PHONE', '')).toEqual({ value: '' });
  });

  it('takes https links only, a site path where a page of the site is meant', () => {
    expect(check('FOOTER_VK_LINK', 'https://vk.com/crema')).toEqual({ value: 'https://vk.com/crema' });
    for (const bad of ['http://vk.com/crema', 'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'https://localhost', 'vk.com/crema', 'https://user:pw@vk.com/']) {
      expect(check('FOOTER_VK_LINK', bad), bad).toEqual({ error: SITE_SETTING_TEXTS.link });
    }
    expect(check('PRIVACY_POLICY_LINK', '/documents/privacy-policy/')).toEqual({ value: '/documents/privacy-policy/' });
    for (const bad of ['//evil.example/', '/\\evil.example/', '/%2F%2Fevil.example/', 'javascript:alert(1)']) expect(check('PRIVACY_POLICY_LINK', bad), bad).toEqual({ error: SITE_SETTING_TEXTS.siteLink });
  });

  it('reads codes with spaces, КПП with letters, and checks the legal details together', () => {
    expect(check('LEGAL_INN', '7709 123 453')).toEqual({ value: '7709123453' });
    expect(check('LEGAL_KPP', '7709ab001')).toEqual({ value: '7709AB001' });
    expect(check('LEGAL_OGRN', '1237700123451')).toEqual({ value: '1237700123451' });
    expect(legalDetailsProblems({ LEGAL_INN: '500100732259', LEGAL_KPP: '770901001', LEGAL_OGRN: '304500116000157' })).toEqual({ LEGAL_KPP: SITE_SETTING_TEXTS.kppForEntrepreneur });
    expect(legalDetailsProblems({ LEGAL_INN: '7709123453', LEGAL_KPP: '770901001', LEGAL_OGRN: '304500116000157' })).toEqual({ LEGAL_OGRN: SITE_SETTING_TEXTS.ogrnKind });
    expect(legalDetailsProblems({ LEGAL_INN: '7709123453', LEGAL_KPP: '770901001', LEGAL_OGRN: '1237700123451' })).toEqual({});
  });

  it('keeps the counters’ HTML as it is, only trimmed', () => {
    const html = '<script>\n  window.x = 1;\n</script>';
    expect(check('COUNTERS', `  ${html}\n`)).toEqual({ value: html });
  });
});
