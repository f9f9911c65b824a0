#!/usr/bin/env bash
# run.sh: the hardware check of the bank model (README.md). On a machine
# with an NVIDIA GPU, nvcc and Nsight Compute (ncu): builds banks.cu and
# cutec, turns the cases into lane addresses, runs every case as one kernel
# launch under ncu, and prints the table of cutec's wavefronts beside the
# GPU's. Never part of the default CI.
#
#   benchmarks/banks-hw/run.sh [CASES.jsonl...]   (default: cases.jsonl here)
#   OUT=dir ARCH=sm_90 benchmarks/banks-hw/run.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."
out="${OUT:-$(mktemp -d)}"
arch="${ARCH:-native}"
cases=("$@")
[[ ${#cases[@]} -gt 0 ]] || cases=("$here/cases.jsonl")
mkdir -p "$out"

go build -o "$out/cutec" ./cmd/cutec
go build -o "$out/banks-hw-tool" ./benchmarks/banks-hw
nvcc -O2 -std=c++17 -arch="$arch" -o "$out/banks-hw" "$here/banks.cu"

"$out/banks-hw-tool" lanes -cutec "$out/cutec" "${cases[@]}" > "$out/lanes.txt"
metrics="$("$out/banks-hw-tool" metrics)"
ncu --clock-control none --csv --metrics "$metrics" "$out/banks-hw" "$out/lanes.txt" > "$out/ncu.csv"
"$out/banks-hw-tool" collect -cutec "$out/cutec" -ncu "$out/ncu.csv" "${cases[@]}" > "$out/measured.jsonl"
"$out/banks-hw-tool" compare -cutec "$out/cutec" "$out/measured.jsonl" | tee "$out/table.txt"
echo "measured cases: $out/measured.jsonl; table: $out/table.txt" >&2
