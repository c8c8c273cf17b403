#!/usr/bin/env python3
"""One client floods /rest/v1 with slow requests; another reads as usual. Prints the other
client's read latency (p50/p99) with no flood (the baseline, same run) and during the flood.

    python3 tests/bench/rest/client_flood.py <base url> <anon key> <service key> [reads] [flooders]

The server must trust 127.0.0.1 as a proxy (TRUSTED_PROXIES=127.0.0.1) so each side can be a
client of its own through X-Forwarded-For. Target (hardening issue): with 40 pathological requests
in flight from one address, the other client's p99 stays under 100 ms.
"""
import http.client
import json
import sys
import threading
import time
import urllib.parse

base, anon, service = sys.argv[1], sys.argv[2], sys.argv[3]
reads = int(sys.argv[4]) if len(sys.argv) > 4 else 400
flooders = int(sys.argv[5]) if len(sys.argv) > 5 else 40
url = urllib.parse.urlparse(base)


def request(method, path, headers, body=None):
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, data


def seed():
    body = json.dumps({"title": "Bait", "slug": "flood-bait", "description": "Bait",
                       "category": "Billing", "content": "a" * 40, "published": True})
    status, data = request("POST", "/rest/v1/blog_posts", {
        "apikey": anon, "Authorization": f"Bearer {service}",
        "Content-Type": "application/json"}, body)
    if status not in (201, 409):
        sys.exit(f"seeding failed: {status} {data[:200]}")


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


def measure_reads():
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    latencies, errors = [], 0
    for _ in range(reads):
        started = time.perf_counter()
        conn.request("GET", "/rest/v1/blog_posts?select=id,title,slug&published=is.true&order=created_at.desc",
                     headers={"apikey": anon, "X-Forwarded-For": "198.51.100.20"})
        response = conn.getresponse()
        response.read()
        latencies.append((time.perf_counter() - started) * 1000)
        if response.status != 200:
            errors += 1
    conn.close()
    return latencies, errors


def flood(stop, outcomes, lock):
    path = "/rest/v1/blog_posts?select=id&content=match." + urllib.parse.quote("(.*)*\\1x")
    while not stop.is_set():
        try:
            status, _ = request("GET", path, {"apikey": anon, "X-Forwarded-For": "203.0.113.7"})
        except OSError:
            status = "error"
        with lock:
            outcomes[status] = outcomes.get(status, 0) + 1
        if status == 429:
            time.sleep(0.05)


def report(label, latencies, errors):
    print(f"{label:<34} p50 {percentile(latencies, 0.5):7.2f} ms   p99 {percentile(latencies, 0.99):7.2f} ms"
          f"   max {max(latencies):7.2f} ms   non-200 {errors}")
    return percentile(latencies, 0.99)


seed()
measure_reads()  # warm the connection pool and the compiled reads
baseline, errors = measure_reads()
base_p99 = report("other client, no flood", baseline, errors)

stop, lock, outcomes = threading.Event(), threading.Lock(), {}
threads = [threading.Thread(target=flood, args=(stop, outcomes, lock)) for _ in range(flooders)]
for thread in threads:
    thread.start()
time.sleep(1.0)  # the flood's statements are running
flooded, errors = measure_reads()
stop.set()
for thread in threads:
    thread.join()
flood_p99 = report(f"other client, {flooders} flooding", flooded, errors)
print(f"flood answers: {dict(sorted((str(k), v) for k, v in outcomes.items()))}")
print(f"p99 ratio flood/baseline: {flood_p99 / base_p99:.2f}x   target: p99 < 100 ms during the flood"
      f" -> {'ok' if flood_p99 < 100 and errors == 0 else 'MISSED'}")
