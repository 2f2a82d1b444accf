// The audit trail: every change staff and course owners make through the API is recorded in the
// change's own transaction, with who, when, from where and the changed fields (personal data
// masked); staff read it with filters; records older than the retention go.
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOT_AN_OWNER, NOT_SIGNED_IN, NOT_STAFF } from '../auth/plugin.ts';
import { auditEvents, curators, payments } from '../../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildApplication, buildAttribute, buildBanner, buildCategory, buildCertificate, buildCourse, buildEnrolment, buildGroup, buildOrder, buildOwner, buildReview, buildSubsection, buildTeacher, buildUser, signInAs, unique, type TestSession } from '../../test/factories.ts';
import { changedFields, journalFields, maskEmail } from './record.ts';
import { pruneAuditEvents } from './journal.ts';

let t: TestContext;
const db = () => t.database.db;
let owner: { id: number; email: string; session: TestSession };
let staff: { id: number; session: TestSession };
let student: TestSession;
let categoryId: number;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, session: Pick<TestSession, 'headers'>, payload?: unknown) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function newest() {
  const [row] = await db().select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  const o = await buildOwner(db());
  owner = { id: o.id, email: o.email, session: await signInAs(t.app, o) };
  const s = await buildUser(db(), { isStaff: true });
  staff = { id: s.id, session: await signInAs(t.app, s) };
  student = await signInAs(t.app, await buildUser(db()));
  categoryId = (await buildCategory(db())).id;
});
afterAll(async () => {
  await t?.close();
});

describe('what a record keeps', () => {
  it('keeps only the fields that changed, with personal data masked and secrets left out', () => {
    const before = journalFields({ title: 'Старое', email: 'ivan@mail.ru', phone: '+79161234567', token: 'secret', updatedAt: new Date(0) });
    const after = journalFields({ title: 'Новое', email: 'ivan@mail.ru', phone: '+79161234599', token: 'other', updatedAt: new Date() });
    expect(changedFields(before, after)).toEqual({ before: { title: 'Старое', phone: '•••67' }, after: { title: 'Новое', phone: '•••99' } });
    expect(journalFields({ passportNumber: '123456', lastName: 'Иванов', birthDate: '1990-01-01' })).toEqual({
      passport_number: '•••',
      last_name: '•••',
      birth_date: '•••',
    });
    expect(maskEmail('ivan@mail.ru')).toBe('i•••@mail.ru');
    expect(journalFields({ description: 'а'.repeat(1000) })!.description).toMatch(/^а{300}… \(1000 симв\.\)$/);
  });
});

