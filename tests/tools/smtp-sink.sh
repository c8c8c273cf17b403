#!/usr/bin/env bash
# The SMTP sink the lead email tests deliver to: aiosmtpd (PyPI, pinned below) in
# target/smtp-sink/venv, running tests/tools/smtp-sink.py on 127.0.0.1 only, which writes every
# message it receives to a folder as <n>.eml with its envelope in <n>.json.
#
#   tests/tools/smtp-sink.sh install            install it (idempotent; `make test-rust` runs this)
#   tests/tools/smtp-sink.sh serve PORT DIR     run it until its standard input closes — how the
#                                               Rust tests start it (tests/api/functions/lead_email/)
set -euo pipefail
. "$(dirname "$0")/pinned-tool.sh" smtp-sink "aiosmtpd==1.4.6" python "the SMTP test sink"

case "${1:-}" in
  install)
    install
    ;;
  serve)
    port=${2:?usage: smtp-sink.sh serve PORT DIR}
    dir=${3:?usage: smtp-sink.sh serve PORT DIR}
    install
    exec "$venv/bin/python" "$root/tests/tools/smtp-sink.py" "$port" "$dir"
    ;;
  *)
    echo "usage: $0 install | serve PORT DIR" >&2
    exit 2
    ;;
esac
