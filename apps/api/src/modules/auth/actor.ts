// Who acts: built once per API request by the access layer (plugin.ts, `request.actor`) or by a
// background job (`jobActor`). Services take an Actor, never a Fastify request (decision 0011).
import type { User } from '../../db/schema/index.ts';
import type { ClientInfo } from './tokens.ts';

/**
 * How much a route needs from the caller (route option `config.access`):
 * - `public`: anyone; the caller is not looked up (`actor.user` stays null).
 * - `caller`: anyone, but a signed-in caller is resolved (user and live session) — for calls
 *   that guests may make too and that act differently for the signed-in (logout, password change).
 * - `user`: a signed-in user with a live session, else 401.
 * - `curator`: as `user`, and the user must be named a curator of some course or group, or be a
 *   course owner or staff (they check their own courses' homework), else 403 (decision 0087).
 *   Which submissions and groups a curator reaches is the query's scope, not the level's.
 * - `owner`: as `user`, and the user must be a course owner or staff, else 403.
 * - `staff`: as `owner`, and the user must be school staff, else 403 (a course owner who is not
 *   staff included). Staff checks live here only; services get a `StaffActor` (decision 0055).
 * Each level asks for everything the ones before it ask for.
 */
export const ACCESS_LEVELS = ['public', 'caller', 'user', 'curator', 'owner', 'staff'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** True when `level` asks for at least what `floor` asks for (the levels are a ladder). */
export function atLeast(level: AccessLevel, floor: AccessLevel): boolean {
  return ACCESS_LEVELS.indexOf(level) >= ACCESS_LEVELS.indexOf(floor);
}

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
 * A signed-in member of the school's staff: what `staff` routes get (`staffActor(request)` in
 * plugin.ts). A service that only staff may call takes this type instead of checking `isStaff`.
 */
export type StaffActor = SignedInActor & { user: User & { isStaff: true } };

/**
 * Staff count as owners everywhere: they run the school and administer every course
 * (decision 0011). A course owner administers only their own courses (catalog/scopes.ts).
 */
export function isOwnerLevel(user: Pick<User, 'isCourseOwner' | 'isStaff'>): boolean {
  return user.isCourseOwner || user.isStaff;
}

/** Curators, course owners and staff may open the homework queue (each within their own scope). */
export function isCuratorLevel(user: Pick<User, 'isCurator' | 'isCourseOwner' | 'isStaff'>): boolean {
  return user.isCurator || isOwnerLevel(user);
}

/** What a session or a consent record keeps about the client the actor acts from. */
export function clientOf(actor: Actor): ClientInfo {
  return { ip: actor.ip, userAgent: actor.userAgent };
}

/** True when the actor is signed in. */
export function isSignedIn(actor: Actor): actor is SignedInActor {
  return actor.user !== null && actor.sessionId !== null;
}

/** True when the actor is signed in and school staff. */
export function isStaffActor(actor: Actor): actor is StaffActor {
  return isSignedIn(actor) && actor.user.isStaff;
}

/**
 * The actor of someone who signed in during this very request (a guest's invitation accepted with
 * a code): the request's address and browser, the new user and session.
 */
export function signedInAs(actor: Actor, user: User, sessionId: string): SignedInActor {
  return { user, sessionId, ip: actor.ip, userAgent: actor.userAgent };
}

/** The actor of a background job (payment reconciliation, mail): acting for `user` or nobody. */
export function jobActor(job: string, user: User | null = null): Actor {
  return { user, sessionId: null, ip: `job:${job}` };
}
