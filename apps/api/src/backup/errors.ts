/** A backup or restore that cannot go on: its message (Russian) says why and what to do. */
export class BackupError extends Error {}
