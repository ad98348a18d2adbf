import { authClient, transport } from '@/api/connect';

/** SPEC.md section 7: the upload is multipart, not Connect, so that the browser reports progress. */
export const UPLOAD_PATH = '/api/files/upload';

export interface UploadRequest {
  caseId: string;
  title: string;
  note: string;
  files: File[];
  /** 0 to 100 as bytes reach the server. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(req: UploadRequest): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATH);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) req.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      resolve({ status: xhr.status, body: xhr.responseText });
    };
    xhr.onerror = () => {
      reject(new UploadError(0, 'Network error. Please check your connection and try again.'));
    };
    xhr.onabort = () => {
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };
    req.signal?.addEventListener('abort', () => {
      xhr.abort();
    });
    const form = new FormData();
    form.append('case_id', req.caseId);
    form.append('document_title', req.title);
    form.append('note', req.note);
    for (const file of req.files) form.append('files', file, file.name);
    xhr.send(form);
  });
}

function messageOf(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // not JSON: fall through
  }
  return `Upload failed: ${status} ${body}`.trim();
}

/**
 * Uploads files to a case. On 401 the session is renewed through the app's one Connect
 * transport (whose interceptor shares a single refresh among all callers and fires
 * 'tokenRefreshed' or 'sessionExpired'), then the upload is retried once.
 */
export async function uploadDocuments(req: UploadRequest): Promise<void> {
  let res = await send(req);
  if (res.status === 401) {
    await authClient(transport).me({});
    req.onProgress?.(0);
    res = await send(req);
  }
  if (res.status < 200 || res.status >= 300) throw new UploadError(res.status, messageOf(res.status, res.body));
}

/** The download address: the server sends the original name and extension as an attachment. */
export function downloadUrl(documentUrl: string): string {
  return `${documentUrl}${documentUrl.includes('?') ? '&' : '?'}download=1`;
}

/** SPEC.md section 2: the title defaults to the first file's name without its extension. */
export function defaultTitle(files: readonly File[]): string {
  const name = files[0]?.name ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
