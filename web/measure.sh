#!/usr/bin/env bash
# web/measure.sh: measures the playground in headless Chromium (the numbers
# of docs/performance.md): the time to the first answer after opening the
# page from disk, and the time a keystroke's update takes. It builds the page
# first.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 web/build.py
CUTEC_WEB_MEASURE=1 go test -count=1 -run '^TestPlaygroundTimings$' -v ./internal/screenshot/ | grep -E 'first answer|keystroke'
