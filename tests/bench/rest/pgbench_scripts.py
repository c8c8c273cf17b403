#!/usr/bin/env python3
"""Turns the statements the engine sent (PostgreSQL log with log_statement = 'all') into
pgbench scripts that replay exactly that SQL with the same parameters.

usage: pgbench_scripts.py <postgres.log> <from-byte-offset> <out-dir> <name> [<name> ...]

The log must contain, after the offset, one request per name, in order, each a transaction:
`BEGIN ...`, the `set_config` statement, the main statement, `COMMIT` (or `ROLLBACK`), as
`statement:` / `execute <name>:` entries with their `DETAIL:  parameters:` lines. Each request
gives two scripts:

- <name>.sql: the statements one after another, each waiting for its answer: PostgREST's shape
  (hasql sends its transaction's four statements one round trip at a time), so pgbench running
  it is the SQL-only limit of a PostgREST serving this request;
- <name>-pipelined.sql: the same statements in one `\startpipeline` block, as the engine sends
  them (one round trip): the SQL-only limit of the engine's own shape.

Each script gets its parameters as pgbench variables (`:<name>_<n>`), written to
<out-dir>/<name>.vars as `-D` arguments (one per line), so pgbench prepares and binds them as
the engine does (-M prepared).
"""
import re
import sys

ENTRY = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d+ \S+ \[(\d+)\] ")


def entries(text):
    """(backend pid, entry) in log order."""
    current = None
    for line in text.splitlines():
        match = ENTRY.match(line)
        if match:
            if current is not None:
                yield current
            current = (match.group(1), line[match.end():])
        elif current is not None:
            current = (current[0], current[1] + "\n" + line)
    if current is not None:
        yield current


def parse_params(detail):
    # $1 = 'a', $2 = 'it''s', $3 = NULL
    params = {}
    i = 0
    while True:
        m = re.compile(r"\$(\d+) = ").search(detail, i)
        if not m:
            break
        n = int(m.group(1))
        j = m.end()
        if detail.startswith("NULL", j):
            params[n] = None
            i = j + 4
            continue
        assert detail[j] == "'", detail[j:j + 20]
        j += 1
        value = []
        while True:
            k = detail.index("'", j)
            value.append(detail[j:k])
            if k + 1 < len(detail) and detail[k + 1] == "'":
                value.append("'")
                j = k + 2
            else:
                j = k + 1
                break
        params[n] = "".join(value)
        i = j
    return params


def statements(text):
    """(backend pid, sql, params) in log order."""
    pending = None
    for pid, entry in entries(text):
        if entry.startswith("LOG:  statement: "):
            if pending:
                yield pending
            pending = (pid, entry[len("LOG:  statement: "):], {})
        elif entry.startswith("LOG:  execute "):
            if pending:
                yield pending
            sql = re.sub(r"^LOG:  execute [^:]+: ", "", entry)
            pending = (pid, sql, {})
        elif entry.startswith("DETAIL:  parameters: ") and pending:
            pending = (pending[0], pending[1], parse_params(entry[len("DETAIL:  parameters: "):]))
            yield pending
            pending = None
    if pending:
        yield pending


def split_statements(sql):
    """Splits on top-level semicolons (quotes and double quotes respected)."""
    parts, current, quote = [], [], None
    for ch in sql:
        if quote:
            current.append(ch)
            if ch == quote:
                quote = None
            continue
        if ch in ("'", '"'):
            quote = ch
        if ch == ";" and quote is None:
            parts.append("".join(current).strip())
            current = []
            continue
        current.append(ch)
    tail = "".join(current).strip()
    if tail:
        parts.append(tail)
    return [p for p in parts if p]


def main():
    log, offset, out_dir, names = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    with open(log, encoding="utf-8", errors="replace") as f:
        f.seek(offset)
        text = f.read()
    stmts = [s for s in statements(text) if not s[1].startswith(("alter system", "select pg_reload_conf"))]
    # A request's statements are those of the connection that set its scope: the server's own
    # queries on other connections (its readiness check, say) may be logged in between.
    transactions, open_by_pid = [], {}
    for pid, sql, params in stmts:
        if sql.lstrip().lower().startswith("begin"):
            open_by_pid[pid] = []
            transactions.append(open_by_pid[pid])
        if pid in open_by_pid:
            open_by_pid[pid].append((sql, params))
            if sql.strip().lower().startswith(("commit", "rollback")):
                del open_by_pid[pid]
    if len(transactions) < len(names):
        sys.exit(f"expected {len(names)} transactions in the log, found {len(transactions)}")
    for name, tx in zip(names, transactions[-len(names):]):
        lines, variables = [], []
        for index, (sql, params) in enumerate(tx):
            prefix = f"{name}{index}_"

            def var(m):
                value = params.get(int(m.group(1)))
                # pgbench refuses empty -D values: those are written as literals.
                if value is None:
                    return "NULL"
                if value == "":
                    return "''"
                return f":{prefix}{m.group(1)}"

            lines.extend(re.sub(r"\$(\d+)", var, st) + ";" for st in split_statements(sql))
            for n, value in sorted(params.items()):
                if value:
                    variables.append(f"{prefix}{n}={value}")
        with open(f"{out_dir}/{name}.sql", "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        with open(f"{out_dir}/{name}-pipelined.sql", "w", encoding="utf-8") as f:
            f.write("\n".join(["\\startpipeline", *lines, "\\endpipeline"]) + "\n")
        with open(f"{out_dir}/{name}.vars", "w", encoding="utf-8") as f:
            f.write("\n".join(variables) + "\n")


if __name__ == "__main__":
    main()
