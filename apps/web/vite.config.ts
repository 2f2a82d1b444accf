import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        // React, React DOM and React Router load on every page anyway: as one file they compress
        // as one stream (about 1 KB less gzip than as separate chunks) and cost one request.
        // The shell (layout, dialogs, SEO helpers, formatting) is on every page too: one chunk
        // instead of half a dozen small ones, which compress worse and cost a request each.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/ },
            // Not the sign-in dialogs (components/auth/, lib/auth-client.ts): they load on first
            // use (React.lazy), as a chunk of their own (last, so it takes no shared modules).
            // Nor lib/pkce.ts, which only they and the social callback page use.
            {
              name: 'shell',
              test: /[\\/](app[\\/](components[\\/](?!auth[\\/])|lib[\\/](?!auth-client\.|pkce\.))|contract[\\/]src[\\/]format[\\/])/,
            },
            { name: 'auth', test: /[\\/]app[\\/](components[\\/]auth[\\/]|lib[\\/]auth-client\.)/ },
          ],
        },
      },
    },
  },
});
