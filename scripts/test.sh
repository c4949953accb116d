#!/usr/bin/env bash
# Full check of Field Desk, failing fast: formatting and lints, native tests, wasm tests in headless Chromium,
# release build, end-to-end tests against the release build, then figures (bench, sizes).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# A clean clone gains nothing from incremental caches, and they cost gigabytes of disk.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

STEPS=9
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

step "native tests: cargo test (at opt-level 1)"
# The native tests play thousands of random campaigns and link_lengths plays every sample to
# its end: built at opt-level 1 (every crate), they build in about 6 minutes rather than 2 and
# run in about 3 rather than 13; link_lengths, which reuses this build, in 1.5 rather than 12.
# Overflow checks and debug assertions stay on (they are not tied to the opt-level). The wasm
# tests keep opt-level 0. NATIVE_OPT is used by both steps, so link_lengths finds this build.
NATIVE_OPT=1
CARGO_PROFILE_DEV_OPT_LEVEL=$NATIVE_OPT cargo test

step "wasm tests in headless Chromium: cargo test --target wasm32-unknown-unknown --tests"
# wasm-bindgen-test-runner (the runner in .cargo/config.toml) drives Debian's chromedriver and
# reads capabilities from webdriver.json in the crate root.
# No debug info at all in the wasm test binaries (about 150 MB each with line tables; a failing
# assertion still names its file and line, which come from the panic, not from debug info).
# The timeout is for a whole test binary: wasm_seat_copies, the longest, draws or refuses about
# 98,000 hostile copies in 4-5 minutes and prints each system's time; 600 s stops a hang, not it.
CARGO_PROFILE_DEV_DEBUG=false \
CHROMEDRIVER=/usr/bin/chromedriver \
WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-600}" \
  cargo test --target wasm32-unknown-unknown --tests
# The example system through the UI's list (a build with its feature).
CARGO_PROFILE_DEV_DEBUG=false \
CHROMEDRIVER=/usr/bin/chromedriver \
WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-600}" \
  cargo test --target wasm32-unknown-unknown --features example-system --test wasm_example

step "release build: scripts/build-split.sh (into dist/: the shell and one wasm chunk per system)"
bash scripts/build-split.sh dist

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