describe('every change through the API is recorded', () => {
  it('records each audited route of the builder, "Сведения" and documents with the action it declares', async () => {
    const declared = new Map(
      t.app.routeAccess.filter((r) => typeof r.audit === 'string').map((r) => [`${r.method} ${r.url}`, r.audit as string]),
    );
    const seen = new Set<string>();
    /** Calls a route, expects success, and checks the newest record is this route's action by this actor. */
    const step = async (method: Method, pattern: string, url: string, session: { id: number; session: TestSession }, payload?: unknown) => {
      const res = await call(method, url, session.session, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      const action = declared.get(`${method} /api${pattern}`);
      expect(action, `${method} ${pattern} declares config.audit`).toBeDefined();
      const row = await newest();
      expect(row, `${method} ${url}`).toMatchObject({ action, actorId: session.id, ip: '127.0.0.1' });
      seen.add(`${method} /api${pattern}`);
      return res.body ? res.json() : undefined;
    };

    const course = await step('POST', '/admin/courses/', '/api/admin/courses/', owner, { title: `Аудит ${unique('c')}`, category_id: categoryId });
    await step('PATCH', '/admin/courses/:id/', `/api/admin/courses/${course.id}/`, owner, { price: 150_000 });
    expect(await newest()).toMatchObject({ courseId: course.id, before: { price_kopecks: null }, after: { price_kopecks: 150_000 } });
    const m1 = await step('POST', '/admin/courses/:id/modules/', `/api/admin/courses/${course.id}/modules/`, owner, { title: 'Первый' });
    const m2 = await step('POST', '/admin/courses/:id/modules/', `/api/admin/courses/${course.id}/modules/`, owner, { title: 'Второй' });
    await step('POST', '/admin/courses/:id/modules/set-order/', `/api/admin/courses/${course.id}/modules/set-order/`, owner, { order: [m2.id, m1.id] });
    await step('PATCH', '/admin/modules/:id/', `/api/admin/modules/${m1.id}/`, owner, { title: 'Первый модуль' });
    expect(await newest()).toMatchObject({ before: { title: 'Первый' }, after: { title: 'Первый модуль' } });
    const l1 = await step('POST', '/admin/modules/:id/lessons/', `/api/admin/modules/${m1.id}/lessons/`, owner, { title: 'Урок 1' });
    const l2 = await step('POST', '/admin/modules/:id/lessons/', `/api/admin/modules/${m1.id}/lessons/`, owner, { title: 'Урок 2' });
    const t1 = await step('POST', '/admin/modules/:id/tests/', `/api/admin/modules/${m1.id}/tests/`, owner, { name: 'Тест 1' });
    await step('POST', '/admin/modules/:id/lessons/set-order/', `/api/admin/modules/${m1.id}/lessons/set-order/`, owner, { order: [l2.id, l1.id] });
    await step('POST', '/admin/modules/:id/tests/set-order/', `/api/admin/modules/${m1.id}/tests/set-order/`, owner, { order: [t1.id] });
    await step('POST', '/admin/modules/:id/content/set-order/', `/api/admin/modules/${m1.id}/content/set-order/`, owner, {
      order: [
        { type: 'lesson', id: l1.id },
        { type: 'test', id: t1.id },
        { type: 'lesson', id: l2.id },
      ],
    });
    await step('PATCH', '/admin/lessons/:id/', `/api/admin/lessons/${l1.id}/`, owner, { title: 'Урок первый', is_published: true });
    const opened = (await call('GET', `/api/admin/lessons/${l1.id}/blocks/`, owner.session)).json();
    await step('PUT', '/admin/lessons/:id/blocks/', `/api/admin/lessons/${l1.id}/blocks/`, owner, {
      updated_at: opened.updated_at,
      pages: [[{ data: { type: 'text', html: '<p>Эспрессо</p>' } }]],
    });
    expect(await newest()).toMatchObject({ entity: 'lesson', entityId: String(l1.id), after: { pages: 1, blocks: 1, removed: 0 } });
    await step('POST', '/admin/lessons/:id/duplicate/', `/api/admin/lessons/${l1.id}/duplicate/`, owner, {});
    await step('DELETE', '/admin/lessons/:id/', `/api/admin/lessons/${l2.id}/`, owner);
    await step('PATCH', '/admin/tests/:id/', `/api/admin/tests/${t1.id}/`, owner, { name: 'Тест первый' });
    const q = await step('POST', '/admin/tests/:id/questions/', `/api/admin/tests/${t1.id}/questions/`, owner, {
      text: 'Сколько граммов кофе в эспрессо?',
      answers: [{ text: '7–9', is_correct: true }, { text: '20' }],
    });
    await step('POST', '/admin/tests/:id/questions/set-order/', `/api/admin/tests/${t1.id}/questions/set-order/`, owner, { order: [q.id] });
    await step('PATCH', '/admin/tests/:id/questions/:qid/', `/api/admin/tests/${t1.id}/questions/${q.id}/`, owner, { text: 'Сколько граммов кофе в порции эспрессо?' });
    expect(await newest()).toMatchObject({ before: { text: 'Сколько граммов кофе в эспрессо?' }, after: { text: 'Сколько граммов кофе в порции эспрессо?' } });
    const withAnswer = await step('POST', '/admin/tests/:id/questions/:qid/answers/', `/api/admin/tests/${t1.id}/questions/${q.id}/answers/`, owner, { text: '30' });
    const added = withAnswer.answers.at(-1);
    await step('DELETE', '/admin/tests/:id/questions/:qid/answers/:aid/', `/api/admin/tests/${t1.id}/questions/${q.id}/answers/${added.id}/`, owner);
    await step('POST', '/admin/tests/:id/duplicate/', `/api/admin/tests/${t1.id}/duplicate/`, owner, {});
    await step('DELETE', '/admin/tests/:id/questions/:qid/', `/api/admin/tests/${t1.id}/questions/${q.id}/`, owner);
    await step('POST', '/admin/courses/:id/tests/', `/api/admin/courses/${course.id}/tests/`, owner, { name: 'Итоговый тест' });
    await step('DELETE', '/admin/tests/:id/', `/api/admin/tests/${t1.id}/`, owner);
    const link = await step('POST', '/admin/courses/:id/links/', `/api/admin/courses/${course.id}/links/`, owner, { title: 'Для партнёров' });
    const linkRecord = await newest();
    expect(JSON.stringify(linkRecord!.after)).not.toContain(link.url.split('/').at(-2));
    await step('PATCH', '/admin/courses/:id/links/:linkId/', `/api/admin/courses/${course.id}/links/${link.id}/`, owner, { is_active: false });
    const invited = `guest-${unique('a')}@example.ru`;
    await step('POST', '/admin/courses/:id/audience/', `/api/admin/courses/${course.id}/audience/`, owner, { email: invited });
    expect(await newest()).toMatchObject({ after: { email: maskEmail(invited) } });
    const audience = (await call('GET', `/api/admin/courses/${course.id}/audience/`, owner.session)).json();
    await step('DELETE', '/admin/courses/:id/audience/pending/:grantId/', `/api/admin/courses/${course.id}/audience/pending/${audience.pending[0].id}/`, owner);
    const learner = await buildUser(db());
    const enrolment = await buildEnrolment(db(), { userId: learner.id, courseId: course.id });
    await step('DELETE', '/admin/courses/:id/audience/:userCourseId/', `/api/admin/courses/${course.id}/audience/${enrolment.id}/`, owner);
    const copy = await step('POST', '/admin/courses/:id/duplicate/', `/api/admin/courses/${course.id}/duplicate/`, owner);
    await step('DELETE', '/admin/modules/:id/', `/api/admin/modules/${m2.id}/`, owner);
    await step('DELETE', '/admin/courses/:id/', `/api/admin/courses/${copy.id}/`, owner);

    await step('PUT', '/sveden/common/', '/api/sveden/common/', staff, { facts: [{ itemprop: 'fullName', label: 'Полное наименование', value: 'ООО «Аудит»' }] });
    expect(await newest()).toMatchObject({ actorRole: 'staff', entity: 'sveden', entityId: 'common' });
    await step('POST', '/admin/documents/', '/api/admin/documents/', staff, { kind: 'privacy_policy', title: 'Политика конфиденциальности', body: '## Новая редакция' });
    const person = await buildUser(db());
    await step('PATCH', '/admin/school/people/:id/roles/', `/api/admin/school/people/${person.id}/roles/`, staff, { is_course_owner: true });
    await step('POST', '/admin/school/people/:id/block/', `/api/admin/school/people/${person.id}/block/`, staff, { reason: 'Проверка журнала' });
    expect(await newest()).toMatchObject({ entity: 'person', entityId: String(person.id), summary: maskEmail(person.email), after: { blocked: true } });
    await step('POST', '/admin/school/people/:id/unblock/', `/api/admin/school/people/${person.id}/unblock/`, staff);
    await step('POST', '/admin/school/people/:id/courses/', `/api/admin/school/people/${person.id}/courses/`, staff, { course_id: course.id });
    expect(await newest()).toMatchObject({ entity: 'enrolment', courseId: course.id, after: { is_active: true, access_until: null } });
    await step('POST', '/admin/school/people/:id/export/', `/api/admin/school/people/${person.id}/export/`, staff, { reason: 'Обращение по почте' });
    await step('POST', '/admin/school/people/:id/delete/', `/api/admin/school/people/${person.id}/delete/`, staff, { reason: 'Заявление' });
    expect(await newest()).toMatchObject({ action: 'person.delete', entity: 'person', summary: maskEmail(person.email) });

    // Groups and their timetables (decision 0064).
    await call('PATCH', `/api/admin/courses/${course.id}/`, owner.session, { is_published: true });
    const group = await step('POST', '/admin/school/groups/', '/api/admin/school/groups/', staff, {
      course_id: course.id,
      title: 'Группа журнала',
      starts_on: '2031-03-01',
      format: 'offline',
      location: 'Москва, Покровка, 27',
      capacity: 5,
    });
    expect(await newest()).toMatchObject({ entity: 'group', entityId: String(group.id), courseId: course.id });
    await step('PATCH', '/admin/school/groups/:id/', `/api/admin/school/groups/${group.id}/`, staff, {
      version: group.version,
      title: 'Группа журнала, вечер',
      starts_on: '2031-03-01',
      format: 'offline',
      location: 'Москва, Покровка, 27',
      capacity: 5,
    });
    const withSession = await step('POST', '/admin/school/groups/:id/sessions/', `/api/admin/school/groups/${group.id}/sessions/`, staff, {
      title: 'Занятие 1',
      date: '2031-03-01',
      starts: '18:00',
      ends: '20:00',
    });
    const sessionId = withSession.sessions[0].id;
    await step('PATCH', '/admin/school/groups/:id/sessions/:sessionId/', `/api/admin/school/groups/${group.id}/sessions/${sessionId}/`, staff, {
      title: 'Занятие 1',
      date: '2031-03-02',
      starts: '18:00',
      ends: '20:00',
    });
    await step('POST', '/admin/school/groups/:id/publish/', `/api/admin/school/groups/${group.id}/publish/`, staff);
    const member = await buildUser(db());
    await step('POST', '/admin/school/groups/:id/members/', `/api/admin/school/groups/${group.id}/members/`, staff, { email: member.email });
    expect(await newest()).toMatchObject({ entity: 'enrolment', summary: `Группа журнала, вечер — ${maskEmail(member.email)}` });
    const second = await step('POST', '/admin/school/groups/', '/api/admin/school/groups/', staff, {
      course_id: course.id,
      title: 'Вторая группа журнала',
      starts_on: '2031-04-01',
      format: 'online',
      online_url: 'https://meet.example.ru/journal',
    });
    const members = (await call('GET', `/api/admin/school/groups/${group.id}/members/`, staff.session)).json();
    const userCourseId = members.members[0].user_course_id;
    await step('POST', '/admin/school/groups/:id/members/:userCourseId/move/', `/api/admin/school/groups/${group.id}/members/${userCourseId}/move/`, staff, { group_id: second.id });
    await step('DELETE', '/admin/school/groups/:id/members/:userCourseId/', `/api/admin/school/groups/${second.id}/members/${userCourseId}/`, staff);
    await step('DELETE', '/admin/school/groups/:id/sessions/:sessionId/', `/api/admin/school/groups/${group.id}/sessions/${sessionId}/`, staff);
    await step('POST', '/admin/school/groups/:id/close/', `/api/admin/school/groups/${group.id}/close/`, staff);

    // Orders (decision 0065): the bank's Cancel answers as the provider would.
    const payer = await buildUser(db());
    const paidOrder = await buildOrder(db(), { userId: payer.id, courseId: course.id, status: 'paid', paidAt: new Date() });
    await db().insert(payments).values({ orderId: paidOrder.id, provider: 'testbank', attemptId: unique('attempt'), providerPaymentId: unique('pid'), status: 'confirmed', providerStatus: 'CONFIRMED', amountKopecks: paidOrder.amountKopecks });
    const cancelAtBank = vi.spyOn(t.app.orders.provider!, 'cancelPayment').mockResolvedValue({ providerPaymentId: '1', attemptId: 'a', amountKopecks: paidOrder.amountKopecks, providerStatus: 'REFUNDED', state: 'refunded' });
    await step('POST', '/admin/school/orders/:id/refund/', `/api/admin/school/orders/${paidOrder.id}/refund/`, staff, { reason: 'Проверка журнала' });
    cancelAtBank.mockRestore();
    expect(await newest()).toMatchObject({ entity: 'order', entityId: String(paidOrder.id), courseId: course.id, after: { amount: paidOrder.amountKopecks, full: true } });
    const unpaid = await buildOrder(db(), { userId: payer.id, courseId: course.id });
    await step('POST', '/admin/school/orders/:id/resend-link/', `/api/admin/school/orders/${unpaid.id}/resend-link/`, staff);
    expect(await newest()).toMatchObject({ after: { email: maskEmail(unpaid.payerEmail) } });
    await step('POST', '/admin/school/orders/:id/cancel/', `/api/admin/school/orders/${unpaid.id}/cancel/`, staff);
    const invoiced = await buildOrder(db(), { userId: payer.id, courseId: course.id });
    await step('POST', '/admin/school/orders/:id/offline-payment/', `/api/admin/school/orders/${invoiced.id}/offline-payment/`, staff, { method: 'invoice', paid_on: '2026-11-20', document_number: 'С-1' });
    const application = await buildApplication(db(), { courseId: course.id });
    await step('POST', '/admin/school/applications/:id/status/', `/api/admin/school/applications/${application.id}/status/`, staff, { status: 'in_work' });
    expect(await newest()).toMatchObject({ entity: 'application', entityId: String(application.id), courseId: course.id, before: { status: 'new' }, after: { status: 'in_work' } });
    await step('POST', '/admin/school/applications/:id/assign/', `/api/admin/school/applications/${application.id}/assign/`, staff, { assignee_id: null });
    await step('POST', '/admin/school/applications/:id/notes/', `/api/admin/school/applications/${application.id}/notes/`, staff, { text: 'Перезвонить вечером' });
    expect(JSON.stringify(await newest())).not.toContain('Перезвонить');
    const promo = await step('POST', '/admin/school/promo/', '/api/admin/school/promo/', staff, { code: unique('aud').replace(/[^A-Za-z0-9]/g, ''), kind: 'percent', percent: 10 });
    expect(await newest()).toMatchObject({ entity: 'promo', entityId: String(promo.id), action: 'promo.create', after: { percent: 10 } });
    await step('PATCH', '/admin/school/promo/:id/', `/api/admin/school/promo/${promo.id}/`, staff, { percent: 15 });
    expect(await newest()).toMatchObject({ action: 'promo.update', before: { percent: 10 }, after: { percent: 15 } });
    await step('POST', '/admin/school/promo/:id/disable/', `/api/admin/school/promo/${promo.id}/disable/`, staff);
    expect(await newest()).toMatchObject({ action: 'promo.disable', after: { is_active: false } });
    const post = await step('POST', '/admin/school/site/posts/', '/api/admin/school/site/posts/', staff, { kind: 'post', title: 'Журнал', slug: unique('audit-post').toLowerCase().replace(/[^a-z0-9-]/g, '-'), blocks: [] });
    expect(await newest()).toMatchObject({ entity: 'post', entityId: String(post.id), action: 'post.create' });
    const postUrl = `/api/admin/school/site/posts/${post.id}/`;
    const edited = await step('PUT', '/admin/school/site/posts/:id/', postUrl, staff, { updated_at: post.updated_at, title: 'Журнал 2', slug: post.slug, blocks: [] });
    expect(await newest()).toMatchObject({ before: { title: 'Журнал' }, after: { title: 'Журнал 2' } });
    const live = await step('POST', '/admin/school/site/posts/:id/publish/', `${postUrl}publish/`, staff, { updated_at: edited.updated_at });
    const later = await step('POST', '/admin/school/site/posts/:id/schedule/', `${postUrl}schedule/`, staff, { updated_at: live.updated_at, date: '2099-01-01', time: '10:00' });
    await step('POST', '/admin/school/site/posts/:id/unpublish/', `${postUrl}unpublish/`, staff, { updated_at: later.updated_at });
    await step('DELETE', '/admin/school/site/posts/:id/', postUrl, staff);

    // The site's banners and menus (decision 0071).
    const banner = await step('POST', '/admin/school/site/banners/', '/api/admin/school/site/banners/', staff, { key: 'main', title: 'Весна в школе' });
    expect(await newest()).toMatchObject({ entity: 'banner', entityId: String(banner.id), action: 'banner.create', after: { title: 'Весна в школе' } });
    await step('PATCH', '/admin/school/site/banners/:id/', `/api/admin/school/site/banners/${banner.id}/`, staff, { version: banner.version, title: 'Лето в школе' });
    expect(await newest()).toMatchObject({ before: { title: 'Весна в школе' }, after: { title: 'Лето в школе' } });
    const laterBanner = await buildBanner(db(), { key: 'main', sort: 5 });
    await step('PUT', '/admin/school/site/banners/order/', '/api/admin/school/site/banners/order/', staff, { key: 'main', order: [laterBanner.id, banner.id] });
    await step('DELETE', '/admin/school/site/banners/:id/', `/api/admin/school/site/banners/${banner.id}/`, staff);
    let menu = await step('POST', '/admin/school/site/menus/:key/items/', '/api/admin/school/site/menus/footer_menu/items/', staff, { version: 1, title: 'Блог', type: 'direct_link', url: '/blog/' });
    expect(await newest()).toMatchObject({ entity: 'menu', entityId: 'footer_menu', action: 'menu.item_create', after: { title: 'Блог', url: '/blog/' } });
    const item = menu.items[0];
    menu = await step('PATCH', '/admin/school/site/menus/:key/items/:id/', `/api/admin/school/site/menus/footer_menu/items/${item.id}/`, staff, { version: menu.version, title: 'Журнал', type: 'direct_link', url: '/blog/' });
    menu = await step('POST', '/admin/school/site/menus/:key/items/', '/api/admin/school/site/menus/footer_menu/items/', staff, { version: menu.version, title: 'Курсы', type: 'direct_link', url: '/courses/' });
    const courses = menu.items[1];
    menu = await step('PUT', '/admin/school/site/menus/:key/order/', '/api/admin/school/site/menus/footer_menu/order/', staff, { version: menu.version, items: [{ id: courses.id, parent_id: null }, { id: item.id, parent_id: courses.id }] });
    expect(await newest()).toMatchObject({ action: 'menu.reorder', after: { order: 'Курсы; Журнал ⊂ Курсы' } });
    await step('DELETE', '/admin/school/site/menus/:key/items/:id/', `/api/admin/school/site/menus/footer_menu/items/${item.id}/?version=${menu.version}`, staff);
    expect(await newest()).toMatchObject({ action: 'menu.item_delete', before: { title: 'Журнал' } });
    // Site settings: the changed keys only.
    await step('PUT', '/admin/school/site/settings/', '/api/admin/school/site/settings/', staff, { values: { FOOTER_PHONE_2: '8 800 350 12 35' }, versions: { FOOTER_PHONE_2: 0 } });
    expect(await newest()).toMatchObject({ action: 'settings.update', entity: 'settings', before: { footer_phone_2: '' }, after: { footer_phone_2: '+7 (800) 350-12-35' } });
    // The catalogue's dictionaries (decision 0072).
    const root = '/admin/school/site/catalog';
    const cat = await step('POST', `${root}/categories/`, `/api${root}/categories/`, staff, { name: 'Аудит', slug: unique('aud-cat'), audience: 'adult' });
    expect(await newest()).toMatchObject({ entity: 'category', entityId: String(cat.id), after: { name: 'Аудит' } });
    await step('PATCH', `${root}/categories/:id/`, `/api${root}/categories/${cat.id}/`, staff, { name: 'Аудит 2', slug: cat.slug, audience: 'adult', updated_at: cat.updated_at });
    expect(await newest()).toMatchObject({ action: 'category.update', before: { name: 'Аудит' }, after: { name: 'Аудит 2' } });
    const cats = (await call('GET', `/api${root}/categories/`, staff.session)).json() as { id: number }[];
    await step('PUT', `${root}/categories/order/`, `/api${root}/categories/order/`, staff, { ids: cats.map((c) => c.id).reverse() });
    await step('DELETE', `${root}/categories/:id/`, `/api${root}/categories/${cat.id}/`, staff);
    const col = await step('POST', `${root}/collections/`, `/api${root}/collections/`, staff, { title: 'Аудит', slug: unique('aud-col'), course_ids: [course.id] });
    expect(await newest()).toMatchObject({ entity: 'collection', after: { courses: [course.title] } });
    await step('PATCH', `${root}/collections/:id/`, `/api${root}/collections/${col.id}/`, staff, { title: 'Аудит 2', slug: col.slug, course_ids: [] });
    expect(await newest()).toMatchObject({ action: 'collection.update', before: { courses: [course.title] }, after: { courses: [] } });
    await buildSubsection(db());
    const cols = (await call('GET', `/api${root}/collections/`, staff.session)).json() as { id: number }[];
    await step('PUT', `${root}/collections/order/`, `/api${root}/collections/order/`, staff, { ids: cols.map((c) => c.id).reverse() });
    const attr = await step('POST', `${root}/attributes/`, `/api${root}/attributes/`, staff, { name: 'Аудит', slug: unique('aud-attr'), type: 'list', is_filter: true });
    await step('PATCH', `${root}/attributes/:id/`, `/api${root}/attributes/${attr.id}/`, staff, { name: 'Аудит 2', slug: attr.slug, type: 'list' });
    const withValue = await step('POST', `${root}/attributes/:id/values/`, `/api${root}/attributes/${attr.id}/values/`, staff, { value: 'Один' });
    await step('POST', `${root}/attributes/:id/values/`, `/api${root}/attributes/${attr.id}/values/`, staff, { value: 'Два' });
    const valueId = withValue.values[0].id as number;
    await step('PATCH', `${root}/attributes/:id/values/:valueId/`, `/api${root}/attributes/${attr.id}/values/${valueId}/`, staff, { value: 'Первый' });
    expect(await newest()).toMatchObject({ action: 'attribute.value_update', before: { value: 'Один' }, after: { value: 'Первый' } });
    const values = ((await call('GET', `/api${root}/attributes/${attr.id}/`, staff.session)).json() as { values: { id: number }[] }).values;
    await step('PUT', `${root}/attributes/:id/values/order/`, `/api${root}/attributes/${attr.id}/values/order/`, staff, { ids: values.map((v) => v.id).reverse() });
    await step('PUT', '/admin/courses/:id/catalog/', `/api/admin/courses/${course.id}/catalog/`, owner, { attributes: [{ attribute_id: attr.id, value_id: valueId }], collection_ids: [col.id] });
    expect(await newest()).toMatchObject({ entity: 'course', courseId: course.id, after: { attributes: ['Аудит 2: Первый'], collections: ['Аудит 2'] } });
    await step('PUT', '/admin/courses/:id/catalog/', `/api/admin/courses/${course.id}/catalog/`, owner, { attributes: [], collection_ids: [] });
    await step('DELETE', `${root}/attributes/:id/values/:valueId/`, `/api${root}/attributes/${attr.id}/values/${valueId}/`, staff);
    await buildAttribute(db());
    const attrs = (await call('GET', `/api${root}/attributes/`, staff.session)).json() as { id: number }[];
    await step('PUT', `${root}/attributes/order/`, `/api${root}/attributes/order/`, staff, { ids: attrs.map((a) => a.id).reverse() });
    await step('DELETE', `${root}/attributes/:id/`, `/api${root}/attributes/${attr.id}/`, staff);
    await step('DELETE', `${root}/collections/:id/`, `/api${root}/collections/${col.id}/`, staff);
    // The site: teachers and reviews (decision 0073).
    const teacher = await step('POST', '/admin/school/site/teachers/', '/api/admin/school/site/teachers/', staff, { first_name: 'Мария', last_name: unique('Аудитова') });
    expect(await newest()).toMatchObject({ entity: 'teacher', entityId: String(teacher.id), action: 'teacher.create' });
    await step('PATCH', '/admin/school/site/teachers/:id/', `/api/admin/school/site/teachers/${teacher.id}/`, staff, { first_name: 'Мира', last_name: teacher.last_name, version: 1 });
    await buildTeacher(db());
    const order = ((await call('GET', '/api/admin/school/site/teachers/', staff.session)).json() as { id: number }[]).map((x) => x.id).reverse();
    await step('PUT', '/admin/school/site/teachers/order/', '/api/admin/school/site/teachers/order/', staff, { ids: order });
    await step('DELETE', '/admin/school/site/teachers/:id/', `/api/admin/school/site/teachers/${teacher.id}/`, staff);
    const review = await buildReview(db(), { status: 'new' });
    await step('PATCH', '/admin/school/site/reviews/:id/', `/api/admin/school/site/reviews/${review.id}/`, staff, { version: 1, text: 'Исправленный текст.' });
    await step('POST', '/admin/school/site/reviews/:id/publish/', `/api/admin/school/site/reviews/${review.id}/publish/`, staff, { version: 2 });
    await step('POST', '/admin/school/site/reviews/:id/reply/', `/api/admin/school/site/reviews/${review.id}/reply/`, staff, { version: 3, reply: 'Спасибо!' });
    await step('POST', '/admin/school/site/reviews/:id/hide/', `/api/admin/school/site/reviews/${review.id}/hide/`, staff, { version: 4 });
    expect(await newest()).toMatchObject({ entity: 'review', entityId: String(review.id), before: { status: 'published' }, after: { status: 'hidden' } });

    // Certificates (decision 0085): the course's settings, a revoke, a reissue after a name change.
    await step('PUT', '/admin/courses/:id/certificate/', `/api/admin/courses/${course.id}/certificate/`, owner, {
      enabled: true,
      rule: 'all_done',
      title: 'Сертификат о прохождении курса',
      hours: 16,
      school_details: 'ООО «Крема»',
      signature_image: null,
      stamp_image: null,
      background_image: null,
    });
    const revoked = await buildCertificate(db(), { courseId: course.id, userId: (await buildUser(db(), { lastName: 'Соколова', firstName: 'Анна' })).id });
    await step('POST', '/admin/courses/:id/certificates/:certificateId/revoke/', `/api/admin/courses/${course.id}/certificates/${revoked.id}/revoke/`, owner, { reason: 'Проверка журнала' });
    const renamed = await buildUser(db(), { lastName: 'Орлова', firstName: 'Анна' });
    const replaced = await buildCertificate(db(), { courseId: course.id, userId: renamed.id, lastName: 'Соколова', firstName: 'Анна' });
    await step('POST', '/admin/courses/:id/certificates/:certificateId/reissue/', `/api/admin/courses/${course.id}/certificates/${replaced.id}/reissue/`, owner);

    // Attendance (decision 0088): a curator of the course saves a session's list.
    const pupil = await buildEnrolment(db(), { userId: (await buildUser(db())).id, courseId: course.id });
    const marked = await buildGroup(db(), { courseId: course.id, memberIds: [pupil.id], sessions: [{ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 3_600_000) }] });
    const curatorUser = await buildUser(db(), { isCurator: true });
    await db().insert(curators).values({ userId: curatorUser.id, courseId: course.id });
    const curator = { id: curatorUser.id, session: await signInAs(t.app, curatorUser) };
    await step('PUT', '/curator/groups/:id/sessions/:sessionId/', `/api/curator/groups/${marked.id}/sessions/${marked.sessions[0]!.id}/`, curator, {
      version: 0,
      marks: [{ user_course_id: pupil.id, status: 'present' }],
    });
    expect(await newest()).toMatchObject({ entity: 'session', courseId: course.id, actorRole: 'curator', after: { [`user_course_${pupil.id}`]: 'present' } });

    // Curators (decision 0087): the owner names one by e-mail and takes them off again.
    const named = await buildUser(db(), { firstName: 'Ирина', lastName: 'Куратор' });
    const curatorRow = await step('POST', '/admin/courses/:id/curators/', `/api/admin/courses/${course.id}/curators/`, owner, { email: named.email, group_id: null });
    expect(await newest()).toMatchObject({ entity: 'curator', courseId: course.id, summary: expect.stringContaining(`курс «${course.title}»`) });
    await step('DELETE', '/admin/courses/:id/curators/:curatorId/', `/api/admin/courses/${course.id}/curators/${curatorRow.id}/`, owner);

    // Every route that declares an action was walked: a new one must join this walk. The subsections
    // of 'Сведения' are one route each, written by one function: one of them stands for all.
    const sameAsWalked = (key: string) => /^PUT \/api\/sveden\/\w+\/$/.test(key) && seen.has('PUT /api/sveden/common/');
    expect([...declared.keys()].filter((key) => !seen.has(key) && !sameAsWalked(key))).toEqual([]);
  });

  it('writes nothing when the change fails, and nothing for an update that changes nothing', async () => {
    const course = await buildCourse(db(), { ownerId: owner.id });
    const before = (await newest())?.id ?? 0;
    const refused = await call('PATCH', `/api/admin/courses/${course.id}/`, owner.session, { updated_at: new Date(0).toISOString(), title: 'Другое' });
    expect(refused.statusCode).toBe(409);
    const foreign = await call('PATCH', `/api/admin/courses/${course.id}/`, (await signInAs(t.app, await buildOwner(db()))), { title: 'Чужое' });
    expect(foreign.statusCode).toBe(404);
    const same = await call('PATCH', `/api/admin/courses/${course.id}/`, owner.session, { title: course.title });
    expect(same.statusCode).toBe(200);
    expect((await newest())?.id ?? 0).toBe(before);
  });
});

