// Whether another account may reach a path, judged from ordinary permission bits: the embedded
// PostgreSQL runs as the 'postgres' user when Crema runs as root, and a tree such as /root/crema
// (mode 0700) is closed to it. POSIX ACLs are not read, so a path opened to the account only by
// an ACL counts as closed (the caller then uses a place that is open by mode bits).
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** A system account: its user id and every group it belongs to. */
export interface Account {
  uid: number;
  gid: number;
  groups: readonly number[];
}

/** What the account needs on the path itself; every directory above it needs search (x). */
export interface Need {
  read?: boolean;
  write?: boolean;
  execute?: boolean;
}

/** The permission bits (r=4, w=2, x=1) that apply to `account` on a file with this owner and mode. */
function bitsFor(account: Account, owner: { uid: number; gid: number; mode: number }): number {
  if (account.uid === owner.uid) return (owner.mode >> 6) & 7;
  if (account.gid === owner.gid || account.groups.includes(owner.gid)) return (owner.mode >> 3) & 7;
  return owner.mode & 7;
}

/**
 * The first path on the way to `target` that `account` cannot pass (a directory without search
 * permission, or the target itself without `need`), or null when it can reach it. Symbolic links
 * are resolved first, as the kernel would follow them. The target must exist.
 */
export async function blockedPath(target: string, account: Account, need: Need = {}): Promise<string | null> {
  if (account.uid === 0) return null;
  const real = await realpath(target);
  const parts = real.split(path.sep).filter(Boolean);
  let current: string = path.sep;
  for (const part of parts) {
    const info = await stat(current);
    if ((bitsFor(account, info) & 1) === 0) return current;
    current = path.join(current, part);
  }
  const wanted = (need.read ? 4 : 0) | (need.write ? 2 : 0) | (need.execute ? 1 : 0);
  const info = await stat(real);
  return (bitsFor(account, info) & wanted) === wanted ? null : real;
}
