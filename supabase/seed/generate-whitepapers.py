#!/usr/bin/env python3
"""Writes the seeded whitepaper PDFs into supabase/seed/storage/whitepapers/.

Standard library only. The output is deterministic (no timestamps, no random document IDs), so
re-running the script produces byte-identical files. Every page is laid out explicitly below, so the
page count of each PDF is fixed; it must match `whitepapers.pages` in supabase/seed.sql.

    python3 supabase/seed/generate-whitepapers.py          # write the PDFs
    python3 supabase/seed/generate-whitepapers.py --check  # fail if a committed PDF is stale
"""
import sys
import zlib
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ beside the seed
from whitepaper_papers import PAPERS  # noqa: E402  (the text; this file is the layout)

OUT_DIR = Path(__file__).resolve().parent / "storage" / "whitepapers"

# Letter size, 1 inch margins.
PAGE_W, PAGE_H = 612, 792
MARGIN = 72
TEXT_W = PAGE_W - 2 * MARGIN

NAVY = (0x0B / 255, 0x25 / 255, 0x45 / 255)
TEAL = (0x0E / 255, 0x7C / 255, 0x7B / 255)
AMBER = (0xF2 / 255, 0xA5 / 255, 0x41 / 255)
INK = (0x1F / 255, 0x29 / 255, 0x33 / 255)
MUTED = (0x52 / 255, 0x60 / 255, 0x6D / 255)
LINE = (0xD9 / 255, 0xE2 / 255, 0xEC / 255)

# Advance widths (1/1000 em) of the standard 14 fonts Helvetica and Helvetica-Bold for printable ASCII
# in WinAnsiEncoding (Adobe AFM metrics). Helvetica-Oblique shares the Helvetica widths.
_HELV = [278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
         556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
         1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
         667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
         333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
         556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584]
_BOLD = [278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
         556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
         975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
         667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
         333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
         611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584]
# A few non-ASCII characters, as (WinAnsi byte, Helvetica width, Helvetica-Bold width).
_EXTRA = {"\u2019": (0x92, 222, 278), "\u2013": (0x96, 556, 556), "\u2014": (0x97, 1000, 1000),
          "\u2022": (0x95, 350, 350), "\u00a7": (0xA7, 556, 556)}
FONTS = {"F1": "Helvetica", "F2": "Helvetica-Bold", "F3": "Helvetica-Oblique"}


def text_width(text, font, size):
    table = _BOLD if font == "F2" else _HELV
    total = 0
    for ch in text:
        if ch in _EXTRA:
            total += _EXTRA[ch][2 if font == "F2" else 1]
        else:
            code = ord(ch)
            if not 32 <= code <= 126:
                raise ValueError(f"character {ch!r} is not supported by the PDF writer")
            total += table[code - 32]
    return total * size / 1000


def pdf_string(text):
    out = bytearray(b"(")
    for ch in text:
        if ch in _EXTRA:
            out += b"\\%03o" % _EXTRA[ch][0]
        elif ch in "()\\":
            out += b"\\" + ch.encode("ascii")
        else:
            out += ch.encode("ascii")
    return bytes(out + b")")


def wrap(text, font, size, width):
    lines, current = [], ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if text_width(candidate, font, size) <= width:
            current = candidate
        else:
            if current:
                lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


class Canvas:
    """Collects the content stream of one page."""

    def __init__(self):
        self.ops = []

    def rect(self, x, y, w, h, color):
        self.ops.append(b"%.3f %.3f %.3f rg %.2f %.2f %.2f %.2f re f" % (*color, x, y, w, h))

    def line(self, x1, y1, x2, y2, color, width=1):
        self.ops.append(b"%.3f %.3f %.3f RG %.2f w %.2f %.2f m %.2f %.2f l S" % (*color, width, x1, y1, x2, y2))

    def text(self, x, y, value, font="F1", size=10.5, color=INK):
        self.ops.append(b"BT %.3f %.3f %.3f rg /%s %.1f Tf %.2f %.2f Td %s Tj ET"
                        % (*color, font.encode(), size, x, y, pdf_string(value)))

    def stream(self):
        return b"\n".join(self.ops) + b"\n"


def title_page(paper):
    c = Canvas()
    c.rect(0, PAGE_H - 200, PAGE_W, 200, NAVY)
    c.rect(MARGIN, PAGE_H - 204, 96, 4, AMBER)
    c.text(MARGIN, PAGE_H - 80, "ClaimBridge", "F2", 22, (1, 1, 1))
    c.text(MARGIN, PAGE_H - 102, "Revenue-cycle services and cloud software for HME/DME suppliers", "F1", 11,
           (0.85, 0.89, 0.93))
    c.text(MARGIN, PAGE_H - 160, paper["category"].upper() + " WHITEPAPER", "F2", 10, AMBER)
    y = PAGE_H - 270
    for line in wrap(paper["title"], "F2", 28, TEXT_W):
        c.text(MARGIN, y, line, "F2", 28, NAVY)
        y -= 34
    y -= 8
    for line in wrap(paper["subtitle"], "F1", 13, TEXT_W):
        c.text(MARGIN, y, line, "F1", 13, MUTED)
        y -= 19
    y -= 24
    c.line(MARGIN, y, MARGIN + TEXT_W, y, TEAL, 1.5)
    y -= 28
    c.text(MARGIN, y, "Inside this paper", "F2", 11, INK)
    y -= 18
    for number, page in enumerate(paper["pages"], start=2):
        c.text(MARGIN, y, page["heading"], "F1", 11, INK)
        label = f"page {number}"
        c.text(MARGIN + TEXT_W - text_width(label, "F1", 11), y, label, "F1", 11, MUTED)
        y -= 17
    c.text(MARGIN, 96, "ClaimBridge | www.claimbridge.com", "F2", 9, NAVY)
    for i, line in enumerate(wrap(DISCLAIMER, "F3", 8.5, TEXT_W)):
        c.text(MARGIN, 80 - i * 11, line, "F3", 8.5, MUTED)
    return c


