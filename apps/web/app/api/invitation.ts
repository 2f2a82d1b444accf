import { json, type ApiFetch } from './client.ts';

// The invitation link's calls (decision 0036): read a link, and join its course — signed
// in, or as a guest with the mailed code (sent by the client's `sendCode`). A module of its own:
// the /invitation/{token}/ page is public, and neither these calls nor the admin client belong in
// other pages' chunks.

export interface Invitation {
  course: { id: number; title: string; slug: string };
  access_until: string | null;
}

export function createInvitationApi(fetcher: ApiFetch) {
  return {
    invitation: (token: string) => json<Invitation>(fetcher, `/api/invitations/${encodeURIComponent(token)}/`),
    acceptInvitation: (body: { token: string; email?: string; code?: string; consent_personal_data?: boolean }) =>
      json<{ user_course_id: number }>(fetcher, '/api/auth/token/invitation/', { method: 'POST', body }),
  };
}
