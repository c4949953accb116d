#!/usr/bin/env bash
# Full check of Field Desk, failing fast: formatting and lints, native tests, the wasm tests' build (the
# release build in the background meanwhile), end-to-end tests against the release build with the wasm
# tests in headless Chromium beside them, then figures (link lengths, bench, sizes).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# A clean clone gains nothing from incremental caches, and they cost gigabytes of disk.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

STEPS=10
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
groups=()
on_exit() {
  rc=$?
  if [ "$rc" -ne 0 ] && [ "$step_no" -gt 0 ]; then
    printf '\n==> FAILED at step [%d/%d] %s (exit %d)\n' "$step_no" "$STEPS" "$step_name" "$rc" >&2
  fi
  # What runs in the background (below) ends with the script: each job's process group is stopped.
  for g in "${groups[@]}"; do kill -- "-$g" 2>/dev/null || true; done
}
trap on_exit EXIT

# spawn LOG CMD...: runs CMD in the background, its output in LOG, in a process group of its own
# (set -m) that on_exit stops if a step fails; its pid in $spawned.
spawn() {
  local log=$1
  shift
  set -m
  "$@" >"$log" 2>&1 &
  spawned=$!
  set +m
  groups+=("$spawned")
}
# collect PID LOG WHAT: waits for a spawned job, prints its output, and fails if it failed.
collect() {
  local rc=0
  wait "$1" || rc=$?
  cat "$2"
  [ "$rc" -eq 0 ] || { echo "$3 failed (exit $rc): see its output above" >&2; exit "$rc"; }
}

step "setup: tools (scripts/setup.sh)"
df -h . | sed 's/^/disk: /'
bash scripts/setup.sh

# The release build (scripts/build-split.sh into dist/: its own nightly toolchain and target dir,
# target/split) and then the bench's build run in the background from here, beside the lints and
# the native tests and the wasm tests' build. Those steps keep both cores busy, so this saves little
# (clean clone, two cores: 755 s to the wasm tests' build, against 793 s with the release build
# beside the wasm tests' run), but the wasm tests can then run beside the e2e tests. Its output is
# kept in a file and printed when the end-to-end tests wait for it. A failing step stops it.
background() {
  local start=$(date +%s) rc=0
  bash scripts/build-split.sh dist || rc=$?
  echo "release build: exit $rc after $(($(date +%s) - start)) s"
  [ "$rc" -eq 0 ] || return "$rc"
  cargo bench --bench replay --no-run --quiet || rc=$?
  echo "bench build: exit $rc, $(($(date +%s) - start)) s after the release build started"
  return "$rc"
}
mkdir -p target
spawn target/background.log background
background_pid=$spawned

step "lint: cargo fmt --check; cargo clippy -D warnings (native, and wasm32 with the components)"
cargo fmt --check
cargo clippy --all-targets --quiet -- -D warnings
# One wasm pass, with the test-only example system's feature: it only adds code (its screens,
# src/ui/duel, and tests/wasm_example.rs; no code is built only without it), so this pass lints
# everything the pass without it would.
cargo clippy --target wasm32-unknown-unknown --lib --tests --features example-system --quiet -- -D warnings

step "native tests: cargo test (at opt-level 1; the suites are one binary, tests/native.rs)"
# The native tests play thousands of random campaigns and link_lengths plays every sample to
# its end: built at opt-level 1 (every crate), they build in about 6 minutes rather than 2 and
# run in about 3 rather than 13; link_lengths, which reuses this build, in 1.5 rather than 12.
# Overflow checks and debug assertions stay on (they are not tied to the opt-level). The wasm
# tests keep opt-level 0. NATIVE_OPT is used by both steps, so link_lengths finds this build.
NATIVE_OPT=1
CARGO_PROFILE_DEV_OPT_LEVEL=$NATIVE_OPT cargo test

step "wasm tests' build (cargo test --target wasm32-unknown-unknown --test wasm --test wasm_example --no-run)"
# wasm-bindgen-test-runner (the runner in .cargo/config.toml) drives Debian's chromedriver and
# reads capabilities from webdriver.json in the crate root. Only the component suites run here
# (tests/wasm.rs, tests/wasm_example.rs; the native suites and the unit tests have no browser
# test). One build serves both: with the feature, the example system's screens are built too
# (tests/wasm_example.rs), and the app's list has a sixth card, which no other suite counts.
# No debug info at all in the wasm test binaries (about 150 MB with line tables; a failing
# assertion still names its file and line, which come from the panic, not from debug info).
# The timeout is for a whole test binary: wasm_seat_copies, the longest suite, draws or refuses
# about 98,000 hostile copies and prints each system's time; 900 s stops a hang.
wasm_tests() {
  CARGO_PROFILE_DEV_DEBUG=false \
  CHROMEDRIVER=/usr/bin/chromedriver \
  WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-900}" \
    cargo test --target wasm32-unknown-unknown --features example-system --test wasm --test wasm_example "$@"
}
wasm_tests --no-run

step "release build (scripts/build-split.sh into dist/) and the bench's build, started after setup: waiting for them"
collect "$background_pid" target/background.log "the release or bench build"

step "end-to-end tests: node --test tests/e2e/*.test.mjs (on the release build in dist/), the wasm tests' run and link_lengths beside them"
shopt -s nullglob
e2e_files=(tests/e2e/*.test.mjs)
shopt -u nullglob
[ "${#e2e_files[@]}" -gt 0 ] || { echo "no tests/e2e/*.test.mjs files" >&2; exit 1; }
# Browser tests spend most of their time waiting for the page: with one e2e file at a time the two
# cores were more than half idle (measured: 384 s with one at a time, 279 s with two, 255 s with
# three). So two e2e files run at a time, and beside them the wasm tests in their own headless
# Chromium and the link-length figures (a native program, no browser); their output is kept in
# files and printed in the next steps. Each e2e file starts its own browser, and no two share a
# port, a profile or a file.
spawn target/wasm-tests.log wasm_tests
wasm_pid=$spawned
spawn target/link_lengths.txt env CARGO_PROFILE_DEV_OPT_LEVEL=$NATIVE_OPT cargo run --quiet --example link_lengths
lengths_pid=$spawned
node --test --test-concurrency=2 "${e2e_files[@]}"

step "wasm tests in headless Chromium (run beside the end-to-end tests)"
collect "$wasm_pid" target/wasm-tests.log "the wasm tests"

step "figures: share-link lengths (cargo run --example link_lengths, run beside the end-to-end tests)"
collect "$lengths_pid" target/link_lengths.txt link_lengths

step "figures: cargo bench --bench replay (built in the background, run alone)"
cargo bench --bench replay

step "figures: release sizes (scripts/sizes.sh)"
bash scripts/sizes.sh

finish_step
printf '\n==> all steps passed\n'
printf '%s\n' "${summary[@]}"
