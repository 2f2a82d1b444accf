// Where the learner stopped in a lesson's video, kept in localStorage per lesson and video
// ("remember the position"). Storage may be unavailable (private mode, quota): then nothing is
// remembered and nothing breaks.

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const videoPositionKey = (courseId: number, lessonId: number, blockId: number) =>
  `crema:video:${courseId}:${lessonId}:${blockId}`;

/** The saved second to resume from, or 0. */
export function readPosition(store: Store | null, key: string): number {
  try {
    const value = Number(store?.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

/** The last 3 s of a video, or its last 5 % when shorter: a position there counts as finished. */
export function nearEnd(seconds: number, duration: number): boolean {
  if (!Number.isFinite(duration) || duration <= 0) return false;
  return duration - seconds < Math.min(3, duration * 0.05);
}

/**
 * Saves the position (whole seconds). Under a second or near the end it is forgotten: a finished
 * video starts from the beginning next time.
 */
export function savePosition(store: Store | null, key: string, seconds: number, duration: number): void {
  try {
    if (!Number.isFinite(seconds) || seconds < 1 || nearEnd(seconds, duration)) store?.removeItem(key);
    else store?.setItem(key, String(Math.floor(seconds)));
  } catch {
    // Storage refused: the position is simply not remembered.
  }
}
