import { Link } from 'react-router';
import type { LegalDocumentList } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { SchoolTabs, schoolPaths } from './ui.tsx';

/** One of the school's documents (the contract's LEGAL_DOCUMENTS, given by the loader). */
export interface SchoolDocumentKind {
  kind: string;
  slug: string;
  title: string;
}

/**
 * /admin/school/documents/: the six legal documents, each with its version in force (decision
 * 0043). The kinds come from the loader: the contract's list in browser code would join the
 * `rules` chunk every public page loads.
 */
export function DocumentsScreen({ kinds, current }: { kinds: SchoolDocumentKind[]; current: LegalDocumentList }) {
  return (
    <section aria-labelledby="school-documents-title">
      <SchoolTabs />
      <div className="admin-head">
        <h1 id="school-documents-title">Юридические документы</h1>
      </div>
      <p className="admin-muted school-lead">
        Новая редакция документа вступает в силу сразу после публикации; прежние остаются на сайте по своим адресам, а согласия ссылаются на ту
        редакцию, которую человек принял.
      </p>
      <table className="admin-table school-table">
        <thead>
          <tr>
            <th scope="col">Документ</th>
            <th scope="col">Действующая редакция</th>
            <th scope="col">На сайте</th>
          </tr>
        </thead>
        <tbody>
          {kinds.map((doc) => {
            const now = current.find((c) => c.kind === doc.kind);
            return (
              <tr key={doc.kind}>
                <td>
                  <Link to={schoolPaths.document(doc.slug)}>{now?.title ?? doc.title}</Link>
                </td>
                <td>
                  {now ? (
                    <>
                      № {now.version} от <time dateTime={now.published_at}>{formatDate(now.published_at)}</time>
                    </>
                  ) : (
                    <span className="admin-muted">Не опубликован</span>
                  )}
                </td>
                <td>
                  <a href={`/documents/${doc.slug}/`} target="_blank" rel="noopener">
                    /documents/{doc.slug}/
                  </a>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
