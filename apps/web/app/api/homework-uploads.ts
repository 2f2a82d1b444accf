import type { HomeworkUpload } from '@crema/contract';
import { CSRF_HEADER, SESSION_COOKIES, WEB_CLIENT_HEADER } from '@crema/contract/rules';
import { readCookie } from '../lib/cookies.ts';

// A homework file's way up (decision 0087): the tus resumable protocol to /api/homework/uploads/,
// in parts, so a video from a phone on a weak connection goes on where it stopped — after a
// dropped connection by itself (retries, and again when the browser is back online), after a pause
// or a failure by 'Продолжить', and even after a reload when the same file is picked again (the
// upload's address is kept in localStorage by the file and the task). tus-js-client loads with the
// first file picked, never with a page. The last part's answer is the checked file (HomeworkUpload).
// The learner's answer and the curator's comment both send their files through here.

export const UPLOADS_ENDPOINT = '/api/homework/uploads/';
/** One PATCH at most: a proxy's body cap never cuts a part, and a lost part costs little. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** Tries after a lost part (about 10 s in all); then 'Продолжить', or the browser coming back online. */
const RETRY_DELAYS = [0, 1000, 3000, 6000];

export interface UploadCallbacks {
  onProgress: (sent: number, total: number) => void;
  onDone: (uploaded: HomeworkUpload) => void;
  /** A refusal of the server (its Russian words), or a lost connection after every retry (`retry` true). */
  onFailed: (message: string, retry: boolean) => void;
}

export interface RunningUpload {
  /** Stops sending; `resume` goes on from what the server has. */
  pause: () => void;
  resume: () => void;
  /** Stops and tells the server to drop what it got. */
  cancel: () => void;
}

const NETWORK_LOST = 'Связь прервалась. Загрузка продолжится с того же места: нажмите «Продолжить».';

/** The server's words of a refusal: `{ file: ['…'] }`, `{ detail: '…' }`, or the first message of any field. */
export function refusalText(body: string | undefined | null): string {
  try {
    const parsed = JSON.parse(body ?? '') as Record<string, unknown>;
    if (typeof parsed.detail === 'string') return parsed.detail;
    for (const value of Object.values(parsed)) {
      const first = Array.isArray(value) ? value.find((item) => typeof item === 'string') : value;
      if (typeof first === 'string') return first;
    }
  } catch {
    // Not our problem shape (a proxy's page): the general words below.
  }
  return 'Файл не загрузился. Попробуйте ещё раз.';
}

/** The upload id of a tus address '/api/homework/uploads/{id}/'. */
export const uploadIdOf = (url: string | null) => (url ?? '').replace(/\/+$/, '').split('/').pop() ?? '';

/** Starts sending `file` for the homework block; resumes an unfinished upload of the same file for the same block. */
export async function startUpload(file: File, blockId: number, kind: HomeworkUpload['kind'], callbacks: UploadCallbacks): Promise<RunningUpload> {
  const tus = await import('tus-js-client');
  const headers: Record<string, string> = { [WEB_CLIENT_HEADER]: 'web' };
  const csrf = readCookie(document.cookie, SESSION_COOKIES.csrf);
  if (csrf) headers[CSRF_HEADER] = csrf;
  // Why it stands still: paused by the person, or the connection lost after every retry; null while it runs or once done.
  let stopped: 'paused' | 'lost' | null = null;
  let finished = false;
  const go = () => {
    if (finished || stopped === null) return;
    stopped = null;
    upload.start();
  };
  const online = () => {
    if (stopped === 'lost') go();
  };
  const end = () => {
    finished = true;
    window.removeEventListener('online', online);
  };
  const upload: InstanceType<typeof tus.Upload> = new tus.Upload(file, {
    endpoint: UPLOADS_ENDPOINT,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { block: String(blockId), filename: file.name, filetype: file.type },
    headers,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // Kept per task: the same photo picked for another task is another upload.
    fingerprint: async (picked) => ['crema-homework', blockId, picked instanceof File ? `${picked.name}-${picked.type}-${picked.size}-${picked.lastModified}` : ''].join('/'),
    onProgress: (sent, total) => callbacks.onProgress(sent, total),
    onSuccess: ({ lastResponse }) => {
      end();
      let uploaded: HomeworkUpload | null = null;
      try {
        const body = JSON.parse(lastResponse.getBody() ?? '') as HomeworkUpload;
        if (body && typeof body.upload === 'string') uploaded = body;
      } catch {
        // The last answer was lost and the offset learned by HEAD: the file is checked, its id is the address's.
      }
      callbacks.onDone(uploaded ?? { upload: uploadIdOf(upload.url), kind, name: file.name, size_bytes: file.size, content_type: file.type });
    },
    onError: (error) => {
      const response = 'originalResponse' in error ? error.originalResponse : null;
      const status = response?.getStatus() ?? 0;
      if (status >= 400 && status < 500) {
        end();
        callbacks.onFailed(refusalText(response?.getBody()), false);
        return;
      }
      stopped = 'lost';
      callbacks.onFailed(NETWORK_LOST, true);
    },
  });
  // Back online after the retries gave up: go on by itself.
  window.addEventListener('online', online);
  const previous = await upload.findPreviousUploads();
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  upload.start();
  return {
    pause: () => {
      if (finished) return;
      stopped = 'paused';
      void upload.abort(false);
    },
    resume: go,
    cancel: () => {
      end();
      void upload.abort(true).catch(() => {});
    },
  };
}
