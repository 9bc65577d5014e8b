#!/usr/bin/env bash
# The whole GPU check in one call (see bench/gpu/RESULTS.md): exactness against
# CPU-computed tallies, hands per second, ablations, then the side-by-side bench.
# Run from the repository root on the GPU machine:  bash bench/gpu/run_device.sh
set -o pipefail
export PYTHONPATH=src PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/pb-gpu-out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu \
    --format=csv 2>&1 | tee "$OUT/gpu.txt"
python3 bench/gpu/device_check.py 2>&1 | tee "$OUT/device_check.log"
status=$?
python3 bench/bench_cuda.py --quick 2>&1 | tee "$OUT/bench_cuda.log"
# End to end (not yet run on a GPU): `puntobanco simulate --backend cuda` must give the
# tallies of `--backend cpu` for the same seed. The cuda backend deals the last, cut-off
# shoe with the numba CPU kernel, so this also shows whether numba works on the image.
python3 bench/gpu/simulate_check.py 2>&1 | tee "$OUT/simulate_check.log" || status=1
nvidia-smi --query-gpu=clocks.sm,power.draw,temperature.gpu --format=csv 2>&1 | tee -a "$OUT/gpu.txt"
exit $status
