// Who acts: built once per API request by the access layer (plugin.ts, `request.actor`) or by a
// background job (`jobActor`). Services take an Actor, never a Fastify request (decision 0011).
import type { User } from '../../db/schema/index.ts';

/**
 * How much a route needs from the caller (route option `config.access`):
 * - `public`: anyone; the caller is not looked up (`actor.user` stays null).
 * - `caller`: anyone, but a signed-in caller is resolved (user and live session) — for calls
 *   that guests may make too and that act differently for the signed-in (logout, password change).
 * - `user`: a signed-in user with a live session, else 401.
 * - `owner`: as `user`, and the user must be a course owner or staff, else 403.
 */
export const ACCESS_LEVELS = ['public', 'caller', 'user', 'owner'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** The one who acts, as services see it. */
export interface Actor {
  /** The signed-in user; null for a guest, for a `public` route, or a job acting for nobody. */
  user: User | null;
  /** The refresh-token family (sign-in) the user acts through; null without one. */
  sessionId: string | null;
  /** The client's IP address (rate limits, session records); a job gives its own label. */
  ip: string;
  userAgent?: string;
  /**
   * Set when the caller came with a course token (cookie `crema_course`, decision 0028) instead of
   * an access token: the one enrolment (user course) the token opens; learning scopes keep to it.
   */
  userCourseId?: number;
}

/** A signed-in actor: what `user` and `owner` routes get. */
export type SignedInActor = Actor & { user: User; sessionId: string };

/**
 * Staff count as owners everywhere: they run the school and administer every course
 * (decision 0011). A course owner administers only their own courses (catalog/scopes.ts).
 */
export function isOwnerLevel(user: Pick<User, 'isCourseOwner' | 'isStaff'>): boolean {
  return user.isCourseOwner || user.isStaff;
}

/** True when the actor is signed in. */
export function isSignedIn(actor: Actor): actor is SignedInActor {
  return actor.user !== null && actor.sessionId !== null;
}

/** The actor of a background job (payment reconciliation, mail): acting for `user` or nobody. */
export function jobActor(job: string, user: User | null = null): Actor {
  return { user, sessionId: null, ip: `job:${job}` };
}
