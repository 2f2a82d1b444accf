import { chmod, chown, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedPath, type Account } from './access.ts';

// Real directories with real modes; the account is someone else (an owner, a group member or a
// stranger relative to the files this process creates).
const me = { uid: process.getuid!(), gid: process.getgid!() };
const stranger: Account = { uid: me.uid + 4242, gid: me.gid + 4242, groups: [] };
const groupMember: Account = { uid: me.uid + 4242, gid: me.gid + 4242, groups: [me.gid] };
const owner: Account = { uid: me.uid, gid: me.gid, groups: [] };

describe('blockedPath', () => {
  let root: string;
  beforeAll(async () => {
    // mkdtemp makes the directory 0700, like a home directory others cannot enter.
    root = await mkdtemp(path.join(os.tmpdir(), 'crema-access-'));
    await mkdir(path.join(root, 'app', 'bin'), { recursive: true });
    await writeFile(path.join(root, 'app', 'bin', 'postgres'), '#!/bin/sh\n');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const binary = () => path.join(root, 'app', 'bin', 'postgres');
  const setModes = async (modes: { root: number; app: number; bin: number; file: number }) => {
    await chmod(root, modes.root);
    await chmod(path.join(root, 'app'), modes.app);
    await chmod(path.join(root, 'app', 'bin'), modes.bin);
    await chmod(binary(), modes.file);
  };

  it('names the closed directory above an open tree (the /root/crema case)', async () => {
    await setModes({ root: 0o700, app: 0o755, bin: 0o755, file: 0o755 });
    expect(await blockedPath(binary(), stranger, { execute: true })).toBe(await realRoot());
    expect(await blockedPath(binary(), owner, { execute: true })).toBeNull();
  });

  it('lets others through a directory with only search permission (0711)', async () => {
    await setModes({ root: 0o711, app: 0o711, bin: 0o711, file: 0o755 });
    expect(await blockedPath(binary(), stranger, { execute: true })).toBeNull();
    // Search is not read: the file is runnable but not readable to a stranger without r.
    await chmod(binary(), 0o711);
    expect(await blockedPath(binary(), stranger, { read: true })).toBe(await realBinary());
  });

  it('uses group bits for members and owner bits for the owner only', async () => {
    await setModes({ root: 0o750, app: 0o750, bin: 0o750, file: 0o750 });
    expect(await blockedPath(binary(), groupMember, { read: true, execute: true })).toBeNull();
    expect(await blockedPath(binary(), stranger, { execute: true })).toBe(await realRoot());
    // The owner's bits apply to the owner even where the group's would allow more. Run as root,
    // the file is given to another owner (root itself passes everything).
    await chmod(binary(), 0o070);
    const fileOwner = me.uid === 0 ? { ...groupMember } : owner;
    if (me.uid === 0) await chown(binary(), fileOwner.uid, me.gid);
    try {
      expect(await blockedPath(binary(), fileOwner, { execute: true })).toBe(await realBinary());
    } finally {
      if (me.uid === 0) await chown(binary(), me.uid, me.gid);
    }
  });

  it('checks the needed access on the target itself', async () => {
    await setModes({ root: 0o755, app: 0o755, bin: 0o755, file: 0o644 });
    expect(await blockedPath(binary(), stranger, { read: true })).toBeNull();
    expect(await blockedPath(binary(), stranger, { execute: true })).toBe(await realBinary());
    expect(await blockedPath(path.join(root, 'app'), stranger, { write: true })).toBe(path.join(await realRoot(), 'app'));
  });

  it('follows symbolic links to where they lead', async () => {
    await setModes({ root: 0o700, app: 0o755, bin: 0o755, file: 0o755 });
    const open = await mkdtemp(path.join(os.tmpdir(), 'crema-access-link-'));
    try {
      await chmod(open, 0o755);
      await symlink(path.join(root, 'app'), path.join(open, 'app'));
      expect(await blockedPath(path.join(open, 'app', 'bin', 'postgres'), stranger, { execute: true })).toBe(await realRoot());
    } finally {
      await rm(open, { recursive: true, force: true });
    }
  });

  it.runIf(me.uid === 0)('treats a directory owned by the account by its owner bits (chown)', async () => {
    await setModes({ root: 0o700, app: 0o755, bin: 0o755, file: 0o755 });
    await chown(root, stranger.uid, stranger.gid);
    try {
      expect(await blockedPath(binary(), stranger, { execute: true })).toBeNull();
    } finally {
      await chown(root, me.uid, me.gid);
    }
  });

  it('lets root through everything', async () => {
    await setModes({ root: 0o700, app: 0o700, bin: 0o700, file: 0o700 });
    expect(await blockedPath(binary(), { uid: 0, gid: 0, groups: [] }, { read: true, execute: true })).toBeNull();
  });

  const realRoot = async () => (await import('node:fs/promises')).realpath(root);
  const realBinary = async () => (await import('node:fs/promises')).realpath(binary());
});
