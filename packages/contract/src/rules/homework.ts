// Homework's limits (decision 0087), for the server's checks and the lesson editor alike.

/** The server's own cap of one homework attachment, MB, whatever the owner sets. */
export const HOMEWORK_FILE_MAX_MB = 500;

/** The task's pictures, at most this many. */
export const HOMEWORK_TASK_IMAGES_MAX = 6;

/**
 * What a homework file picker offers, per kind (the learner's answer, the curator's comment): the
 * types the server takes (it reads each file's content, whatever its name or this list says).
 */
export const HOMEWORK_PICKER_ACCEPT = {
  photo: 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif',
  video: 'video/mp4,video/webm,video/quicktime',
  file: '.pdf,.docx,.xlsx,.pptx,.odt,.ods,.odp,.zip,.jpg,.jpeg,.png,.mp3,.m4a',
} as const satisfies Record<'photo' | 'video' | 'file', string>;
