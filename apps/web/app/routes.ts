import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // Everything else: content pages come with the public-site issue; until then a 404.
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;
