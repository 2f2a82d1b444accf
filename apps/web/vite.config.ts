import { reactRouter } from '@react-router/dev/vite';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

// TipTap, ProseMirror and what they bring: the rich-text editor only, loaded when a builder screen
// shows one (decisions 0037, 0061).
const EDITOR_PACKAGES = '@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|fast-deep-equal|fast-equals|@floating-ui';
// dnd-kit (and its tslib): the builder's sortable lists (programme, blocks, questions), a chunk of
// their own, so a page that sorts does not load the rich-text editor (decision 0061).
const SORTABLE_PACKAGES = '@dnd-kit|tslib';
// tus-js-client and what it brings: homework uploads only, loaded with the first file a learner picks.
const UPLOAD_PACKAGES = 'tus-js-client|js-base64|url-parse|requires-port|querystringify';

// React Router publishes one build for development and one for production, but its package exports
// only the development one (warnings, checks and their messages). The browser's production build
// takes the production files instead: the same code without them (decision 0083). Both entries the
// app imports are mapped, and they share their chunks, so there is one router in the bundle.
const ROUTER_DIST = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
function productionRouter(): Plugin {
  return {
    name: 'crema:production-router',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source) {
      if (source === 'react-router') return join(ROUTER_DIST, 'index.mjs');
      if (source === 'react-router/dom') return join(ROUTER_DIST, 'dom-export.mjs');
      return null;
    },
  };
}

