# Shared by the test tools that run a pinned PyPI package (source it, with `root` set to the
# workspace root).

# venv_install VENV PACKAGE EXECUTABLE WHAT: installs PACKAGE into the virtualenv VENV (under
# $root) unless VENV/bin/EXECUTABLE exists and VENV/.installed already names PACKAGE; WHAT names
# the tool in the messages.
venv_install() {
  local venv=$1 package=$2 executable=$3 what=$4 python
  if [ -x "$venv/bin/$executable" ] && [ "$(cat "$venv/.installed" 2>/dev/null)" = "$package" ]; then
    return 0
  fi
  echo "Installing $what ($package) into ${venv#"$root"/}..." >&2
  python=${PYTHON:-python3}
  command -v "$python" >/dev/null || { echo "python3 is required for $what" >&2; exit 1; }
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  "$python" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$package" >&2
  echo "$package" >"$venv/.installed"
}
