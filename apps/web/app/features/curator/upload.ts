import type { HomeworkUpload } from '@crema/contract';
import { ApiRequestError } from '../../api/client.ts';

// A file of a curator's comment — a photo, a video or a document — sent as a learner's homework file
// is (the resumable upload of api/homework-uploads.ts; the server reads its kind from the content,
// checks it against the curators' own rule and keeps it until the comment is sent). The upload code
// loads only when the curator picks a file.

/** The kind a picked file is taken for until the server has read it: by the type the browser gives. */
export function commentFileKind(file: { type: string }): HomeworkUpload['kind'] {
  if (file.type.startsWith('video/')) return 'video';
  if (/^image\/(jpeg|png|webp|avif)$/.test(file.type)) return 'photo';
  return 'file';
}

/** Uploads `file` for the homework block `blockId`; `onProgress` gets 0…100. Fails as ApiRequestError with the server's words. */
export async function uploadCommentFile(file: File, blockId: number, onProgress: (percent: number) => void): Promise<HomeworkUpload> {
  const { UPLOADS_ENDPOINT, startUpload } = await import('../../api/homework-uploads.ts');
  return new Promise((resolve, reject) => {
    void startUpload(file, blockId, commentFileKind(file), {
      onProgress: (sent, total) => onProgress(total ? Math.round((sent / total) * 100) : 0),
      onDone: (uploaded) => {
        onProgress(100);
        resolve(uploaded);
      },
      onFailed: (message) => reject(new ApiRequestError(0, { detail: message }, UPLOADS_ENDPOINT)),
    }).catch(reject);
  });
}
