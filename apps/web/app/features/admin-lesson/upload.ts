import { CSRF_HEADER, SESSION_COOKIES, WEB_CLIENT_HEADER } from '@crema/contract/rules';
import { readCookie } from '../../lib/cookies.ts';
import { NETWORK_FAILED, SERVER_FAILED, messagesOf } from '../../api/problems.ts';

// Uploads of the lesson editor (POST /api/admin/uploads/?kind=…, multipart field `file`): through
// XMLHttpRequest, because fetch cannot report the upload's progress. The answer's key goes into
// the block; its URL shows the file in the editor until the lesson is saved.

export type UploadKind = 'image' | 'file' | 'video';

/** What the upload call answers (contract: AdminUpload). */
export interface Uploaded {
  key: string;
  url: string;
  content_type: string;
  size_bytes: number;
  original_name: string;
  width: number | null;
  height: number | null;
}

/** A refused or failed upload: the server's Russian text (or the browser's when it did not reach it). */
export class UploadError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join(' '));
    this.name = 'UploadError';
  }
}

/** What each kind accepts (the server checks the content; this only narrows the file picker). */
export const ACCEPT: Record<UploadKind, string> = {
  image: 'image/jpeg,image/png,image/webp,image/gif,image/avif',
  file: '.pdf,.docx,.xlsx,.pptx,.zip,.jpg,.jpeg,.png,.mp3',
  video: 'video/mp4,video/webm',
};

/** Sends one file; `onProgress` gets 0…100 while it goes up. */
export function uploadFile(kind: UploadKind, file: File, onProgress: (percent: number) => void): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/uploads/?kind=${kind}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(WEB_CLIENT_HEADER, 'web');
    const csrf = readCookie(document.cookie, SESSION_COOKIES.csrf);
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        onProgress(100);
        resolve(body as Uploaded);
        return;
      }
      const messages = messagesOf(body);
      reject(new UploadError(messages.length ? messages : [SERVER_FAILED]));
    });
    xhr.addEventListener('error', () => reject(new UploadError([NETWORK_FAILED])));
    xhr.addEventListener('abort', () => reject(new UploadError(['Загрузка прервана.'])));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
