import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Banner } from '@crema/contract';
import { PromoBanners } from './PromoBanners.tsx';

const image = (url: string) => ({ original: url, url, width: 720, height: 450 });
const banner = (over: Partial<Banner>): Banner => ({ id: 1, key: 'main', title: 'Весна', text: null, link: null, button_text: null, image: image('/media/desk.webp'), image_mobile: null, ...over });

describe('the home slider', () => {
  it('gives phones the banner’s phone image by the screen’s width', () => {
    const html = renderToStaticMarkup(createElement(PromoBanners, { banners: [banner({ image_mobile: image('/media/phone.webp') })] }));
    expect(html).toContain('<picture><source media="(max-width: 767px)" srcSet="/media/phone.webp"/><img class="promo__image" src="/media/desk.webp"');
  });

  it('keeps one image without a phone image, and shows the phone image when it is the only one', () => {
    const one = renderToStaticMarkup(createElement(PromoBanners, { banners: [banner({})] }));
    expect(one).not.toContain('<picture>');
    expect(one).toContain('src="/media/desk.webp"');
    const phoneOnly = renderToStaticMarkup(createElement(PromoBanners, { banners: [banner({ image: null, image_mobile: image('/media/phone.webp') })] }));
    expect(phoneOnly).toContain('src="/media/phone.webp"');
  });
});
