import type { HomeworkUpload } from '@crema/contract';
import { ApiRequestError } from '../../api/client.ts';

// A picture of a curator's comment, sent as a learner's homework file is (the resumable upload of
// api/homework-uploads.ts; the server checks it against the task and keeps it until the comment is
// sent). The upload code loads only when the curator picks a file.

/** Uploads `file` for the homework block `blockId`; `onProgress` gets 0…100. Fails as ApiRequestError with the server's words. */
export async function uploadCommentFile(file: File, blockId: number, onProgress: (percent: number) => void): Promise<HomeworkUpload> {
  const { UPLOADS_ENDPOINT, startUpload } = await import('../../api/homework-uploads.ts');
  return new Promise((resolve, reject) => {
    void startUpload(file, blockId, 'photo', {
      onProgress: (sent, total) => onProgress(total ? Math.round((sent / total) * 100) : 0),
      onDone: (uploaded) => {
        onProgress(100);
        resolve(uploaded);
      },
      onFailed: (message) => reject(new ApiRequestError(0, { detail: message }, UPLOADS_ENDPOINT)),
    }).catch(reject);
  });
}
