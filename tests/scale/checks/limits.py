"""Check c: antispam-check's per-IP window and the login lockout count across instances."""
from __future__ import annotations

import concurrent.futures
import secrets

from harness.clients import captcha_token
from harness.common import PASSCODE, Response, record, request


class RateLimitChecks:
    """Mixed into ScaleTest: uses its instances, balancer, receiver and api_headers."""

    # -- c. rate limits across instances --
    def antispam(self, base: str, ip: str, email: str) -> Response:
        token = captcha_token(base)
        return request("POST", base, "/functions/v1/antispam-check",
                    self.api_headers(**{"X-Forwarded-For": ip}),
                    {"email": email, "ip": "unknown", "recaptchaToken": token})

    def check_rate_limits(self) -> None:
        tag = secrets.token_hex(3)
        # antispam-check, direct to the instances in turn.
        ip = "198.51.100.21"
        statuses = []
        for n in range(8):
            instance = self.instances[n % 3]
            answer = self.antispam(instance.url, ip, f"scale{n}-{tag}@acme.test")
            statuses.append((instance.name, answer.status, answer.headers.get("retry-after")))
        ok = ([s for _, s, _ in statuses[:5]] == [200] * 5
              and all(s == 429 and r for _, s, r in statuses[5:]))
        record("c. antispam-check 5/10m per IP, direct round robin (calls 6-8 on i3, i1, i2)", ok,
               " ".join(f"{n}:{s}" for n, s, _ in statuses))
        # Through the balancer, another address.
        ip = "198.51.100.22"
        statuses = []
        for n in range(7):
            answer = self.antispam(self.lb, ip, f"lb{n}-{tag}@acme.test")
            statuses.append((answer.headers.get("x-scale-backend", "?"), answer.status))
        ok = [s for _, s in statuses] == [200] * 5 + [429] * 2
        record("c. antispam-check 5/10m per IP, through the balancer", ok,
               " ".join(f"{n}:{s}" for n, s in statuses))

        # Login lockout: 10 failures spread over the instances, then the right passcode.
        for label, ip, bases in (
            ("direct round robin", "198.51.100.31", [i.url for i in self.instances]),
            ("through the balancer", "198.51.100.32", [self.lb]),
        ):
            def fail(n):
                answer = request("POST", bases[n % len(bases)], "/functions/v1/simple-auth",
                              self.api_headers(**{"X-Forwarded-For": ip}),
                              {"action": "login", "passcode": f"wrong-guess-{n}"})
                body = answer.json() if answer.body.startswith(b"{") else {}
                return answer.status if body.get("success") is False else f"{answer.status}!"
            with concurrent.futures.ThreadPoolExecutor(10) as pool:
                failures = list(pool.map(fail, range(10)))
            finals = []
            for base in ([i.url for i in self.instances] if len(bases) > 1 else [self.lb] * 3):
                answer = request("POST", base, "/functions/v1/simple-auth",
                              self.api_headers(**{"X-Forwarded-For": ip}),
                              {"action": "login", "passcode": PASSCODE})
                finals.append((answer.headers.get("x-scale-backend") or
                               next(i.name for i in self.instances if i.url == base),
                               answer.status, answer.headers.get("retry-after")))
            # A wrong passcode is 200 {success: false} (the page shows "Access Denied").
            ok = failures == [200] * 10 and all(s == 429 and r for _, s, r in finals)
            record(f"c. login lockout 10 failures per IP, {label}", ok,
                   f"10 wrong passcodes: {sorted(set(map(str, failures)))}; right passcode then: "
                   + " ".join(f"{n}:{s}" for n, s, _ in finals))
