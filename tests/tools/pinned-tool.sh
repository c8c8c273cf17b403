# Shared by the test tools that run a pinned PyPI package from their own virtualenv. Source it as
#   . "$(dirname "$0")/pinned-tool.sh" NAME PACKAGE EXECUTABLE WHAT
# It sets `root` (the workspace root) and `venv` (target/NAME/venv under it), and defines
# `install`, which installs PACKAGE into that virtualenv unless it is there already (see
# venv_install in venv.sh); WHAT names the tool in the messages.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
venv="$root/target/$1/venv"
pinned_tool=("$2" "$3" "$4")

. "$root/tests/tools/venv.sh"

install() { venv_install "$venv" "${pinned_tool[@]}"; }
