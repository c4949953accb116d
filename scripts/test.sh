#!/usr/bin/env bash
# Full check of Field Desk, failing fast: formatting and lints, native tests, wasm tests in headless Chromium
# beside the release build, end-to-end tests against the release build, then figures (bench, sizes).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# A clean clone gains nothing from incremental caches, and they cost gigabytes of disk.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

STEPS=8
step_no=0
step_start=0
summary=()

step() {
  finish_step
  step_no=$((step_no + 1))
  step_name="$*"
  step_start=$(date +%s)
  printf '\n==> [%d/%d] %s\n' "$step_no" "$STEPS" "$step_name"
}
finish_step() {
  if [ "$step_no" -gt 0 ]; then
    summary+=("$(printf '  [%d/%d] %-84s %4ds  target/ %s' "$step_no" "$STEPS" "$step_name" \
      $(($(date +%s) - step_start)) "$(du -sh target 2>/dev/null | cut -f1)")")
  fi
}
on_exit() {
  rc=$?
  if [ "$rc" -ne 0 ] && [ "$step_no" -gt 0 ]; then
    printf '\n==> FAILED at step [%d/%d] %s (exit %d)\n' "$step_no" "$STEPS" "$step_name" "$rc" >&2
  fi
}
trap on_exit EXIT

step "setup: tools (scripts/setup.sh)"
df -h . | sed 's/^/disk: /'
bash scripts/setup.sh

step "lint: cargo fmt --check; cargo clippy -D warnings (native, and wasm32 with the components)"
cargo fmt --check
cargo clippy --all-targets --quiet -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --tests --quiet -- -D warnings
# The test-only example system's screens (src/ui/duel) are built only with its feature.
cargo clippy --target wasm32-unknown-unknown --lib --tests --features example-system --quiet -- -D warnings

step "native tests: cargo test (at opt-level 1; the suites are one binary, tests/native.rs)"
# The native tests play thousands of random campaigns and link_lengths plays every sample to
# its end: built at opt-level 1 (every crate), they build in about 6 minutes rather than 2 and
# run in about 3 rather than 13; link_lengths, which reuses this build, in 1.5 rather than 12.
# Overflow checks and debug assertions stay on (they are not tied to the opt-level). The wasm
# tests keep opt-level 0. NATIVE_OPT is used by both steps, so link_lengths finds this build.
NATIVE_OPT=1
CARGO_PROFILE_DEV_OPT_LEVEL=$NATIVE_OPT cargo test

step "wasm tests in headless Chromium (cargo test --target wasm32-unknown-unknown --test wasm --test wasm_example), beside the release build (scripts/build-split.sh into dist/)"
# wasm-bindgen-test-runner (the runner in .cargo/config.toml) drives Debian's chromedriver and
# reads capabilities from webdriver.json in the crate root. Only the component suites run here
# (tests/wasm.rs, tests/wasm_example.rs; the native suites and the unit tests have no browser
# test). One build serves both: with the feature, the example system's screens are built too
# (tests/wasm_example.rs), and the app's list has a sixth card, which no other suite counts.
# No debug info at all in the wasm test binaries (about 150 MB with line tables; a failing
# assertion still names its file and line, which come from the panic, not from debug info).
# The timeout is for a whole test binary: wasm_seat_copies, the longest suite, draws or refuses
# about 98,000 hostile copies in 4-6 minutes and prints each system's time; 900 s stops a hang.
wasm_tests() {
  CARGO_PROFILE_DEV_DEBUG=false \
  CHROMEDRIVER=/usr/bin/chromedriver \
  WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-900}" \
    cargo test --target wasm32-unknown-unknown --features example-system --test wasm --test wasm_example "$@"
}
wasm_tests --no-run
# The tests run in one browser page for five to eight minutes and leave part of the machine
# idle: the release build (its own toolchain and target directory, target/split) runs beside
# them, its output kept in a file and printed after the tests. Measured from a clean clone: 1,290 s
# for the two together, against about 1,600 s one after the other.
mkdir -p target
bash scripts/build-split.sh dist >target/build-split.log 2>&1 &
build_pid=$!
wasm_rc=0
wasm_tests || wasm_rc=$?
build_rc=0
wait "$build_pid" || build_rc=$?
sed 's/^/  build-split | /' target/build-split.log
[ "$wasm_rc" -eq 0 ] || { echo "wasm tests failed (exit $wasm_rc)" >&2; exit "$wasm_rc"; }
[ "$build_rc" -eq 0 ] || { echo "release build failed (exit $build_rc): see its output above" >&2; exit "$build_rc"; }

step "end-to-end tests: node --test tests/e2e/*.test.mjs (on the release build in dist/)"
shopt -s nullglob
e2e_files=(tests/e2e/*.test.mjs)
shopt -u nullglob
[ "${#e2e_files[@]}" -gt 0 ] || { echo "no tests/e2e/*.test.mjs files" >&2; exit 1; }
node --test "${e2e_files[@]}"

step "figures: cargo bench --bench replay"
cargo bench --bench replay

step "figures: share-link lengths (cargo run --example link_lengths)"
CARGO_PROFILE_DEV_OPT_LEVEL=$NATIVE_OPT cargo run --quiet --example link_lengths

step "figures: release sizes (scripts/sizes.sh)"
bash scripts/sizes.sh

finish_step
printf '\n==> all steps passed\n'
printf '%s\n' "${summary[@]}"
