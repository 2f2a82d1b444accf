import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SVEDEN_SECTIONS } from '@crema/contract';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedSveden } from '../db/seed/sveden.ts';
import { svedenContent } from '../db/seed/data/sveden.ts';
import { createTestDatabase } from '../test/app.ts';
import { buildCourse, buildTeacher, setConfig } from '../test/factories.ts';
import { loadWebBuild, mountWeb } from './ssr.ts';

// 'Сведения об образовательной организации' as the supervisors' robots read it (decision 0042):
// each subsection rendered by the server, parsed, and its `itemprop` microdata checked against the
// seeded values, wrapping properties around their children (`npm test` builds the site first).
const build = await loadWebBuild();
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTENT_CACHE_TTL_MS: '0', PAGE_CACHE_TTL_MS: '0' });

let app: FastifyInstance;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await setConfig(db, { SITE_NAME: 'Crema' });
  await seedSveden(db);
  const course = await buildCourse(db, { title: 'Бариста с нуля', slug: 'barista-s-nulya', durationText: '4 недели' });
  await buildTeacher(db, { lastName: 'Орлов', firstName: 'Дмитрий', position: 'Q-грейдер', courseIds: [course.id] });
  app = await buildApp({ config, db: database.db, pool: database.pool, web: mountWeb(build) });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** An element carrying `itemprop`: its text, its link, and the itemprops of the elements around it. */
interface Item {
  prop: string;
  text: string;
  href: string | null;
  within: string[];
}
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
const attr = (attrs: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(attrs);
  return match ? decode(match[1]!) : null;
};

/** A small, strict reader of React's server HTML: well-formed tags, scripts skipped. */
function microdata(html: string): Item[] {
  const items: Item[] = [];
  const stack: { tag: string; item: (Item & { parts: string[] }) | null }[] = [];
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s[^>]*)?)>|<!--[\s\S]*?-->/g;
  let at = 0;
  const addText = (text: string) => {
    for (const entry of stack) entry.item?.parts.push(text);
  };
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    addText(html.slice(at, match.index));
    at = tag.lastIndex;
    if (match[0].startsWith('<!--')) continue;
    const [, closing, rawName, attrs = ''] = match;
    const name = rawName!.toLowerCase();
    if (closing) {
      const open = stack.pop();
      expect(open?.tag, `</${name}> closes <${open?.tag}>`).toBe(name);
      if (open?.item) items.push({ ...open.item, text: decode(open.item.parts.join('')).replace(/\s+/g, ' ').trim() });
      continue;
    }
    if (name === 'script' || name === 'style') {
      const end = html.indexOf(`</${name}>`, at);
      at = end + name.length + 3;
      tag.lastIndex = at;
      continue;
    }
    if (VOID.has(name) || attrs.endsWith('/')) continue;
    const prop = attr(attrs, 'itemProp') ?? attr(attrs, 'itemprop');
    const within = stack.flatMap((s) => (s.item ? [s.item.prop] : []));
    stack.push({ tag: name, item: prop ? { prop, text: '', href: attr(attrs, 'href'), within, parts: [] } : null });
  }
  return items;
}

const page = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(res.statusCode, url).toBe(200);
  return { html: res.body, items: microdata(res.body) };
};
const values = (items: Item[], prop: string) => items.filter((i) => i.prop === prop).map((i) => i.text);

describe('/sveden/', () => {
  it('lists every subsection by its standard address, and the footer links to the section', async () => {
    const { html } = await page('/sveden/');
    for (const { key, title } of SVEDEN_SECTIONS) {
      expect(html).toContain(`href="/sveden/${key}/"`);
      expect(html).toContain(title);
    }
    expect(html).toContain('<a href="/sveden/">Сведения об образовательной организации</a>');
  });

  it('renders every subsection with the shared navigation, the empty ones saying so', async () => {
    for (const { key } of SVEDEN_SECTIONS) {
      const { html } = await page(`/sveden/${key}/`);
      expect(html.match(/<nav class="sveden-nav[^"]*"/g), key).toHaveLength(1);
      for (const other of SVEDEN_SECTIONS) expect(html, key).toContain(`href="/sveden/${other.key}/"`);
      expect(html, key).toMatch(new RegExp(`<a [^>]*aria-current="page" href="/sveden/${key}/"`));
      if (!svedenContent[key] && key !== 'education' && key !== 'employees') expect(html, key).toContain('Информация отсутствует.');
    }
    expect((await app.inject({ method: 'GET', url: '/sveden/nothing/' })).statusCode).toBe(404);
  });

  it('carries the seeded values of each subsection under their itemprops, wrappers around their children', async () => {
    for (const [key, content] of Object.entries(svedenContent)) {
      const { items } = await page(`/sveden/${key}/`);
      for (const fact of content.facts ?? []) expect(values(items, fact.itemprop), `${key} ${fact.itemprop}`).toContain(fact.value);
      for (const group of content.groups ?? []) {
        expect(items.some((i) => i.prop === group.itemprop), `${key} ${group.itemprop}`).toBe(true);
        for (const fact of group.facts) {
          const child = items.find((i) => i.prop === fact.itemprop && i.text === fact.value && i.within.includes(group.itemprop));
          expect(child, `${key} ${group.itemprop} → ${fact.itemprop}`).toBeDefined();
        }
      }
      for (const doc of content.documents ?? []) {
        const link = items.find((i) => i.prop === doc.itemprop && i.text === doc.title);
        expect(link?.href, `${key} ${doc.itemprop}`).toBe(doc.url);
      }
      for (const ref of content.add_refs ?? []) expect(items.find((i) => i.prop === 'addRef' && i.text === ref.title)?.href).toBe(ref.url);
    }
  });

  it('gives Основные сведения every required property', async () => {
    const { items } = await page('/sveden/common/');
    for (const prop of ['fullName', 'shortName', 'regDate', 'address', 'workTime', 'telephone', 'email', 'licenseDocLink', 'accreditationDocLink', 'uchredLaw', 'nameUchred', 'addressUchred', 'telUchred', 'mailUchred', 'websiteUchred']) {
      expect(values(items, prop).length, prop).toBeGreaterThan(0);
    }
    expect(values(items, 'shortName')).toEqual(['ООО «Крема Эдьюкейшн»']);
    expect(values(items, 'email')).toEqual(['hello@crema.school']);
  });

  it('fills Образование and Педагогический состав from the published courses and their teachers', async () => {
    const education = (await page('/sveden/education/')).items;
    const programme = education.find((i) => i.prop === 'eduName');
    expect(programme).toMatchObject({ text: 'Бариста с нуля', href: '/courses/barista-s-nulya/', within: ['eduOp'] });
    for (const prop of ['eduLevel', 'eduForm', 'learningTerm', 'language']) expect(education.find((i) => i.prop === prop)?.within, prop).toEqual(['eduOp']);
    expect(values(education, 'learningTerm')).toEqual(['4 недели']);
    const staff = (await page('/sveden/employees/')).items;
    expect(staff.find((i) => i.prop === 'fio')).toMatchObject({ text: 'Орлов Дмитрий', within: ['teachingStaff'] });
    expect(values(staff, 'post')).toEqual(['Q-грейдер']);
    expect(values(staff, 'teachingOp')).toEqual(['Бариста с нуля']);
  });
});
