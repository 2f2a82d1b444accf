// What a sign-in does beyond the session, for the modules that need it: auth runs the hooks other
// modules registered (app.ts wires them) and imports none of those modules (decision 0053).
import type { Db, Executor } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import type { ClientInfo } from './tokens.ts';
import type { SignedInActor } from './actor.ts';

/** Inside the sign-in's transaction, once `user` has proven their address (a right code, a verified account, a provider's e-mail). */
export type AddressProvenHook = (tx: Executor, user: User) => Promise<unknown>;
/** Inside the sign-in's transaction, for an account just made by a person who ticked the sign-up consent box. */
export type SignUpHook = (tx: Executor, user: User, client: ClientInfo) => Promise<unknown>;
/** After a session refresh, outside any transaction: what a signed-in person gets within an access token's life. */
export type RefreshHook = (db: Db, user: User) => Promise<unknown>;

/** The registry: each list runs in the order registered. */
export class SignInHooks {
  private readonly addressProven: AddressProvenHook[] = [];
  private readonly signUp: SignUpHook[] = [];
  private readonly refreshed: RefreshHook[] = [];

  onAddressProven(hook: AddressProvenHook): void {
    this.addressProven.push(hook);
  }

  onSignUp(hook: SignUpHook): void {
    this.signUp.push(hook);
  }

  onRefresh(hook: RefreshHook): void {
    this.refreshed.push(hook);
  }

  async runAddressProven(tx: Executor, user: User): Promise<void> {
    for (const hook of this.addressProven) await hook(tx, user);
  }

  async runSignUp(tx: Executor, user: User, client: ClientInfo): Promise<void> {
    for (const hook of this.signUp) await hook(tx, user, client);
  }

  async runRefresh(db: Db, user: User): Promise<void> {
    for (const hook of this.refreshed) await hook(db, user);
  }
}

/**
 * Invitation links (admin/invitations.ts) as the sign-in route `POST /api/auth/token/invitation/`
 * uses them, passed to authRoutes by app.ts.
 */
export interface InvitationLinks {
  /** Asked of a guest who sent no e-mail or no code. */
  needCodeText: string;
  /** Throws the link's error (404, 400) before a guest's code is spent on it. */
  assertUsable(db: Executor, token: string): Promise<void>;
  /** Enrols the signed-in learner through the link, in the caller's transaction. */
  accept(tx: Executor, token: string, learner: SignedInActor): Promise<{ userCourseId: number }>;
}
