import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('courses', 'routes/courses/catalog.tsx'),
  route('courses/:slug', 'routes/courses/course.tsx'),
  route('blog', 'routes/blog/list.tsx'),
  route('blog/:slug', 'routes/blog/post.tsx'),
  route('presence', 'routes/presence.tsx'),
  route('schedule', 'routes/schedule.tsx'),
  // Resource routes: generated from the database (robots.txt names the sitemap's absolute URL).
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  // Content pages (/{any}/); unknown slugs and deeper paths are the 404 page.
  route('*', 'routes/content-page.tsx'),
] satisfies RouteConfig;
