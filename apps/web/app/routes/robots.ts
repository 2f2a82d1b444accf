import type { Route } from './+types/robots';

/** robots.txt: private areas closed, the sitemap named by its absolute URL. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Disallow: /user/',
    'Disallow: /user-old/',
    'Disallow: /admin/',
    'Disallow: /curator/',
    'Disallow: /api/',
    'Disallow: /dev/',
    'Disallow: /order-course/',
    'Disallow: /courses/payment/',
    'Disallow: /courses/payment-success/',
    'Disallow: /tbank-payment-callback/',
    'Disallow: /*?login',
    '',
    `Sitemap: ${context.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
