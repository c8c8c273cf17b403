import { describe, expect, it } from 'vitest';
import { checkPdfFile, isPdfBytes, MAX_PDF_BYTES, pdfObjectName, readPdfPageCount } from './pdf-file';

const ascii = (text: string) => new TextEncoder().encode(text);

/** A small valid PDF: catalog, page tree, `pages` pages and a correct xref table. */
function buildPdf(pages: number, extraObjects: string[] = []): Uint8Array<ArrayBuffer> {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'),
    ...extraObjects,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return ascii(body);
}

function byteStream(bytes: Uint8Array<ArrayBuffer>): ReadableStream<BufferSource> {
  return new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

async function deflate(text: string): Promise<Uint8Array> {
  const stream = byteStream(ascii(text)).pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

describe('isPdfBytes', () => {
  it('accepts the %PDF- header only', () => {
    expect(isPdfBytes(buildPdf(1))).toBe(true);
    expect(isPdfBytes(ascii('%PDF-2.0\n'))).toBe(true);
    expect(isPdfBytes(Uint8Array.from(PNG_HEAD))).toBe(false);
    expect(isPdfBytes(ascii('%PDF'))).toBe(false);
    expect(isPdfBytes(ascii(' %PDF-1.4'))).toBe(false);
    expect(isPdfBytes(new Uint8Array())).toBe(false);
  });
});

describe('readPdfPageCount', () => {
  it('reads the page tree of a generated 3-page PDF', async () => {
    expect(await readPdfPageCount(buildPdf(3))).toBe(3);
    expect(await readPdfPageCount(buildPdf(1))).toBe(1);
  });

  it('ignores /Count outside page-tree nodes and takes the root of a nested tree', async () => {
    const outlines = buildPdf(2, ['<< /Type /Outlines /Count 12 >>']);
    expect(await readPdfPageCount(outlines)).toBe(2);
    const nested = ascii(
      '%PDF-1.7\n1 0 obj\n<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 9 >>\nendobj\n' +
        '2 0 obj\n<</Type/Pages/Parent 1 0 R/Kids[4 0 R]/Count 4/Resources<</Font<<>>>>>>\nendobj\n' +
        '3 0 obj\n<< /Type /Page /Parent 1 0 R >>\nendobj\n',
    );
    expect(await readPdfPageCount(nested)).toBe(9);
  });

  it('reads a page tree stored in a compressed object stream', async () => {
    const contents = '1 0 2 36 << /Type /Catalog /Pages 2 0 R >> << /Type /Pages /Kids [3 0 R] /Count 7 >>';
    const data = await deflate(contents);
    const head = ascii(
      `%PDF-1.5\n4 0 obj\n<< /Type /ObjStm /N 2 /First 9 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
    );
    const tail = ascii('\nendstream\nendobj\n%%EOF\n');
    const pdf = new Uint8Array([...head, ...data, ...tail]);
    expect(await readPdfPageCount(pdf)).toBe(7);
  });

  it('is null when no page tree can be read', async () => {
    expect(await readPdfPageCount(ascii('%PDF-1.4\n%garbage only\n'))).toBeNull();
    expect(await readPdfPageCount(ascii('%PDF-1.4\n1 0 obj << /Type /Pages /Count 0 >> endobj'))).toBeNull();
    const broken = ascii(
      '%PDF-1.5\n1 0 obj\n<< /Type /ObjStm /Filter /FlateDecode /Length 5 >>\nstream\nnope!\nendstream\n',
    );
    expect(await readPdfPageCount(broken)).toBeNull();
  });
});

describe('checkPdfFile', () => {
  it('accepts a PDF and reads its pages', async () => {
    const file = new File([buildPdf(3)], 'guide.pdf', { type: 'application/pdf' });
    expect(await checkPdfFile(file)).toEqual({ ok: true, pages: 3 });
  });

  it('refuses a PNG named .pdf and declared as a PDF', async () => {
    const file = new File([Uint8Array.from(PNG_HEAD)], 'chart.pdf', { type: 'application/pdf' });
    const check = await checkPdfFile(file);
    expect(check).toMatchObject({
      ok: false,
      title: 'Not a PDF',
      reason: expect.stringContaining('not a PDF') as unknown,
    });
  });

  it('refuses empty and oversized files before reading them', async () => {
    expect(await checkPdfFile(new File([], 'empty.pdf'))).toEqual({
      ok: false,
      title: 'Empty file',
      reason: 'The file is empty.',
    });
    const huge = { size: MAX_PDF_BYTES + 5 * 1024 * 1024 } as Blob;
    expect(await checkPdfFile(huge)).toEqual({
      ok: false,
      title: 'File too large',
      reason: 'The file is 55 MB; the limit is 50 MB.',
    });
  });
});

describe('pdfObjectName', () => {
  const random = () => '3f9a1c2e-0000-4000-8000-000000000000';

  it('is the title as a slug plus a short random suffix, at the bucket root', () => {
    expect(pdfObjectName('The DME Denial Management Playbook', random)).toBe(
      'the-dme-denial-management-playbook-3f9a1c2e.pdf',
    );
    expect(pdfObjectName('Days in A/R: a worksheet (2026)', random)).toBe('days-in-a-r-a-worksheet-2026-3f9a1c2e.pdf');
    expect(pdfObjectName('Résumé of CMN/DWO rules', random)).toBe('resume-of-cmn-dwo-rules-3f9a1c2e.pdf');
  });

  it('falls back to "whitepaper" and keeps names short', () => {
    expect(pdfObjectName('   ///  ', random)).toBe('whitepaper-3f9a1c2e.pdf');
    const long = pdfObjectName('x'.repeat(59) + ' yy', random);
    expect(long).toBe(`${'x'.repeat(59)}-3f9a1c2e.pdf`);
  });

  it('differs between uploads of the same title', () => {
    expect(pdfObjectName('Same title')).not.toBe(pdfObjectName('Same title'));
  });
});
