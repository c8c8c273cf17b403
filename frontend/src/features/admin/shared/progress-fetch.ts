/** Bytes of the request body sent so far, out of its total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Statuses whose responses cannot have a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A `fetch` over XMLHttpRequest, the one browser API that reports upload progress, for the
 * stock supabase-js client's `global.fetch` option. Handles what supabase-js sends: a URL, a
 * method, headers, a FormData/Blob/string body and an abort signal.
 */
export function progressFetch(onProgress: (progress: UploadProgress) => void): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const request = input instanceof Request ? input : null;
      const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
      const signal = init?.signal ?? request?.signal;
      if (signal?.aborted) {
        reject(new DOMException('The upload was aborted.', 'AbortError'));
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(init?.method ?? request?.method ?? 'GET', url);
      new Headers(init?.headers ?? request?.headers).forEach((value, key) => {
        xhr.setRequestHeader(key, value);
      });
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
      xhr.onload = () => {
        const body = NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as Blob);
        resolve(
          new Response(body, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: responseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      };
      xhr.onerror = () => {
        reject(new TypeError('Network request failed'));
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        reject(new DOMException('The upload was aborted.', 'AbortError'));
      };
      signal?.addEventListener(
        'abort',
        () => {
          xhr.abort();
        },
        { once: true },
      );
      xhr.send((init?.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
