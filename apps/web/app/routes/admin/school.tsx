import { data, redirect } from 'react-router';
import type { SvedenSectionKey } from '@crema/contract';
import { LEGAL_DOCUMENTS, RECONSENT_ACTIONS } from '@crema/contract/rules';
import type { Route } from './+types/school';
import { createAdminApi } from '../../api/admin.ts';
import { requireStaff } from '../../lib/session.server.ts';
import { privateMeta } from '../../ui/meta.ts';
import { SvedenListScreen } from '../../features/admin-school/SvedenListScreen.tsx';
import { SvedenEditScreen } from '../../features/admin-school/SvedenEditScreen.tsx';
import { DocumentsScreen } from '../../features/admin-school/DocumentsScreen.tsx';
import { DocumentScreen } from '../../features/admin-school/DocumentScreen.tsx';
import { orNotFound } from '../../features/content/load.ts';
import { LegalText } from '../../features/legal/LegalText.tsx';
import '../../features/legal/legal.css';

/** A subsection key as the address may hold it; the API answers 404 for one that does not exist. */
const KEY = /^[A-Za-z_]{1,40}$/;

// /admin/school/… (decision 0045), school staff only: 'Сведения' (/admin/school/sveden/ and
// …/sveden/{key}/) and the legal documents (/admin/school/documents/ and …/documents/{slug}/).
// One route module for the four screens: every route costs every public page bytes of the route
// manifest (decision 0039), and these four are one small area. Anything else under it is 404.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const api = createAdminApi(context.api);
  const [area, item, ...more] = (params['*'] ?? '').split('/').filter(Boolean);
  if (!area) throw redirect('/admin/school/sveden/');
  if (more.length === 0 && area === 'sveden') {
    if (!item) return { screen: 'sveden' as const, sections: await api.svedenState() };
    if (KEY.test(item)) return { screen: 'sveden-section' as const, page: await orNotFound(api.svedenSection(item as SvedenSectionKey)) };
  }
  if (more.length === 0 && area === 'documents') {
    if (!item) return { screen: 'documents' as const, kinds: LEGAL_DOCUMENTS.map(({ kind, slug, title }) => ({ kind, slug, title })), current: await api.legalDocuments() };
    const kind = LEGAL_DOCUMENTS.find((d) => d.slug === item)?.kind;
    if (kind) {
      // What a new version asks of people who agreed to an older one (decision 0046), for the confirmation.
      const reconsent: 'accept' | 'notice' | null = RECONSENT_ACTIONS[kind as keyof typeof RECONSENT_ACTIONS] ?? null;
      return { screen: 'document' as const, doc: await api.legalDocument(item), reconsent };
    }
  }
  throw data(null, { status: 404 });
}

function titleOf(loaderData: Route.ComponentProps['loaderData'] | undefined): string | undefined {
  switch (loaderData?.screen) {
    case 'sveden':
      return 'Сведения об образовательной организации';
    case 'sveden-section':
      return `Сведения: ${loaderData.page.section.title}`;
    case 'documents':
      return 'Юридические документы';
    case 'document':
      return `${loaderData.doc.title}: новая редакция`;
    default:
      return undefined;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => privateMeta(matches, titleOf(loaderData));

export default function SchoolPage({ loaderData }: Route.ComponentProps) {
  switch (loaderData.screen) {
    case 'sveden':
      return <SvedenListScreen sections={loaderData.sections} />;
    case 'sveden-section':
      // Another subsection starts the form anew.
      return <SvedenEditScreen key={loaderData.page.section.key} page={loaderData.page} />;
    case 'documents':
      return <DocumentsScreen kinds={loaderData.kinds} current={loaderData.current} />;
    case 'document':
      // The preview is the public page's text (features do not import each other).
      return <DocumentScreen key={loaderData.doc.slug} doc={loaderData.doc} reconsent={loaderData.reconsent} Preview={LegalText} />;
  }
}
