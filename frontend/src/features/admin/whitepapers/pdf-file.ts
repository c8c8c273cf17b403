/**
 * What the admin reads from a chosen PDF before uploading it: whether its bytes are a PDF,
 * its page count, and the object name it is stored under.
 */

import { formatFileSize } from '@/lib/file-size';

/** Every PDF starts with this header (ISO 32000-1 §7.5.2); the storage server checks it too. */
const PDF_MAGIC = '%PDF-';

/** The whitepapers bucket's file_size_limit (supabase/seed.sql): 50 MiB. */
export const MAX_PDF_BYTES = 50 * 1024 * 1024;

/** True when the bytes start with the PDF header, whatever the file's name or declared type. */
export function isPdfBytes(head: Uint8Array): boolean {
  return PDF_MAGIC.split('').every((char, index) => head[index] === char.charCodeAt(0));
}

/**
 * The object name an upload is stored under: the title as a slug plus a random suffix, at the
 * bucket root (the public file check lists the root), e.g. "dme-denial-playbook-3f9a1c2e.pdf".
 * A new name per upload, so a replacement never overwrites the file the site still serves.
 */
export function pdfObjectName(title: string, random: () => string = () => crypto.randomUUID()): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const suffix = random().replace(/-/g, '').slice(0, 8);
  return `${slug || 'whitepaper'}-${suffix}.pdf`;
}

/** Bytes as text, one character per byte, so string offsets are byte offsets. */
function latin1(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes);
}

/** Whether the two characters at `index` are `<<` or `>>`. */
const pairAt = (text: string, index: number, char: '<' | '>') => text[index] === char && text[index + 1] === char;

/** The span (end exclusive) of the `<< ... >>` dictionary directly enclosing `position`, or null. */
function enclosingDictionary(text: string, position: number): { start: number; end: number } | null {
  let start = -1;
  for (let i = position - 1, depth = 0; i >= 0; i -= 1) {
    if (pairAt(text, i, '>')) {
      depth += 1;
      i -= 1;
    } else if (pairAt(text, i, '<')) {
      if (depth === 0) {
        start = i;
        break;
      }
      depth -= 1;
      i -= 1;
    }
  }
  if (start < 0) return null;
  for (let i = start, depth = 0; i < text.length - 1; i += 1) {
    if (pairAt(text, i, '<')) {
      depth += 1;
      i += 1;
    } else if (pairAt(text, i, '>')) {
      depth -= 1;
      i += 1;
      if (depth === 0) return { start, end: i + 1 };
    }
  }
  return null;
}

const PAGES_TYPE = /\/Type\s*\/Pages(?![A-Za-z0-9#])/;

/** The largest /Count of a page-tree node (/Type /Pages) in `text`: the root's is the page count. */
function largestPageTreeCount(text: string): number | null {
  let best: number | null = null;
  for (const match of text.matchAll(/\/Count\s+(\d+)/g)) {
    const count = Number(match[1]);
    const span = enclosingDictionary(text, match.index);
    const dictionary = span ? text.slice(span.start, span.end) : '';
    if (count > 0 && PAGES_TYPE.test(dictionary) && (best === null || count > best)) {
      best = count;
    }
  }
  return best;
}

/** The decompressed contents of the object streams (/Type /ObjStm, FlateDecode) in `text`. */
async function objectStreams(bytes: Uint8Array, text: string): Promise<string[]> {
  const found: string[] = [];
  for (const match of text.matchAll(/\/Type\s*\/ObjStm(?![A-Za-z0-9#])/g)) {
    const span = enclosingDictionary(text, match.index);
    if (!span) continue;
    const dictionary = text.slice(span.start, span.end);
    const keyword = /^\s*stream\r?\n/.exec(text.slice(span.end, span.end + 32));
    if (!keyword || !/\/Filter\s*\/FlateDecode/.test(dictionary)) continue;
    const dataStart = span.end + keyword[0].length;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    const dataEnd = length ? dataStart + Number(length[1]) : text.indexOf('endstream', dataStart);
    if (dataEnd <= dataStart) continue;
    try {
      const compressed = bytes.slice(dataStart, dataEnd);
      const stream = new ReadableStream<BufferSource>({
        start(controller) {
          controller.enqueue(compressed);
          controller.close();
        },
      }).pipeThrough(new DecompressionStream('deflate'));
      found.push(latin1(new Uint8Array(await new Response(stream).arrayBuffer())));
    } catch {
      // A stream we cannot inflate: its objects stay unread.
    }
  }
  return found;
}

/**
 * The page count of a PDF: the /Count of its page tree's root (the largest /Count of any
 * /Type /Pages node), also inside compressed object streams. Null when it cannot be read
 * (encrypted or damaged files): the admin then types the count.
 */
export async function readPdfPageCount(bytes: Uint8Array): Promise<number | null> {
  const text = latin1(bytes);
  const plain = largestPageTreeCount(text);
  if (plain !== null) return plain;
  let best: number | null = null;
  for (const contents of await objectStreams(bytes, text)) {
    const count = largestPageTreeCount(contents);
    if (count !== null && (best === null || count > best)) best = count;
  }
  return best;
}

export type PdfCheck = { ok: true; pages: number | null } | { ok: false; title: string; reason: string };

/** Checks a chosen file: not empty, within the bucket's size limit, PDF bytes; reads its pages. */
export async function checkPdfFile(file: Blob): Promise<PdfCheck> {
  if (file.size === 0) return { ok: false, title: 'Empty file', reason: 'The file is empty.' };
  if (file.size > MAX_PDF_BYTES) {
    return {
      ok: false,
      title: 'File too large',
      reason: `The file is ${formatFileSize(file.size)}; the limit is ${formatFileSize(MAX_PDF_BYTES)}.`,
    };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!isPdfBytes(bytes)) {
    return {
      ok: false,
      title: 'Not a PDF',
      reason: 'This file is not a PDF: its contents do not start with a PDF header.',
    };
  }
  return { ok: true, pages: await readPdfPageCount(bytes) };
}
