import { beforeEach, describe, expect, it, vi } from 'vitest';
import { progressFetch, type UploadProgress } from './progress-fetch';

/** Just enough of XMLHttpRequest to drive progressFetch by hand. */
class FakeXhr {
  static last: FakeXhr | undefined;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  requestHeaders: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown = undefined;
  responseType = '';
  status = 0;
  statusText = '';
  response: unknown = null;
  aborted = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\nx-request-id: r-1\r\n';
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  respond(status: number, body: string | null) {
    this.status = status;
    this.statusText = status === 200 ? 'OK' : '';
    this.response = body;
    this.onload?.();
  }
}

const sent = () => {
  if (!FakeXhr.last) throw new Error('nothing sent');
  return FakeXhr.last;
};

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('progressFetch', () => {
  it('sends the request over XHR, reports upload progress and answers a Response', async () => {
    const progress: UploadProgress[] = [];
    const body = new FormData();
    const answer = progressFetch((event) => progress.push(event))(
      'http://localhost/storage/v1/object/whitepapers/a.pdf',
      {
        method: 'POST',
        headers: { Authorization: 'Bearer t', 'x-upsert': 'false' },
        body,
      },
    );
    const xhr = sent();
    expect([xhr.method, xhr.url, xhr.body, xhr.responseType]).toEqual([
      'POST',
      'http://localhost/storage/v1/object/whitepapers/a.pdf',
      body,
      'blob',
    ]);
    expect(xhr.requestHeaders).toEqual({ authorization: 'Bearer t', 'x-upsert': 'false' });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 512, total: 2048 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 0, total: 0 });
    xhr.respond(200, '{"Key":"whitepapers/a.pdf"}');
    const response = await answer;
    expect(progress).toEqual([{ loaded: 512, total: 2048 }]);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('r-1');
    expect(await response.json()).toEqual({ Key: 'whitepapers/a.pdf' });
  });

  it('answers error statuses as responses and null-body statuses without a body', async () => {
    const refused = progressFetch(() => undefined)(new URL('http://localhost/x'), { method: 'POST' });
    sent().respond(400, '{"statusCode":"415"}');
    expect((await refused).status).toBe(400);
    const empty = progressFetch(() => undefined)('http://localhost/y');
    sent().respond(204, 'ignored');
    expect(await (await empty).text()).toBe('');
  });

  it('rejects on network errors and aborts', async () => {
    const failing = progressFetch(() => undefined)('http://localhost/z');
    sent().onerror?.();
    await expect(failing).rejects.toThrow('Network request failed');

    const controller = new AbortController();
    const aborted = progressFetch(() => undefined)('http://localhost/z', { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent().aborted).toBe(true);
  });
});
