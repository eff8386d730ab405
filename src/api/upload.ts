import { refreshSession } from './client';
import { ExpiredToken, errorFromResponse, networkError, sessionExpiredError } from './errors';
import { getAccessToken, type TokenSetName } from './tokens';

/* One file sent as multipart (field `file`) with its progress, shared by every upload the shop takes. */

export interface UploadOptions {
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/** One XHR upload (fetch reports no upload progress): resolves with the status and the parsed body. */
function sendFile(
  url: string,
  file: File,
  token: string,
  { onProgress, signal }: UploadOptions,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = request.responseText;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Left as text: errorFromResponse reports a body that is not spec §8's.
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

/** Uploads `file` to `url` under the session `set`; an expired token is refreshed once and the file sent again. */
export async function uploadFile(
  url: string,
  file: File,
  set: TokenSetName,
  options: UploadOptions,
): Promise<unknown> {
  let token = getAccessToken(set);
  if (!token) throw sessionExpiredError();
  for (let attempt = 0; ; attempt += 1) {
    const { status, body } = await sendFile(url, file, token, options);
    if (status >= 200 && status < 300) return body;
    const error = await errorFromResponse(status, body, url);
    if (error.kind !== ExpiredToken || attempt > 0) throw error;
    token = (await refreshSession(set)).accessToken;
  }
}
