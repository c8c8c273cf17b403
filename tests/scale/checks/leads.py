"""Check d: every lead is delivered exactly once with three instances polling the outbox and one
killed with -9 mid-delivery."""
from __future__ import annotations

import concurrent.futures
import json
import secrets
import time
import urllib.parse

from harness.clients import captcha_token
from harness.common import LEADS, log, record, request
from harness.processes import local_ports_to


class LeadChecks:
    """Mixed into ScaleTest: uses its instances, balancer, receiver and api_headers."""

    # -- d. leads exactly once --
    def check_leads(self) -> None:
        tag = secrets.token_hex(3)
        log(f"d. solving {LEADS} ALTCHA challenges (from the balancer)...")
        started = time.monotonic()
        tokens = [captcha_token(self.lb) for _ in range(LEADS)]
        log(f"   solved in {time.monotonic() - started:.1f}s")
        emails = [f"lead{n}-{tag}@acme.test" for n in range(LEADS)]
        self.receiver.fail_first = {email for n, email in enumerate(emails) if n % 3 == 0}
        self.receiver.hold = 3.0
        lead_ids: dict[str, str] = {}
        post_errors = []

        def post(n):
            payload = {
                "companyName": "Acme Medical Supply", "yourName": f"Scale Lead {n}",
                "email": emails[n], "phone": "555-0100", "howCanWeHelp": "Scale test",
                "howManyUsers": "10-50", "yearsInBusiness": "12", "claimsPerMonth": "2000",
                "currentSoftware": "Brightree", "aboutProducts": "CPAP, oxygen",
                "timestamp": "2026-01-05T10:00:00.000Z", "source": "ClaimBridge website contact form",
                "recaptchaToken": tokens[n]}
            # As the browser's no-cors fetch sends it; each lead from its own visitor address.
            answer = request("POST", self.lb, "/functions/v1/lead-relay",
                          {"Content-Type": "text/plain;charset=UTF-8",
                           "X-Forwarded-For": f"203.0.113.{n + 1}"}, json.dumps(payload))
            if answer.status == 202 and answer.json().get("ok"):
                lead_ids[emails[n]] = answer.json()["id"]
            else:
                post_errors.append(f"lead {n}: {answer.status} {answer.text()[:120]}")

        with concurrent.futures.ThreadPoolExecutor(6) as pool:
            list(pool.map(post, range(LEADS)))
        posted = time.monotonic()
        record(f"d. {LEADS} leads accepted through the balancer (202)", not post_errors,
               f"{len(lead_ids)} accepted" + (f"; {post_errors[:3]}" if post_errors else ""))

        # Kill -9 an instance while deliveries are in flight at the (slow) receiver: whichever
        # has the most (which instance claims the outbox rows first is up to the scheduler).
        receiver_port = int(urllib.parse.urlsplit(self.receiver.url).port)
        victim = self.instances[1]
        victims_deliveries, victim_ports = 0, set()
        while time.monotonic() - posted < 8:
            waiting = self.receiver.waiting_ports()
            for candidate in self.instances:
                ports = local_ports_to(candidate.proc.pid, receiver_port)
                in_flight_here = len(waiting & ports)
                if in_flight_here > victims_deliveries:
                    victim, victim_ports, victims_deliveries = candidate, ports, in_flight_here
            if victims_deliveries >= 3:
                break
            time.sleep(0.01)
        in_flight = self.receiver.in_flight
        victim.proc.kill()
        victim.proc.wait()
        killed = time.monotonic()
        log(f"   kill -9 {victim.name} while it had {victims_deliveries} deliveries in flight "
            f"({in_flight} in flight at the receiver from all instances)")
        claimed = self.pg.psql("select count(*) from public.lead_deliveries where status = 'delivering'")
        time.sleep(1.0)
        victim.start()
        took = victim.wait_ready()
        self.balancer.wait_state(victim.name, "UP")
        log(f"   {victim.name} restarted, ready in {took:.1f}s")
        self.receiver.hold = 0.0

        deadline = time.monotonic() + 45
        pending = None
        while time.monotonic() < deadline:
            pending = int(self.pg.psql(
                "select count(*) from public.lead_deliveries where status <> 'delivered'"))
            if pending == 0:
                break
            time.sleep(0.2)
        all_delivered = time.monotonic()
        time.sleep(0.5)
        received = self.receiver.snapshot()
        ids_by_email: dict[str, set[str]] = {}
        answered_ok: dict[str, int] = {}
        requests_per_email: dict[str, int] = {}
        for entry in received:
            ids_by_email.setdefault(entry["email"], set()).add(entry["id"])
            requests_per_email[entry["email"]] = requests_per_email.get(entry["email"], 0) + 1
            if entry["status"] == 200 and not entry["abandoned"]:
                answered_ok[entry["email"]] = answered_ok.get(entry["email"], 0) + 1
        missing = [e for e in lead_ids if answered_ok.get(e, 0) == 0]
        wrong_ids = {e: sorted(ids) for e, ids in ids_by_email.items()
                     if e in lead_ids and ids != {lead_ids[e]}}
        strangers = [e for e in ids_by_email if e not in lead_ids]
        unsigned = [entry for entry in received if not entry["signed"]]
        duplicates = {e: n for e, n in answered_ok.items() if n > 1}
        cut = sum(1 for entry in received if entry["abandoned"] and entry["port"] in victim_ports)
        given_up = sum(1 for entry in received if entry["abandoned"]
                       and entry["port"] not in victim_ports)
        retried_500 = sum(1 for entry in received if entry["status"] == 500)
        stored = int(self.pg.psql(f"select count(*) from public.leads where email like '%-{tag}@acme.test'"))
        ok = (pending == 0 and not missing and not wrong_ids and not strangers and not unsigned
              and stored == len(lead_ids) == LEADS and victims_deliveries > 0)
        record("d. every lead delivered, one webhook-id per lead (kill -9 mid-delivery)", ok,
               f"{len(lead_ids)} leads, {stored} stored, {len(received)} webhook requests "
               f"({retried_500} answered 500 on purpose, {victim.name} killed with "
               f"{victims_deliveries} of its deliveries in flight"
               f"{' (none: the kill was not mid-delivery)' if not victims_deliveries else ''}, "
               f"{cut} cut by the kill, {given_up} given up by a live sender (its 4 s timeout), "
               f"{claimed} rows 'delivering' at the kill), all delivered "
               f"{all_delivered - posted:.1f}s after the posts ({all_delivered - killed:.1f}s after "
               f"the kill); missing {len(missing)}, leads with another or a second webhook-id "
               f"{len(wrong_ids)}, unknown {len(strangers)}, bad signatures {len(unsigned)}, "
               f"still undelivered {pending}; delivered twice with the same id (allowed): "
               f"{len(duplicates)}{' ' + str(sorted(duplicates.values())) if duplicates else ''}")
        if wrong_ids:
            log(f"   leads with unexpected webhook-ids: {list(wrong_ids.items())[:5]}")
