#!/usr/bin/env bash
# Development server with auto-rebuild: open http://127.0.0.1:8080
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
bash scripts/setup.sh
echo "dev: serving on http://127.0.0.1:8080 (Ctrl-C to stop)"
exec trunk serve --address 127.0.0.1 --port 8080 "$@"