export default defineConfig({
  plugins: [productionRouter(), reactRouter()],
  // The server build imports the contract from the package, not a bundled copy: the API loads the
  // same module, so the schemas' ids register once in zod's global registry and the OpenAPI
  // document (/api/docs/json) can be made (docs/architecture.md, 'One process, one contract').
  environments: { ssr: { build: { rolldownOptions: { external: [/^@crema\/contract(\/|$)/] } } } },
  build: {
    assetsInlineLimit: 2048,
    // SOURCEMAP=1: source maps, to measure what each chunk holds (decision 0083); never in a deployed build.
    sourcemap: process.env.SOURCEMAP === '1',
    rolldownOptions: {
      output: {
        // React, React DOM and React Router load on every page anyway: as one file they compress
        // as one stream (about 1 KB less gzip than as separate chunks) and cost one request.
        // The shell is a folder rule (docs/architecture.md): app/components/ and app/lib/ hold
        // what every page runs (layout, dialog store and host, SEO helpers), with the contract's
        // formatting; one chunk instead of half a dozen small ones, which compress worse and cost
        // a request each. Code that loads on use (features/, api/, routes/, and ui/: the UI kit
        // several features share, decision 0054) lives elsewhere and has no group here: Rollup
        // splits it by who imports it, so the dialog (ui/Modal) loads with what opens one and the
        // pager with the lists; `@crema/contract/rules` is a small chunk of its own.
        codeSplitting: {
          groups: [
            // The account forms' libraries are not in it (decision 0020): they load with the account pages only;
            // nor are the lesson editor's rich text and drag and drop (decision 0037). The progress page's
            // charts are SVG its own components draw, with no library (decision 0083).
            { name: 'vendor', test: new RegExp(`[\\\\/]node_modules[\\\\/](?!(react-hook-form|imask|use-sync-external-store|${EDITOR_PACKAGES}|${SORTABLE_PACKAGES}|${UPLOAD_PACKAGES})[\\\\/])`) },
            // TipTap's: a small chunk of its own (it was shared with the progress page's former chart library).
            { name: 'sync-store', test: /[\\/]node_modules[\\/]use-sync-external-store[\\/]/ },
            { name: 'editor', test: new RegExp(`[\\\\/]node_modules[\\\\/](${EDITOR_PACKAGES})[\\\\/]`) },
            { name: 'dnd', test: new RegExp(`[\\\\/]node_modules[\\\\/](${SORTABLE_PACKAGES})[\\\\/]`) },
            { name: 'tus', test: new RegExp(`[\\\\/]node_modules[\\\\/](${UPLOAD_PACKAGES})[\\\\/]`) },
            { name: 'forms', test: /[\\/]node_modules[\\/](react-hook-form|imask)[\\/]/ },
            { name: 'shell', test: /[\\/](app[\\/](components|lib)[\\/]|contract[\\/]src[\\/]format[\\/])/ },
            // The application forms' rules load with those forms, not on every page.
            { name: 'feedback-rules', test: /[\\/]contract[\\/]src[\\/]rules[\\/]feedback\.ts$/ },
            // A course's age range (its hint and check at a child's birth date) loads with the order and application forms.
            { name: 'age-rules', test: /[\\/]contract[\\/]src[\\/]rules[\\/]ages\.ts$/ },
            // The legal documents' list loads with the account's consents, not on every page.
            { name: 'legal-rules', test: /[\\/]contract[\\/]src[\\/]rules[\\/]legal\.ts$/ },
            // The link checker (sitePath, safeLink) loads with the sign-in dialogs and the pages that show staff's links.
            { name: 'link-rules', test: /[\\/]contract[\\/]src[\\/]rules[\\/]links\.ts$/ },
            // The counters' parsing (their hosts for the security policy) loads with the staff's settings screen only.
            { name: 'counter-rules', test: /[\\/]contract[\\/]src[\\/]rules[\\/]counters\.ts$/ },
            // Certificates' words load with the builder's certificate screen (decision 0085).
            { name: 'certificate-rules', test: /[\\/]contract[\\/]src[\\/]rules[\\/]certificates\.ts$/ },
            // Homework's rules (file pickers, caps) load with the homework and curators' screens.
            { name: 'homework-rules', test: /[\\/]contract[\\/]src[\\/]rules[\\/]homework\.ts$/ },
            // The contract's rules (constants and checks shared with the server): one small chunk
            // with whatever the browser uses of them, so a new rules file (account rules) cannot
            // pull catalogue constants into the API client's chunk and onto the catalogue's first load.
            { name: 'rules', test: /[\\/]contract[\\/]src[\\/]rules[\\/]/ },
            // The browser's API client and form hook: with the first form or sign-out, not on first load.
            // Not the course builder's calls (api/admin.ts), the site screens' (api/admin-site.ts) nor the invitation link's (api/invitation.ts):
            // they load with their own pages only. Nor the resending of calls that make something (api/resend.ts): with the first of them.
            // Nor homework's resumable uploads (api/homework-uploads.ts): with the first file a learner or a curator picks.
            { name: 'api', test: /[\\/]app[\\/]api[\\/](?!(admin|admin-site|invitation|resend|homework-uploads)\.ts$)/ },
            // The UI kit's form parts and dialog (decision 0054): one small chunk the forms and dialogs
            // load, listed before `auth` so that it does not take them (a group takes what its
            // modules import) and every account or admin form would then load the sign-in dialogs.
            // The entry of a mailed code is in it too (decision 0059): its three screens (the sign-in dialogs, the
            // order's code step, the invitation page) load this chunk anyway, and a chunk of its own would lengthen
            // the list of files the shell preloads with the dialogs (the course page has no room for it).
            { name: 'ui', test: /[\\/]app[\\/]ui[\\/](Field|FormMessages|ConfirmDialog|Modal|SignUpConsent|CodeEntry)\.tsx$/ },
            // The sign-in dialogs: a chunk of their own, loaded when one first opens.
            { name: 'auth', test: /[\\/]app[\\/]features[\\/]auth[\\/]/ },
            // The catalogue's small parts shared by home, the catalogue and the course page (prices,
            // stars, pictures, teacher and review cards): one chunk instead of five tiny ones, each
            // of which costs a request and compresses worse.
            { name: 'catalog-parts', test: /[\\/]app[\\/]features[\\/]catalog[\\/](hydrated|PriceTag|format|Stars|CatalogImage)\.tsx?$/ },
          ],
        },
      },
    },
  },
});
