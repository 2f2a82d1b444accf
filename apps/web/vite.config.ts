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
        // The shell is a folder rule (docs/architecture.md): app/components/ and app/lib/ hold
        // what every page runs (layout, dialog store and host, SEO helpers), with the contract's
        // formatting; one chunk instead of half a dozen small ones, which compress worse and cost
        // a request each. Code that loads on use (features/, api/, routes/) lives elsewhere, and
        // `@crema/contract/rules` is a small chunk of its own.
        codeSplitting: {
          groups: [
            // The account forms' libraries are not in it (decision 0020): they load with the account pages only.
            // Nor the course builder's (decision 0036): the editor and drag and drop load with the admin pages only.
            { name: 'vendor', test: /[\\/]node_modules[\\/](?!react-hook-form[\\/]|imask[\\/]|@tiptap[\\/]|@dnd-kit[\\/]|prosemirror-|orderedmap[\\/]|rope-sequence[\\/]|w3c-keyname[\\/]|linkifyjs[\\/]|fast-equals[\\/]|use-sync-external-store[\\/]|@floating-ui[\\/]|tslib[\\/])/ },
            { name: 'editor', test: /[\\/]node_modules[\\/](@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|fast-equals|use-sync-external-store|@floating-ui)[\\/]/ },
            { name: 'dnd', test: /[\\/]node_modules[\\/](@dnd-kit|tslib)[\\/]/ },
            { name: 'forms', test: /[\\/]node_modules[\\/](react-hook-form|imask)[\\/]/ },
            { name: 'shell', test: /[\\/](app[\\/](components|lib)[\\/]|contract[\\/]src[\\/]format[\\/])/ },
            // The application forms' rules load with those forms (issue 11), not on every page.
            { name: 'feedback-rules', test: /[\\/]contract[\\/]src[\\/]rules[\\/]feedback\.ts$/ },
            // The contract's rules (constants and checks shared with the server): one small chunk
            // with whatever the browser uses of them, so a new rules file (account rules) cannot
            // pull catalogue constants into the API client's chunk and onto the catalogue's first load.
            { name: 'rules', test: /[\\/]contract[\\/]src[\\/]rules[\\/]/ },
            // The browser's API client and form hook: with the first form or sign-out, not on first load.
            { name: 'api', test: /[\\/]app[\\/]api[\\/]/ },
            // The sign-in dialogs: a chunk of their own, loaded when one first opens.
            { name: 'auth', test: /[\\/]app[\\/]features[\\/]auth[\\/]/ },
            // The catalogue's small parts shared by home, the catalogue and the course page (prices,
            // stars, pictures, teacher and review cards): one chunk instead of five tiny ones, each
            // of which costs a request and compresses worse (issue 11: the course page's budget).
            { name: 'catalog-parts', test: /[\\/]app[\\/]features[\\/]catalog[\\/](hydrated|PriceTag|format|Stars|CatalogImage)\.tsx?$/ },
          ],
        },
      },
    },
  },
});
