import type { CertificateRevokeForm, CertificateSettingsForm, CertificateSettingsOut, IssuedCertificate, Paginated } from '@crema/contract';
import { json, type ApiFetch } from '../../api/client.ts';

// A course's certificate (decision 0085): settings, the issued list, revoking and reissuing; apart
// from api/admin.ts, which every builder page loads first.

export function createCertificateApi(fetcher: ApiFetch) {
  const base = (courseId: number) => `/api/admin/courses/${courseId}`;
  return {
    settings: (courseId: number) => json<CertificateSettingsOut>(fetcher, `${base(courseId)}/certificate/`),
    save: (courseId: number, body: CertificateSettingsForm) => json<CertificateSettingsOut>(fetcher, `${base(courseId)}/certificate/`, { method: 'PUT', body }),
    list: (courseId: number, query: { search?: string; page?: number }) => {
      const params = new URLSearchParams();
      if (query.search) params.set('search', query.search);
      if (query.page && query.page > 1) params.set('page', String(query.page));
      const search = params.toString();
      return json<Paginated<IssuedCertificate>>(fetcher, `${base(courseId)}/certificates/${search ? `?${search}` : ''}`);
    },
    revoke: (courseId: number, id: number, body: CertificateRevokeForm) =>
      json<IssuedCertificate>(fetcher, `${base(courseId)}/certificates/${id}/revoke/`, { method: 'POST', body }),
    reissue: (courseId: number, id: number) => json<IssuedCertificate>(fetcher, `${base(courseId)}/certificates/${id}/reissue/`, { method: 'POST', body: {} }),
    previewUrl: (courseId: number) => `${base(courseId)}/certificate/preview/`,
  };
}
