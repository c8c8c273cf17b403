#!/usr/bin/env python3
"""Writes the bodies of the five fixed-route articles into their blog_posts rows in supabase/seed.sql.

The article pages render frontend/src/features/articles/bodies/<slug>.html; the seeded posts of the same
slugs hold that body followed by the closing paragraph below (the pages show a call-to-action box there
instead). Standard library only; the output is deterministic.

    python3 supabase/seed/generate-articles.py          # rewrite the five bodies (and word counts) in seed.sql
    python3 supabase/seed/generate-articles.py --check  # fail if seed.sql is stale
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "supabase" / "seed.sql"
BODIES = ROOT / "frontend" / "src" / "features" / "articles" / "bodies"

# The last paragraph of each stored post: a link to the page that the article page's box offers.
CLOSING = {
    "streamlining-dme-claims-processing": '<p>If you want to see where your own claims wait, our team can map a sample of 50 recent claims from order to payment. <a href="https://www.claimbridge.com/contact">Contact ClaimBridge</a> to set it up.</p>',
    "compliance-best-practices-dme-providers": '<p>ClaimBridge builds these checks into its billing workflow and runs quarterly documentation audits for managed-services clients. <a href="https://www.claimbridge.com/contact">Talk to our compliance team</a>.</p>',
    "mobile-delivery-management": '<p>ClaimBridge\'s delivery app connects proof of delivery directly to claims in our billing platform. <a href="https://www.claimbridge.com/contact">Ask for a walkthrough</a>.</p>',
    "maximizing-revenue-real-time-reporting": '<p>ClaimBridge dashboards update as claims, remittances and deliveries post. <a href="https://www.claimbridge.com/contact">Schedule a demo</a> to see them with sample data.</p>',
    "dme-billing-coding-guide": '<p>If you would like a second set of eyes on your denial patterns, <a href="https://www.claimbridge.com/contact">contact ClaimBridge</a> for a free billing assessment.</p>',
}

# One blog_posts insert: its "(state, N words)" comment, the slug, and the $html$-quoted content.
ROW = r"(-- [^\n]* \((?:published|draft), )(\d+)( words\)\ninsert into public\.blog_posts \([^;]*?values \(\n  '{slug}',.*?\$html\$)(.*?)(\$html\$)"


def word_count(html):
    return len(re.sub(r"<[^>]+>", " ", html).split())


def render(seed):
    for slug, closing in CLOSING.items():
        body = (BODIES / f"{slug}.html").read_text(encoding="utf-8").rstrip("\n")
        content = f"{body}\n{closing}"
        pattern = re.compile(ROW.format(slug=re.escape(slug)), re.S)
        seed, found = pattern.subn(
            lambda m: f"{m.group(1)}{word_count(content)}{m.group(3)}{content}{m.group(5)}", seed, count=1
        )
        if found != 1:
            sys.exit(f"supabase/seed.sql: no blog_posts row for {slug}")
    return seed


def main():
    seed = SEED.read_text(encoding="utf-8")
    fresh = render(seed)
    if "--check" in sys.argv[1:]:
        if fresh != seed:
            sys.exit("supabase/seed.sql is stale: run python3 supabase/seed/generate-articles.py")
        return
    SEED.write_text(fresh, encoding="utf-8")


if __name__ == "__main__":
    main()
