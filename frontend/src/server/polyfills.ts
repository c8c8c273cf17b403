/**
 * What the server renderer's JavaScript engine (QuickJS, embedded in crates/site) lacks and
 * the app's libraries touch while loading: URL and URLSearchParams (react-router builds one at
 * load time), and the scheduling and encoding globals react-dom/server sets up at load time but
 * never uses for renderToString. Imported first by entry-server.tsx, so it runs before them.
 */
import 'core-js/actual/url';
import 'core-js/actual/url-search-params';

type Globals = Record<string, unknown>;
const globals = globalThis as unknown as Globals;

class InertMessagePort {
  onmessage: unknown = null;
  postMessage(): void {
    // renderToString never schedules work through it.
  }
}

globals.MessageChannel ??= class {
  port1 = new InertMessagePort();
  port2 = new InertMessagePort();
};

globals.TextEncoder ??= class {
  readonly encoding = 'utf-8';
  encode(text = ''): Uint8Array {
    const bytes: number[] = [];
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x80) bytes.push(code);
      else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
      else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
      else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    }
    return new Uint8Array(bytes);
  }
};

// No timers run between renders: a callback scheduled during a render runs at once, after it.
globals.setTimeout ??= (callback: () => void) => {
  void Promise.resolve().then(callback);
  return 0;
};
globals.clearTimeout ??= () => undefined;
