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
            { name: 'shell', test: /[\\/](app[\\/](components|lib)|contract[\\/]src[\\/]format)[\\/]/ },
          ],
        },
      },
    },
  },
});
