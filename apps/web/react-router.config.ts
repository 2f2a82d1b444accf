import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // WEB_BUILD_DIR lets two builds live side by side (the API reads the same variable).
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  ssr: true,
  future: {
    // Opted in early so the move to v8 changes nothing. Middleware (v8_middleware) waits for
    // the sign-in work, which will carry the session through it.
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
  },
} satisfies Config;
