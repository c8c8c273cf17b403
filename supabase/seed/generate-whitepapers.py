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


PAPERS = [
    {
        "file": "dme-denial-management-playbook.pdf",
        "title": "The DME Denial Management Playbook",
        "short_title": "Denial Management Playbook",
        "subtitle": "How HME/DME suppliers sort, work and prevent claim denials with one worklist and a weekly "
                    "root-cause review.",
        "category": "Revenue Cycle",
        "pages": [
            {
                "heading": "Why denials need a worklist, not an inbox",
                "blocks": [
                    ("p", "Most equipment suppliers do not lose money on the denials they appeal. They lose it on "
                          "the denials nobody opens. A Medicare denial that sits in a clearinghouse report for 60 "
                          "days has used half of the 120 days allowed for a redetermination, and rental claims "
                          "repeat the same error every month until someone fixes the cause."),
                    ("h", "The arithmetic of a typical month"),
                    ("p", "Take an example supplier that submits 2,400 claim lines a month with an initial denial "
                          "rate of 9 percent. That is 216 denied lines. At an average allowed amount of $140, the "
                          "month puts $30,240 at risk. If a quarter of those lines are never reworked, the supplier "
                          "writes off about $7,560 a month, or $90,720 a year, before counting staff time."),
                    ("h", "Three numbers to watch"),
                    ("ul", [
                        "Initial denial rate: denied lines divided by submitted lines, by payer and by HCPCS family.",
                        "Days from denial to action: the time between the remittance and the first corrected "
                        "claim, reopening or appeal. Aim for 7 days or less.",
                        "Overturn rate: the share of worked denials that end in payment. A low rate means the "
                        "team is appealing what it should be correcting, or the reverse.",
                    ]),
                    ("p", "The rest of this playbook shows how to group denials by root cause, build a worklist "
                          "that puts the right claim in front of the right person, and feed what you learn back "
                          "into intake so the same denial does not come back next month."),
                ],
            },
            {
                "heading": "Sort denials by root cause",
                "blocks": [
                    ("p", "Claim adjustment reason codes (CARCs) and remittance advice remark codes (RARCs) tell "
                          "you what the payer decided, not who on your team can fix it. Map each code to an owner "
                          "before it reaches the worklist."),
                    ("table", [
                        ("Root cause", "Common CARCs", "Owner"),
                        ("Eligibility and coverage", "CO-22, CO-27, CO-31, CO-109", "Intake"),
                        ("Missing or invalid information", "CO-16 with RARCs", "Billing"),
                        ("Authorization", "CO-15, CO-197", "Prior auth team"),
                        ("Modifier or coding", "CO-4, CO-97", "Coding"),
                        ("Medical necessity", "CO-50, CO-167", "Documentation"),
                        ("Duplicate", "CO-18", "Billing"),
                        ("Timely filing", "CO-29", "Billing lead"),
                    ]),
                    ("p", "Read the RARC with every CO-16. The CARC only says information is missing; the remark "
                          "code says which field, such as a missing ordering provider NPI or an invalid date span "
                          "on a rental line."),
                    ("h", "Correct, reopen or appeal"),
                    ("ul", [
                        "Rejected before adjudication: fix and resubmit. It was never a claim determination.",
                        "Clerical error on a processed Medicare claim: request a reopening, available for one "
                        "year from the initial determination.",
                        "Disagreement on coverage or documentation: file a redetermination within 120 days of "
                        "receiving the initial determination, with the records that answer the denial reason.",
                    ]),
                ],
            },
            {
                "heading": "Build the worklist",
                "blocks": [
                    ("p", "A useful denial worklist has one row per denied line and enough context that the person "
                          "working it never has to open three systems to decide what to do."),
                    ("h", "Fields every row needs"),
                    ("ul", [
                        "Patient account, payer, plan type and the HCPCS code with its modifiers.",
                        "CARC, RARC and the group code (CO, PR, OA), with the owner from your root-cause map.",
                        "Billed and expected amounts, the date of denial and the last date to appeal.",
                        "For rentals, the rental month and whether later months are on hold behind this one.",
                    ]),
                    ("h", "Priority that reflects money and deadlines"),
                    ("p", "Sort by expected amount multiplied by the likelihood of recovery, then pull anything "
                          "within 15 days of its appeal or timely-filing deadline to the top. A $38 supply line "
                          "with a clear fix can wait a day; a $1,900 power wheelchair base with 10 days left "
                          "cannot."),
                    ("h", "Assignment rules"),
                    ("ul", [
                        "Route by root cause first, payer second. Your authorization specialist should see every "
                        "CO-197 across payers.",
                        "Cap each queue at what one person can work in a day, about 40 to 60 lines for corrected "
                        "claims and 8 to 12 for written appeals.",
                        "Close a row only with an outcome: corrected, reopened, appealed, written off with a "
                        "reason, or transferred to patient responsibility.",
                    ]),
                ],
            },
            {
                "heading": "Prevent the repeat",
                "blocks": [
                    ("p", "Working denials recovers money. Preventing them recovers staff time as well. Hold a "
                          "30-minute review every week with intake, documentation, billing and the prior "
                          "authorization team."),
                    ("h", "The weekly review agenda"),
                    ("ul", [
                        "Top five denial reasons by dollars for the last 30 days, by payer.",
                        "One root cause to fix this week, with a named owner and a date.",
                        "Any rule change from a payer bulletin, LCD revision or fee schedule update.",
                        "Last week's fix: did denials for that reason fall?",
                    ]),
                    ("h", "Fixes that usually pay back first"),
                    ("ul", [
                        "Re-verify eligibility before every rental month, not only at setup.",
                        "Hold claims until the order, proof of delivery and required notes are attached, using a "
                        "checklist per HCPCS family.",
                        "Build modifier rules into claim edits: KX only when the documentation supports it, GA "
                        "only with a signed ABN on file.",
                        "Stop duplicate submissions by checking claim status before resubmitting.",
                    ]),
                    ("note", "ClaimBridge runs this playbook for suppliers as a managed service and inside its denial "
                             "worklist software. Talk to us at www.claimbridge.com/contact."),
                ],
            },
        ],
    },
    {
        "file": "dme-prior-authorization-field-guide.pdf",
        "title": "Prior Authorization Field Guide for PAP, Oxygen and Mobility",
        "short_title": "Prior Authorization Field Guide",
        "subtitle": "What complete requests contain, how to track them to a decision, and how to keep rental "
                    "authorizations from lapsing.",
        "category": "Prior Authorization",
        "pages": [
            {
                "heading": "Where prior authorization applies",
                "blocks": [
                    ("p", "Prior authorization rules for equipment differ by payer, and the differences matter "
                          "more than the similarities. Build your intake around the payer mix you actually have."),
                    ("h", "Traditional Medicare"),
                    ("p", "CMS keeps a Required Prior Authorization List for DMEPOS. It covers selected power "
                          "mobility devices, pressure reducing support surfaces, certain lower-limb prostheses "
                          "and certain orthoses. CMS adds codes with advance notice, so check the list each "
                          "quarter. An affirmed request gives a unique tracking number (UTN) that must appear on "
                          "the claim."),
                    ("h", "Medicare Advantage, Medicaid and commercial plans"),
                    ("p", "These plans set their own lists. Many require authorization for PAP devices, oxygen, "
                          "hospital beds, continuous glucose monitors and power mobility devices. Requirements can "
                          "differ between two plans from the same carrier, so store rules at the plan level, not "
                          "the payer level."),
                    ("h", "Signs your process is leaking"),
                    ("ul", [
                        "CO-15 and CO-197 denials above 1 percent of submitted lines.",
                        "Deliveries made before the authorization decision date.",
                        "Rental months billed after the authorized unit count or end date.",
                        "Requests returned for missing information more than once.",
                    ]),
                ],
            },
            {
                "heading": "PAP devices: a complete request",
                "blocks": [
                    ("p", "PAP requests fail most often because the clinical story is incomplete, not because "
                          "the patient does not qualify. Under the Medicare PAP policy, which many plans mirror, "
                          "a complete initial packet shows:"),
                    ("ul", [
                        "A face-to-face clinical evaluation by the treating practitioner before the sleep test, "
                        "documenting symptoms of obstructive sleep apnea.",
                        "A qualifying sleep test: an AHI or RDI of 15 or more, or 5 to 14 with documented "
                        "symptoms or conditions such as excessive daytime sleepiness or hypertension.",
                        "A standard written order for the device (E0601 or E0470) and each accessory.",
                    ]),
                    ("h", "Continued coverage after the trial"),
                    ("p", "Medicare covers an initial 12-week period. To continue, the treating practitioner "
                          "re-evaluates the patient between day 31 and day 91, and the record must show use of 4 "
                          "hours or more per night on 70 percent of nights in a consecutive 30-day period during "
                          "the first three months."),
                    ("ul", [
                        "Pull device data downloads at day 30 and day 60, not at day 85.",
                        "Call patients below 4 hours average in the first two weeks; mask fit is the usual fix.",
                        "Schedule the re-evaluation visit at setup so it lands inside the window.",
                    ]),
                ],
            },
            {
                "heading": "Oxygen and mobility packets",
                "blocks": [
                    ("h", "Home oxygen"),
                    ("p", "Qualifying results are an arterial PO2 at or below 55 mm Hg or an oxygen saturation at "
                          "or below 88 percent, under the testing conditions the payer specifies (at rest, during "
                          "exercise or during sleep). Since January 1, 2023 Medicare no longer uses the CMS-484 "
                          "certificate of medical necessity, so the treating practitioner's records and the "
                          "order carry that information. Many commercial plans still ask for a form."),
                    ("ul", [
                        "Match the equipment ordered to the testing: exercise testing supports portable oxygen.",
                        "Record liter flow and frequency of use on the order.",
                        "Track re-authorization dates for each rental month the plan approves.",
                    ]),
                    ("h", "Power mobility and complex rehab"),
                    ("p", "Mobility packets are the longest and the easiest to return for missing pages."),
                    ("ul", [
                        "A face-to-face examination documenting the mobility limitation in the home, and why a "
                        "cane, walker or manual wheelchair will not resolve it.",
                        "A written order received before delivery, with every separately billed option listed.",
                        "A home assessment confirming the device can be used in the home.",
                        "For complex rehab power chairs, a specialty evaluation by a PT or OT and the "
                        "involvement of a RESNA-certified assistive technology professional.",
                    ]),
                ],
            },
            {
                "heading": "Track every request to a decision",
                "blocks": [
                    ("p", "A request is not finished when it is faxed or uploaded. It is finished when the "
                          "decision is on file and the claim carries the authorization number."),
                    ("table", [
                        ("Status", "Next action", "Check after"),
                        ("Drafted", "Complete missing items", "Same day"),
                        ("Submitted", "Confirm receipt", "2 business days"),
                        ("Pended for information", "Send records", "1 business day"),
                        ("Affirmed", "Schedule delivery", "On decision"),
                        ("Non-affirmed", "Fix and resubmit or appeal", "On decision"),
                        ("Expiring", "Request renewal", "30 days before end"),
                    ]),
                    ("h", "Rules that keep rentals paid"),
                    ("ul", [
                        "Store the authorized units, start date and end date with the rental, not in a note.",
                        "Block claim creation for any month outside the authorized period.",
                        "Start renewal 30 days before the end date; some plans need new clinical notes.",
                        "Report weekly: requests by status, average days to decision, and deliveries held.",
                    ]),
                    ("note", "ClaimBridge prior authorization specialists work these queues for suppliers, and the "
                             "ClaimBridge platform tracks every request to its decision."),
                ],
            },
        ],
    },
    {
        "file": "dme-audit-readiness-guide.pdf",
        "title": "Audit Readiness for DME Suppliers: TPE, RAC and UPIC",
        "short_title": "Audit Readiness Guide",
        "subtitle": "Who sends additional documentation requests, what a complete response looks like, and how to "
                    "run your own probe before a contractor does.",
        "category": "Compliance",
        "pages": [
            {
                "heading": "Who is asking, and why",
                "blocks": [
                    ("p", "Several Medicare contractors can ask a DME supplier for records. They differ in what "
                          "triggers the review and what happens if the records fall short."),
                    ("ul", [
                        "DME MAC - Targeted Probe and Educate (TPE): up to three rounds of 20 to 40 claims, each "
                        "followed by one-on-one education. Suppliers that still have high error rates after "
                        "three rounds can be referred to CMS for further action.",
                        "Recovery Audit Contractor (RAC): post-payment review of claims, generally within three "
                        "years of the date paid. Findings become overpayment demands.",
                        "Unified Program Integrity Contractor (UPIC): investigates potential fraud, waste and "
                        "abuse. Can request records, visit a location, recommend payment suspension or refer "
                        "cases to law enforcement.",
                        "Comprehensive Error Rate Testing (CERT): samples claims to measure improper payments. "
                        "An unanswered CERT request counts as an error.",
                    ]),
                    ("h", "The common thread"),
                    ("p", "Every one of these reviews asks the same question: does the record support the item, "
                          "the quantity and the dates billed? Suppliers that can answer it for any claim within a "
                          "day rarely have trouble with the deadline, and usually not with the outcome."),
                    ("p", "Most requests allow 45 days to respond. Treat the date on the letter, not the date it "
                          "reached the right desk, as day one."),
                ],
            },
            {
                "heading": "A complete response to a documentation request",
                "blocks": [
                    ("p", "Reviewers deny what they cannot find. Send the records in the order the policy asks "
                          "questions, and label every section."),
                    ("ul", [
                        "The standard written order with all required elements, and proof it was received "
                        "before delivery where the item requires a written order prior to delivery.",
                        "The treating practitioner's medical records that establish need, including the "
                        "face-to-face encounter when the item requires one.",
                        "Proof of delivery: a signed and dated delivery slip or carrier tracking matched to the "
                        "item, quantity and serial number billed.",
                        "For rentals and supplies: evidence of continued need and continued use, and a refill "
                        "request and confirmation for each resupply shipment.",
                        "Any advance beneficiary notice used to support a GA modifier.",
                    ]),
                    ("h", "Packaging the response"),
                    ("ul", [
                        "Add a cover letter that lists each claim and the page range supporting it.",
                        "Number every page and highlight the findings the policy requires.",
                        "Submit through esMD or the contractor portal and keep the confirmation.",
                        "Log the submission date and calendar the decision follow-up.",
                    ]),
                ],
            },
            {
                "heading": "Run your own probe first",
                "blocks": [
                    ("p", "An internal audit on a fixed schedule finds the same gaps a contractor would, while "
                          "you can still correct the process and, where needed, refund overpayments."),
                    ("h", "A quarterly routine"),
                    ("ul", [
                        "Sample 10 to 20 paid claims per product line: oxygen, PAP, mobility, beds and support "
                        "surfaces, orthotics, and supplies.",
                        "Score each claim with the same checklist a reviewer would use, one line per required "
                        "element.",
                        "Calculate an error rate by product line and by element, not just overall.",
                        "Educate the staff involved, fix the intake step, and re-sample that line next quarter.",
                    ]),
                    ("table", [
                        ("Element checked", "Example result", "Action"),
                        ("Order elements complete", "19 of 20", "Template update"),
                        ("Proof of delivery matches", "17 of 20", "Driver training"),
                        ("Continued use documented", "15 of 20", "Resupply script"),
                        ("Modifiers supported", "20 of 20", "None"),
                    ]),
                    ("note", "Example results are illustrative. Overpayments identified through your own review "
                             "must be reported and returned within 60 days of being identified."),
                ],
            },
        ],
    },
    {
        "file": "days-in-ar-worksheet.pdf",
        "title": "Measuring Days in A/R: A Worksheet for HME/DME Suppliers",
        "short_title": "Days in A/R Worksheet",
        "subtitle": "A consistent way to calculate days in accounts receivable, read the aging buckets, and pick "
                    "the levers that shorten them.",
        "category": "Analytics",
        "pages": [
            {
                "heading": "The formula, and one choice to make",
                "blocks": [
                    ("p", "Days in accounts receivable estimates how long an average dollar of charges takes to "
                          "be collected. The calculation is simple; keeping it consistent month to month is the "
                          "hard part."),
                    ("table", [
                        ("Step", "Example", "Result"),
                        ("Total open A/R at month end", "$1,240,000", ""),
                        ("Charges, last 90 days", "$2,700,000", ""),
                        ("Average daily charges", "$2,700,000 / 90", "$30,000"),
                        ("Days in A/R", "$1,240,000 / $30,000", "41.3 days"),
                    ]),
                    ("h", "Gross charges or expected reimbursement?"),
                    ("p", "Equipment charge masters are often set well above fee schedules, so days in A/R on "
                          "gross charges can look better or worse than cash suggests. Calculating both A/R and "
                          "daily charges at expected (contracted or allowed) amounts gives a number that tracks "
                          "cash. Whichever basis you choose, use it for every month and every payer."),
                    ("h", "What the number leaves out"),
                    ("ul", [
                        "Unbilled work: deliveries held for documentation are not in A/R yet. Track days to bill "
                        "separately.",
                        "Credit balances: net them out and a refund backlog can hide slow collections.",
                        "Mix: a move toward rentals or a new payer changes the number without any change in "
                        "performance.",
                    ]),
                ],
            },
            {
                "heading": "Read the aging buckets",
                "blocks": [
                    ("p", "The total tells you whether there is a problem. The aging buckets tell you where. Break "
                          "A/R into buckets by date of service, then by payer."),
                    ("table", [
                        ("Bucket", "Share of A/R (example)", "Typical cause"),
                        ("0-30 days", "48%", "Normal processing"),
                        ("31-60 days", "22%", "Pended, secondary claims"),
                        ("61-90 days", "12%", "Denials not yet worked"),
                        ("91-120 days", "8%", "Appeals, patient balances"),
                        ("Over 120 days", "10%", "Write-off risk"),
                    ]),
                    ("p", "A common target is less than 15 to 20 percent of A/R older than 90 days. If your total "
                          "days look healthy but the over-120 bucket grows, the team is working new claims and "
                          "letting old ones age out."),
                    ("h", "Slice it three ways"),
                    ("ul", [
                        "By payer: one slow Medicaid plan or Medicare Advantage plan can move the whole number.",
                        "By product line: rentals, purchases and resupply age differently.",
                        "By responsibility: insurance balances and patient balances need different follow-up.",
                    ]),
                ],
            },
            {
                "heading": "Levers that move the number",
                "blocks": [
                    ("p", "Pick the lever that matches the bucket that is growing, and measure it monthly next to "
                          "days in A/R."),
                    ("table", [
                        ("Measure", "This month", "Target"),
                        ("Days from delivery to claim", "", "3 days or less"),
                        ("Clean claim rate", "", "95% or more"),
                        ("Denials worked within 7 days", "", "90% or more"),
                        ("A/R older than 90 days", "", "Under 15%"),
                        ("Patient balance collected at delivery", "", "Track the trend"),
                    ]),
                    ("ul", [
                        "Bill faster: move documentation checks before delivery so claims are not held after it.",
                        "Submit cleaner: eligibility, authorization and modifier edits on every claim.",
                        "Follow up on a cadence: touch every insurance claim without a response at 30 days.",
                        "Collect at delivery: estimate the patient share and take it when the item arrives.",
                        "Clean up: apply a small-balance adjustment policy and clear credit balances monthly.",
                    ]),
                    ("note", "ClaimBridge reports these measures live from its billing platform and reviews them "
                             "with every managed-services client each month."),
                ],
            },
        ],
    },
]


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
