"""Checks a and b: an admin write, and a schema change, show on every instance within a second."""
from __future__ import annotations

import concurrent.futures
import re
import secrets
import time
import urllib.parse

from harness.clients import tiny_png
from harness.common import PASSCODE, POLL_EVERY, PROPAGATION_LIMIT, log, record, request, try_http


class PropagationChecks:
    """Mixed into ScaleTest: uses its instances, balancer, receiver and api_headers."""

    # -- a. cross-instance invalidation --
    def login(self, base: str) -> str:
        answer = request("POST", base, "/functions/v1/simple-auth", self.api_headers(),
                      {"action": "login", "passcode": PASSCODE})
        body = answer.json()
        if answer.status != 200 or not body.get("success"):
            raise RuntimeError(f"admin login answered {answer.status}: {body}")
        return body["token"]

    def propagation(self, label: str, write, probes: list[tuple[str, str, dict, callable]]) -> None:
        """Primes every probe on i2, i3 and the balancer (their caches hold the old answer), runs
        `write` on i1, then polls every probe on every target every 20 ms and reports when each
        first shows the change."""
        targets = [(i.name, i.url) for i in self.instances[1:]] + [("lb", self.lb)]
        for _ in range(2):
            for _name, base in targets:
                for _probe, path, headers, _seen in probes:
                    try_http("GET", base, path, headers)
        stale_before = []
        for name, base in targets:
            for probe, path, headers, seen in probes:
                answer = try_http("GET", base, path, headers)
                if answer is not None and seen(answer):
                    stale_before.append(f"{probe}@{name}")
        write_started = time.monotonic()
        write()
        written = time.monotonic()
        times: dict[tuple[str, str], float | None] = {}
        took: dict[tuple[str, str], float] = {}

        def poll(name, base, probe, path, headers, seen):
            deadline = written + 5.0
            while time.monotonic() < deadline:
                answer = try_http("GET", base, path, headers, timeout=5)
                if answer is not None and seen(answer):
                    times[(probe, name)] = time.monotonic() - written
                    took[(probe, name)] = answer.elapsed
                    return
                time.sleep(POLL_EVERY)
            times[(probe, name)] = None

        with concurrent.futures.ThreadPoolExecutor(len(targets) * len(probes)) as pool:
            for name, base in targets:
                for probe, path, headers, seen in probes:
                    pool.submit(poll, name, base, probe, path, headers, seen)
        for probe, path, _headers, _seen in probes:
            cells = []
            ok = True
            for name, _base in targets:
                visible = times.get((probe, name))
                ok = ok and visible is not None and visible <= PROPAGATION_LIMIT
                cells.append(f"{name} never (5 s)" if visible is None else
                             f"{name} {visible * 1000:.0f} ms (asked at +"
                             f"{(visible - took[(probe, name)]) * 1000:.0f})")
            if any(f"{probe}@" in entry for entry in stale_before):
                ok = False
                cells.append("(showed the change before the write: probe is wrong)")
            record(f"a. {label}: {probe} ({path.split('?')[0]})", ok, ", ".join(cells))
        log(f"   ({label}: the write itself took {(written - write_started) * 1000:.0f} ms on i1)")

    def check_invalidation(self) -> None:
        i1 = self.instances[0]
        token = self.login(i1.url)
        admin = self.api_headers(token, Prefer="return=representation")
        anon = self.api_headers()
        tag = secrets.token_hex(4)

        # A new published post.
        title = f"Scale probe post {tag}"
        slug = f"scale-probe-{tag}"

        def write_post():
            answer = request("POST", i1.url, "/rest/v1/blog_posts", admin, {
                "title": title, "slug": slug, "description": f"Scale probe description {tag}",
                "content": f"<p>Scale probe body {tag}</p>", "category": "Operations",
                "published": True, "tags": ["scale"]})
            if answer.status != 201:
                raise RuntimeError(f"insert blog_posts answered {answer.status}: {answer.text()}")

        has = lambda text: (lambda answer: answer.status == 200 and text in answer.text())
        self.propagation("blog post", write_post, [
            ("/blog list", "/blog", {}, has(title)),
            ("post page", f"/blog/{slug}", {}, has(title)),
            ("sitemap", "/sitemap.xml", {}, has(f"/blog/{slug}<")),
            ("rss", "/rss.xml", {}, has(title)),
            ("REST read", f"/rest/v1/blog_posts?select=title&slug=eq.{slug}", anon, has(title)),
        ])

        # A page's SEO record: its <title> and description in the served head.
        seo_title = f"Scale SEO title {tag}"

        def write_seo():
            answer = request("PATCH", i1.url, "/rest/v1/page_seo_settings?page_route=eq./services", admin,
                          {"meta_title": seo_title, "meta_description": f"Scale SEO description {tag}"})
            if answer.status != 200 or len(answer.json()) != 1:
                raise RuntimeError(f"update page_seo_settings answered {answer.status}: {answer.text()}")

        self.propagation("page SEO (/services)", write_seo, [
            ("page head", "/services", {}, lambda a: a.status == 200 and re.search(
                r"<title[^>]*>[^<]*" + re.escape(seo_title), a.text()) is not None),
            ("REST read", "/rest/v1/page_seo_settings?select=meta_title&page_route=eq./services",
             anon, has(seo_title)),
        ])

        # A page's stored body content.
        marker = f"Scale content marker {tag}"

        def write_content():
            answer = request("PATCH", i1.url, "/rest/v1/page_seo_settings?page_route=eq./careers", admin,
                          {"content": f"<h2>Scale probe</h2><p>{marker}</p>"})
            if answer.status != 200 or len(answer.json()) != 1:
                raise RuntimeError(f"update page content answered {answer.status}: {answer.text()}")

        self.propagation("page content (/careers)", write_content, [
            ("rendered page", "/careers", {}, has(marker)),
            ("REST read", "/rest/v1/page_seo_settings?select=content&page_route=eq./careers",
             anon, has(marker)),
        ])

        # A whitepaper row.
        paper = f"Scale whitepaper {tag}"

        def write_whitepaper():
            answer = request("POST", i1.url, "/rest/v1/whitepapers", admin, {
                "title": paper, "description": f"Scale whitepaper description {tag}",
                "category": "Guides", "pages": 4, "featured": True})
            if answer.status != 201:
                raise RuntimeError(f"insert whitepapers answered {answer.status}: {answer.text()}")

        self.propagation("whitepaper", write_whitepaper, [
            ("/whitepapers page", "/whitepapers", {}, has(paper)),
            ("/downloads page", "/downloads", {}, has(paper)),
            ("REST read", f"/rest/v1/whitepapers?select=title&title=eq.{urllib.parse.quote(paper)}",
             anon, has(paper)),
        ])

        # An image stored through i1 (S3): served by the others from the one bucket.
        image = tiny_png()
        key = f"scale/{tag}.png"

        def write_image():
            answer = request("POST", i1.url, f"/storage/v1/object/blog-images/{key}",
                          {"apikey": self.anon, "Authorization": f"Bearer {token}",
                           "Content-Type": "image/png"}, image)
            if answer.status != 200:
                raise RuntimeError(f"upload answered {answer.status}: {answer.text()}")

        self.propagation("stored image (S3)", write_image, [
            ("public object", f"/storage/v1/object/public/blog-images/{key}", {},
             lambda a: a.status == 200 and a.body == image),
        ])

    # -- b. schema reload --
    def check_schema_reload(self) -> None:
        targets = [(i.name, i.url) for i in self.instances] + [("lb", self.lb)]
        headers = self.api_headers()
        before = {name: try_http("GET", base, "/rest/v1/scale_probe", headers) for name, base in targets}
        before_text = ", ".join(f"{n} {a.status if a else 'error'}" for n, a in before.items())
        self.pg.psql("create table public.scale_probe(id int primary key); "
                     "grant select on public.scale_probe to anon; notify pgrst, 'reload schema';")
        changed = time.monotonic()
        times: dict[str, float | None] = {}

        def poll(name, base):
            while time.monotonic() < changed + 5:
                answer = try_http("GET", base, "/rest/v1/scale_probe", headers)
                if answer is not None and answer.status == 200:
                    times[name] = time.monotonic() - changed
                    return
                time.sleep(POLL_EVERY)
            times[name] = None

        with concurrent.futures.ThreadPoolExecutor(len(targets)) as pool:
            for name, base in targets:
                pool.submit(poll, name, base)
        ok = all(times.get(n) is not None and times[n] <= PROPAGATION_LIMIT for n, _ in targets)
        ok = ok and all(a is not None and a.status == 404 for a in before.values())
        cells = ", ".join(f"{n} {'never' if times.get(n) is None else f'{times[n] * 1000:.0f} ms'}"
                          for n, _ in targets)
        record("b. schema change + NOTIFY pgrst: GET /rest/v1/scale_probe 200", ok,
               f"{cells} (before: {before_text})")
