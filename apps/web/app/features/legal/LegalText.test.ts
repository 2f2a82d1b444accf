import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LegalText } from './LegalText.tsx';

describe('LegalText', () => {
  it('makes headings, lists and paragraphs of plain text, and never HTML from the text', () => {
    const body = '## 1. Общие положения\r\n\r\nПервая строка\nвторая строка\n\n## 2. Список\n- раз;\n- два.\n\n<b>не тег</b>';
    const html = renderToStaticMarkup(createElement(LegalText, { body }));
    expect(html).toBe(
      '<div class="legal__block"><h2>1. Общие положения</h2></div>' +
        '<div class="legal__block"><p><span>Первая строка</span><span><br/>вторая строка</span></p></div>' +
        '<div class="legal__block"><h2>2. Список</h2><ul><li>раз;</li><li>два.</li></ul></div>' +
        '<div class="legal__block"><p><span>&lt;b&gt;не тег&lt;/b&gt;</span></p></div>',
    );
  });
});