describe('GET /api/admin/school/audit/', () => {
  it('is for staff only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/school/audit/' })).json()).toEqual({ detail: NOT_SIGNED_IN });
    expect((await call('GET', '/api/admin/school/audit/', student)).json()).toEqual({ detail: NOT_AN_OWNER });
    const byOwner = await call('GET', '/api/admin/school/audit/', owner.session);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json()).toEqual({ detail: NOT_STAFF });
  });

  it('lists newest first with filters by action, course, actor and Moscow days, paginated', async () => {
    const course = await buildCourse(db(), { ownerId: owner.id, title: `Фильтр ${unique('f')}` });
    await call('PATCH', `/api/admin/courses/${course.id}/`, owner.session, { title: `${course.title} 2` });
    await call('PATCH', `/api/admin/courses/${course.id}/`, owner.session, { title: `${course.title} 3` });
    const list = await call('GET', `/api/admin/school/audit/?course=${course.id}&page_size=1`, staff.session);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toContain('no-store');
    const page = list.json();
    expect(page.count).toBe(2);
    expect(page.next).toContain('page=2');
    expect(page.results[0]).toMatchObject({
      action: 'course.update',
      entity: 'course',
      entity_id: String(course.id),
      course_id: course.id,
      summary: `${course.title} 3`,
      actor: { id: owner.id, email: owner.email, role: 'owner' },
      before: { title: `${course.title} 2` },
      after: { title: `${course.title} 3` },
    });
    const oldest = (await call('GET', `/api/admin/school/audit/?course=${course.id}&sort=at`, staff.session)).json();
    expect(oldest.results[0].after).toEqual({ title: `${course.title} 2` });
    const byActor = (await call('GET', `/api/admin/school/audit/?actor=${staff.id}&action=course.update`, staff.session)).json();
    expect(byActor.count).toBe(0);
    const search = (await call('GET', `/api/admin/school/audit/?search=${encodeURIComponent(course.title)}`, staff.session)).json();
    expect(search.count).toBe(2);
    const tomorrow = new Date(Date.now() + 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
    expect((await call('GET', `/api/admin/school/audit/?course=${course.id}&from=${tomorrow}`, staff.session)).json().count).toBe(0);
    expect((await call('GET', `/api/admin/school/audit/?course=${course.id}&to=${tomorrow}`, staff.session)).json().count).toBe(2);
  });

  it('answers bad filters with Russian field errors', async () => {
    const res = await call('GET', '/api/admin/school/audit/?action=nothing&from=2026-02-30&page=0', staff.session);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ action: ['Нет такого действия.'], from: ['Такой даты нет.'], page: ['Не меньше 1.'] });
  });
});

describe('retention', () => {
  it('deletes records older than the configured days and keeps the rest', async () => {
    const kept = await newest();
    const [old] = await db()
      .insert(auditEvents)
      .values({ actorEmail: 'old@example.ru', actorRole: 'staff', ip: '127.0.0.1', action: 'course.update', entity: 'course', at: sql`now() - interval '400 days'` })
      .returning();
    expect(await pruneAuditEvents(db(), 365)).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(auditEvents).where(eq(auditEvents.id, old!.id))).toEqual([]);
    expect(await db().select().from(auditEvents).where(eq(auditEvents.id, kept!.id))).toHaveLength(1);
  });
});
