#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (written by vp-connect4 autograder).
# It installs Python, bubblewrap (the sandbox the check runs each student's file in) and vp-connect4 from the
# source copy this zip carries (no vp-connect4 on PyPI needed; its dependencies come from PyPI).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="${VP_CONNECT4_AUTOGRADER_ROOT:-/autograder}"
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends python3 python3-pip python3-venv bubblewrap
python3 -m venv "$root/venv"
"$root/venv/bin/python" -m pip install --upgrade pip
"$root/venv/bin/python" -m pip install "$here/vp_connect4_source"
"$root/venv/bin/python" -m vp_connect4 check --help > /dev/null  # installed, and it starts
