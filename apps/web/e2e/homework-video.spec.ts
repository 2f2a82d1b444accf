import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { AdminBlocks, MyCourse } from '@crema/contract';
import { CSRF_HEADER, SESSION_COOKIES } from '@crema/contract/rules';
import { expect, newEmail, test } from './fixtures.ts';

// A homework video from a phone (decision 0087), at 375 and 1280 px: a learner picks the camera
// roll's upright HEVC video in a MOV (1080×1920, with sound) and sends it; the server's encoder
// makes the copy every browser plays — H.264 in MP4, 720×1280 — and a poster, and the conversation
// plays that copy with its poster instead of the original; the original stays downloadable. The
// course's owner sees the same copy on the curator's screen. The course is deleted at the end.

test.describe.configure({ timeout: 150_000 });

const OWNER = { email: 'owner@crema.local', password: 'crema-demo-2026' };
const WEB = { 'x-crema-client': 'web' };
const VIDEO = path.join(import.meta.dirname, 'media', 'phone-video.mov');

async function call<T>(request: APIRequestContext, context: BrowserContext, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, data?: object): Promise<T> {
  const csrf = (await context.cookies()).find((c) => c.name === SESSION_COOKIES.csrf)?.value ?? '';
  const res = await request.fetch(url, { method, headers: { ...WEB, [CSRF_HEADER]: csrf }, ...(data ? { data } : {}) });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** What the page's video element plays: its address, poster and the picture's sides once it has loaded them. */
async function playing(video: ReturnType<Page['locator']>) {
  return video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<{ src: string; poster: string; width: number; height: number; h264: string }>((resolve) => {
        const h264 = element.canPlayType('video/mp4; codecs="avc1.4D401F, mp4a.40.2"');
        const done = () => resolve({ src: element.currentSrc, poster: element.poster, width: element.videoWidth, height: element.videoHeight, h264 });
        if (element.readyState >= 1) done();
        else {
          element.addEventListener('loadedmetadata', done, { once: true });
          element.addEventListener('error', done, { once: true });
          element.load();
        }
      }),
  );
}

test('a learner sends an upright HEVC video from a phone; the conversation plays its H.264 copy of 720×1280 with a poster', async ({ page, browser, login, baseURL }) => {
  const width = page.viewportSize()!.width;
  await page.context().addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
  const ownerContext = await browser.newContext({ baseURL, viewport: page.viewportSize()!, locale: 'ru-RU' });
  await ownerContext.addCookies([{ name: 'hideCookiesPanel', value: '1', url: baseURL! }]);
  expect((await ownerContext.request.post('/api/auth/token/', { headers: WEB, data: { username: OWNER.email, password: OWNER.password } })).status()).toBe(200);
  const owner = ownerContext.request;
  const categories = await call<{ id: number }[]>(owner, ownerContext, 'GET', '/api/categories/');
  const course = await call<{ id: number }>(owner, ownerContext, 'POST', '/api/admin/courses/', {
    title: `Видео в задании e2e ${test.info().project.name} ${Date.now()}`,
    category_id: categories[0]!.id,
  });
  let enrolmentId: number | null = null;
  try {
    const module = await call<{ id: number }>(owner, ownerContext, 'POST', `/api/admin/courses/${course.id}/modules/`, { title: 'Латте-арт' });
    const lesson = await call<{ id: number }>(owner, ownerContext, 'POST', `/api/admin/modules/${module.id}/lessons/`, { title: 'Розетта' });
    const blocks = await call<AdminBlocks>(owner, ownerContext, 'GET', `/api/admin/lessons/${lesson.id}/blocks/`);
    const homework = { type: 'homework', title: 'Снимите, как рисуете розетту', html: '<p>Видео с телефона, сверху.</p>', max_file_mb: 50, gate: 'none', deadline: null };
    await call(owner, ownerContext, 'PUT', `/api/admin/lessons/${lesson.id}/blocks/`, {
      updated_at: blocks.updated_at,
      pages: [[{ data: { ...homework, accepts: { text: true, photos: 0, videos: 1, files: 0 } } }]],
    });
    await call(owner, ownerContext, 'PATCH', `/api/admin/lessons/${lesson.id}/`, { is_published: true });
    const email = newEmail('hw-video');
    await call(owner, ownerContext, 'POST', `/api/admin/courses/${course.id}/audience/`, { email });
    await login(email);
    await call(page.request, page.context(), 'POST', '/api/user/courses/grants/');
    const enrolment = (await call<MyCourse[]>(page.request, page.context(), 'GET', '/api/user/courses/')).find((c) => c.course.id === course.id)!;
    enrolmentId = enrolment.id;

    await page.goto(`/user/courses/${enrolment.id}/lessons/${lesson.id}/`);
    await hydrated(page);
    const region = page.getByRole('region', { name: 'Снимите, как рисуете розетту' });
    await region.getByLabel('Добавить видео').setInputFiles({ name: 'IMG_0042.MOV', mimeType: 'video/quicktime', buffer: await readFile(VIDEO) });
    await expect(region.getByRole('listitem').filter({ hasText: 'Видео «IMG_0042.MOV»' }).getByText('Загружено')).toBeVisible({ timeout: 30_000 });
    await region.getByRole('button', { name: 'Отправить на проверку' }).click();
    const thread = region.getByRole('list', { name: 'Переписка по заданию' });
    await expect(thread.getByLabel('Видео «IMG_0042.MOV»')).toBeAttached();

    // The encoder works in the background (a job every 15 s): the copy shows on a later visit.
    await expect(async () => {
      await page.reload();
      await hydrated(page);
      await expect(thread.getByLabel('Видео «IMG_0042.MOV»')).toHaveAttribute('poster', /size=poster/, { timeout: 1000 });
    }).toPass({ timeout: 90_000, intervals: [2000] });
    const video = thread.getByLabel('Видео «IMG_0042.MOV»');
    await expect(video).toHaveAttribute('src', /size=phone$/);
    const played = await playing(video);
    expect(played.src).toMatch(/\/api\/homework\/files\/\d+\/\?size=phone$/);
    // The browser plays H.264 and reads the copy's picture: upright, 720×1280.
    expect(played.h264).not.toBe('');
    expect({ width: played.width, height: played.height }).toEqual({ width: 720, height: 1280 });
    const poster = await page.request.get(played.poster);
    expect(poster.headers()['content-type']).toBe('image/webp');
    // The original, as it was sent, is a link away.
    await expect(thread.getByRole('link', { name: /Скачать видео «IMG_0042\.MOV»/ })).toHaveAttribute('href', /\/api\/homework\/files\/\d+\/$/);
    await video.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/hw-video-${width}.png`, fullPage: false });

    // The owner checks the course's homework: the curator's screen plays the same copy.
    const review = await ownerContext.newPage();
    await review.goto(`/curator/homework/?course=${course.id}`);
    await hydrated(review);
    await review.getByRole('link', { name: /Снимите, как рисуете розетту/ }).first().click();
    await hydrated(review);
    await expect(review.getByLabel('Видео «IMG_0042.MOV»')).toHaveAttribute('poster', /size=poster/);
    await review.close();
  } finally {
    // The shared demo database keeps nothing of this spec.
    if (enrolmentId !== null) await call(page.request, page.context(), 'DELETE', `/api/user/courses/${enrolmentId}/`).catch(() => undefined);
    await call(owner, ownerContext, 'DELETE', `/api/admin/courses/${course.id}/`).catch(() => undefined);
    await ownerContext.close();
  }
});