DISCLAIMER = ("Educational material, not legal advice. Coverage rules change; confirm current LCDs, policy articles "
              "and payer policies before acting. Example figures are illustrative, not client data.")


def content_page(paper, page, number, total):
    c = Canvas()
    c.text(MARGIN, PAGE_H - 48, "ClaimBridge", "F2", 9, TEAL)
    short = paper["short_title"]
    c.text(MARGIN + TEXT_W - text_width(short, "F1", 9), PAGE_H - 48, short, "F1", 9, MUTED)
    c.line(MARGIN, PAGE_H - 56, MARGIN + TEXT_W, PAGE_H - 56, LINE)
    y = PAGE_H - 96
    for line in wrap(page["heading"], "F2", 18, TEXT_W):
        c.text(MARGIN, y, line, "F2", 18, NAVY)
        y -= 23
    c.rect(MARGIN, y + 10, 48, 3, AMBER)
    y -= 14
    for kind, value in page["blocks"]:
        if kind == "h":
            y -= 6
            c.text(MARGIN, y, value, "F2", 12, NAVY)
            y -= 18
        elif kind == "p":
            for line in wrap(value, "F1", 10.5, TEXT_W):
                c.text(MARGIN, y, line, "F1", 10.5, INK)
                y -= 15
            y -= 7
        elif kind == "ul":
            for item in value:
                c.text(MARGIN + 4, y, "\u2022", "F1", 10.5, TEAL)
                for line in wrap(item, "F1", 10.5, TEXT_W - 18):
                    c.text(MARGIN + 18, y, line, "F1", 10.5, INK)
                    y -= 15
                y -= 3
            y -= 6
        elif kind == "table":
            header, *rows = value
            col = [0, TEXT_W * 0.40, TEXT_W * 0.75]
            c.rect(MARGIN, y - 5, TEXT_W, 18, (0.961, 0.969, 0.980))
            for x, cell in zip(col, header):
                c.text(MARGIN + 6 + x, y, cell, "F2", 9.5, NAVY)
            y -= 19
            for row in rows:
                for x, cell in zip(col, row):
                    c.text(MARGIN + 6 + x, y, cell, "F1", 9.5, INK)
                c.line(MARGIN, y - 6, MARGIN + TEXT_W, y - 6, LINE, 0.5)
                y -= 18
            y -= 10
        elif kind == "note":
            for line in wrap(value, "F3", 9.5, TEXT_W):
                c.text(MARGIN, y, line, "F3", 9.5, MUTED)
                y -= 13
            y -= 6
        else:
            raise ValueError(kind)
    if y < 84:
        raise ValueError(f"{paper['file']}: page {number} overflows the bottom margin (y={y:.0f})")
    c.line(MARGIN, 60, MARGIN + TEXT_W, 60, LINE)
    c.text(MARGIN, 46, paper["title"], "F1", 8.5, MUTED)
    label = f"Page {number} of {total}"
    c.text(MARGIN + TEXT_W - text_width(label, "F1", 8.5), 46, label, "F1", 8.5, MUTED)
    return c


def build_pdf(paper):
    total = len(paper["pages"]) + 1
    canvases = [title_page(paper)] + [
        content_page(paper, page, number, total) for number, page in enumerate(paper["pages"], start=2)
    ]
    # Object numbers: 1 catalog, 2 pages, 3-5 fonts, 6 info, then a page and its content per page.
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        4: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
        5: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Oblique /Encoding /WinAnsiEncoding >>",
        6: b"<< /Title " + pdf_string(paper["title"]) + b" /Author (ClaimBridge) /Subject "
           + pdf_string(paper["subtitle"]) + b" /Producer (ClaimBridge seed generator) >>",
    }
    kids = []
    for index, canvas in enumerate(canvases):
        page_id, content_id = 7 + 2 * index, 8 + 2 * index
        kids.append(page_id)
        data = zlib.compress(canvas.stream(), 9)
        objects[page_id] = (
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] "
            b"/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents %d 0 R >>"
            % (PAGE_W, PAGE_H, content_id)
        )
        objects[content_id] = b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream"
    objects[2] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids), len(kids))

    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n"
    xref = len(out)
    count = max(objects) + 1
    out += b"xref\n0 %d\n0000000000 65535 f \n" % count
    for number in range(1, count):
        out += b"%010d 00000 n \n" % offsets[number]
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 6 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (count, xref)
    return bytes(out), total


def main():
    check = "--check" in sys.argv[1:]
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    stale = []
    for paper in PAPERS:
        data, pages = build_pdf(paper)
        path = OUT_DIR / paper["file"]
        if check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(paper["file"])
            continue
        path.write_bytes(data)
        print(f"{path.relative_to(OUT_DIR.parent.parent.parent.parent)}: {pages} pages, {len(data)} bytes")
    if stale:
        print("stale or missing: " + ", ".join(stale), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
