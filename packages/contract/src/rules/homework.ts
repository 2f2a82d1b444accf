// Homework's limits (decision 0087), for the server's checks and the lesson editor alike.

/** The server's own cap of one homework attachment, MB, whatever the owner sets. */
export const HOMEWORK_FILE_MAX_MB = 500;

/** The task's pictures, at most this many. */
export const HOMEWORK_TASK_IMAGES_MAX = 6;
