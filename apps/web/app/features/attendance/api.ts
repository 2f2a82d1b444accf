import type { AttendanceSave, AttendanceSheet, CuratorGroup, CuratorGroupDetail } from '@crema/contract';
import { browserFetch } from '../../api/browser.ts';
import { json, type ApiFetch } from '../../api/client.ts';

// Attendance for curators (decision 0088): the groups the caller marks, one group, a session's list
// and its save. A client of this feature's own, out of the public pages' `api` chunk.

export function createAttendanceApi(fetcher: ApiFetch) {
  return {
    groups: () => json<CuratorGroup[]>(fetcher, '/api/curator/groups/'),
    group: (id: number) => json<CuratorGroupDetail>(fetcher, `/api/curator/groups/${id}/`),
    sheet: (id: number, sessionId: number) => json<AttendanceSheet>(fetcher, `/api/curator/groups/${id}/sessions/${sessionId}/`),
    save: (id: number, sessionId: number, body: AttendanceSave) =>
      json<AttendanceSheet>(fetcher, `/api/curator/groups/${id}/sessions/${sessionId}/`, { method: 'PUT', body }),
  };
}

export const attendanceApi = createAttendanceApi(browserFetch);

/** The curators' attendance pages. */
export const attendancePaths = {
  groups: () => '/curator/groups/',
  group: (id: number) => `/curator/groups/${id}/`,
  session: (id: number, sessionId: number) => `/curator/groups/${id}/sessions/${sessionId}/`,
  /** The group's table as a file (a plain download: the site's cookie signs it in). */
  export: (id: number, format: 'xlsx' | 'csv') => `/api/curator/groups/${id}/export/?format=${format}`,
};
