import { SESSION_KEY_PATTERN } from '@crema/contract/rules';

// A guest's session key: a random id kept in this
// browser's localStorage, so a guest's applications (and, later, orders) are told apart from
// other guests' behind the same address. Nothing secret: it only groups a guest's own sends.

const STORAGE_KEY = 'crema_session_key';

/** 32 random hex digits (crypto.getRandomValues works on plain http too, unlike randomUUID). */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** This browser's guest key, made on first use; undefined when storage is off (private mode). */
export function guestSessionKey(): string | undefined {
  try {
    const kept = localStorage.getItem(STORAGE_KEY);
    if (kept && SESSION_KEY_PATTERN.test(kept)) return kept;
    const made = randomId();
    localStorage.setItem(STORAGE_KEY, made);
    return made;
  } catch {
    return undefined;
  }
}
