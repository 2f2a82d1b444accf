import type { HomeworkUpload } from "@crema/contract";
import {
  CSRF_HEADER,
  SESSION_COOKIES,
  WEB_CLIENT_HEADER,
} from "@crema/contract/rules";
import { ApiRequestError } from "../../api/client.ts";
import { NETWORK_FAILED } from "../../api/problems.ts";
import { readCookie } from "../../lib/cookies.ts";

// A picture of a curator's comment, sent by the tus resumable protocol to the homework uploads
// (the server checks it as a learner's file of the same task and keeps it until the comment is sent).
// The upload library loads only when the curator picks a file.

const ENDPOINT = "/api/homework/uploads/";
/** One request's part: a phone on a weak connection goes on from the last whole part. */
const CHUNK_BYTES = 5 * 1024 * 1024;

function bodyOf(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Uploads `file` for the homework block `blockId`; `onProgress` gets 0…100. Fails as ApiRequestError with the server's words. */
export async function uploadCommentFile(
  file: File,
  blockId: number,
  onProgress: (percent: number) => void,
): Promise<HomeworkUpload> {
  const { Upload } = await import("tus-js-client");
  const headers: Record<string, string> = {
    accept: "application/json",
    [WEB_CLIENT_HEADER]: "web",
  };
  const csrf = readCookie(document.cookie, SESSION_COOKIES.csrf);
  if (csrf) headers[CSRF_HEADER] = csrf;
  return new Promise((resolve, reject) => {
    let result: HomeworkUpload | null = null;
    const upload = new Upload(file, {
      endpoint: ENDPOINT,
      metadata: {
        block: String(blockId),
        filename: file.name,
        filetype: file.type,
      },
      headers,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) =>
        onProgress(total ? Math.round((sent / total) * 100) : 0),
      onAfterResponse: (_request, response) => {
        const body = bodyOf(response.getBody());
        if (body && typeof body === "object" && "upload" in body)
          result = body as HomeworkUpload;
      },
      onError: (error) => {
        const response =
          "originalResponse" in error ? error.originalResponse : null;
        if (!response)
          reject(new ApiRequestError(0, { detail: NETWORK_FAILED }, ENDPOINT));
        else
          reject(
            new ApiRequestError(
              response.getStatus(),
              bodyOf(response.getBody()) ?? {
                detail: "Файл не загрузился. Попробуйте ещё раз.",
              },
              ENDPOINT,
            ),
          );
      },
      onSuccess: () => {
        onProgress(100);
        if (result) resolve(result);
        else
          reject(
            new ApiRequestError(
              0,
              { detail: "Файл не загрузился. Попробуйте ещё раз." },
              ENDPOINT,
            ),
          );
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}
