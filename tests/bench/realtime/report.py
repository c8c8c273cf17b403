"""Prints run.sh's results: per scenario, the server and the floor (the baseline), the median of
each number over the rounds without load and over the rounds with one core busy, and the ratio
server/floor where there is a floor.

    python3 tests/bench/realtime/report.py RESULTS_DIR

RESULTS_DIR holds one `<scenario>-<target>-<mode>-<round>.json` per run (realtime-loadgen's
RESULT line)."""
import json
import os
import statistics
import sys

MB = 1024.0


def load(directory):
    runs = {}
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".json"):
            continue
        scenario, target, mode, _ = name[:-5].split("-")
        with open(os.path.join(directory, name)) as handle:
            text = handle.read().strip()
        if text:
            runs.setdefault((scenario, target, mode), []).append(json.loads(text))
    return runs


def per_delivery_us(result):
    delivered = result.get("delivered") or 0
    return result["cpu"]["server_cpu_s"] * 1e6 / delivered if delivered else None


ROWS = {
    "idle": [
        ("sockets joined / asked", lambda r: f'{r["joined"]}/{r["sockets"]}', None),
        ("  open at the end of the hold", lambda r: r["open_at_end"], None),
        ("  heartbeats answered / sent", lambda r: f'{r["heartbeats_ok"]}/{r["heartbeats_sent"]}', None),
        ("connect + join all, s", lambda r: r["connect_s"], "{:.1f}"),
        ("RSS before, MB", lambda r: r["rss_before_kb"] / MB, "{:.1f}"),
        ("RSS all joined, MB", lambda r: r["rss_joined_kb"] / MB, "{:.1f}"),
        ("RSS peak while held, MB", lambda r: r["rss_peak_kb"] / MB, "{:.1f}"),
        ("RSS end of hold, MB (<= 200)", lambda r: r["rss_end_kb"] / MB, "{:.1f}"),
        ("RSS 5 s after closing, MB", lambda r: r["rss_after_close_kb"] / MB, "{:.1f}"),
        ("per socket (end - before), kB", lambda r: r["bytes_per_socket"] / 1024, "{:.1f}"),
        ("CPU connecting + joining, s", lambda r: r["cpu_joining"]["server_cpu_s"], "{:.2f}"),
        ("CPU while held, s", lambda r: r["cpu_holding"]["server_cpu_s"], "{:.2f}"),
        ("machine load average (1 min)", lambda r: r.get("load_average"), "{:.1f}"),
    ],
    "fanout": [
        ("subscribers joined", lambda r: r["joined"], None),
        ("delivered / expected", lambda r: f'{r["delivered"]}/{r["expected"]}', None),
        ("lost", lambda r: r["lost"], None),
        ("deliveries/s", lambda r: r["deliveries_per_s"], "{:.0f}"),
        ("latency p50, ms", lambda r: r["latency"].get("p50_ms"), "{:.2f}"),
        ("latency p90, ms", lambda r: r["latency"].get("p90_ms"), "{:.2f}"),
        ("latency p99, ms (<= 100)", lambda r: r["latency"].get("p99_ms"), "{:.2f}"),
        ("latency p99.9, ms", lambda r: r["latency"].get("p999_ms"), "{:.2f}"),
        ("latency max, ms", lambda r: r["latency"].get("max_ms"), "{:.2f}"),
        ("server CPU, s", lambda r: r["cpu"]["server_cpu_s"], "{:.2f}"),
        ("server CPU per delivery, us", per_delivery_us, "{:.2f}"),
        ("postgres CPU, s", lambda r: r["cpu"]["postgres_cpu_s"], "{:.2f}"),
        ("machine load average (1 min)", lambda r: r.get("load_average"), "{:.1f}"),
    ],
    "changes": [
        ("subscribed / asked", lambda r: f'{r["subscribed"]}/{r["subscribers"]}', None),
        ("  first join error", lambda r: r.get("first_error") or "-", None),
        ("  time to 'Subscribed', max ms", lambda r: r.get("subscribe_ms_max"), "{:.0f}"),
        ("rows inserted (errors)", lambda r: f'{r["rows"]} ({r["insert_errors"]})', None),
        ("delivered / expected", lambda r: f'{r["delivered"]}/{r["expected"]}', None),
        ("lost", lambda r: r["lost"], None),
        ("deliveries with errors", lambda r: r["with_errors"], None),
        ("deliveries/s", lambda r: r["deliveries_per_s"], "{:.0f}"),
        ("latency p50, ms", lambda r: r["latency"].get("p50_ms"), "{:.2f}"),
        ("latency p99, ms (<= 250)", lambda r: r["latency"].get("p99_ms"), "{:.2f}"),
        ("latency max, ms", lambda r: r["latency"].get("max_ms"), "{:.2f}"),
        ("insert round trip p50, ms", lambda r: r["insert"].get("p50_ms"), "{:.2f}"),
        ("insert round trip p99, ms", lambda r: r["insert"].get("p99_ms"), "{:.2f}"),
        ("drain after last insert, s", lambda r: r["drain_s"], "{:.2f}"),
        ("server CPU, s", lambda r: r["cpu"]["server_cpu_s"], "{:.2f}"),
        ("server CPU per delivery, us", per_delivery_us, "{:.2f}"),
        ("postgres CPU, s", lambda r: r["cpu"]["postgres_cpu_s"], "{:.2f}"),
        ("machine load average (1 min)", lambda r: r.get("load_average"), "{:.1f}"),
    ],
}


def cell(results, extract, fmt):
    """The median of a number over the rounds (with the range), or the values of a text."""
    if not results:
        return "", None
    values = []
    for result in results:
        try:
            values.append(extract(result))
        except (KeyError, TypeError):
            values.append(None)
    if fmt is None:
        shown = sorted(set(str(v) for v in values))
        return " ".join(shown), None
    numbers = [v for v in values if isinstance(v, (int, float))]
    if not numbers:
        return "n/a", None
    median = statistics.median(numbers)
    text = fmt.format(median)
    if len(numbers) > 1:
        text += f" [{fmt.format(min(numbers))}-{fmt.format(max(numbers))}]"
    return text, median


def main():
    runs = load(sys.argv[1])
    for scenario in ("idle", "fanout", "changes"):
        for mode in ("idle", "busy"):
            server_runs = runs.get((scenario, "server", mode), [])
            if not server_runs:
                continue
            floor_runs = runs.get((scenario, "floor", mode), [])
            load_text = "no load" if mode == "idle" else "one core busy"
            print(f"\n{scenario}, {load_text}: median of {len(server_runs)} run(s) [range]")
            print(f"{'':34}{'server':>26}{'floor' if floor_runs else '':>26}{'ratio' if floor_runs else '':>8}")
            for label, extract, fmt in ROWS[scenario]:
                server_text, server_value = cell(server_runs, extract, fmt)
                floor_text, floor_value = cell(floor_runs, extract, fmt)
                ratio = ""
                if server_value is not None and floor_value:
                    ratio = f"{server_value / floor_value:.2f}x"
                print(f"{label:34}{server_text[:25]:>26}{floor_text[:25]:>26}{ratio:>8}")


main()
