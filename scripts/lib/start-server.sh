# Sourced by the test scripts that need a running server.
#
#   start_server LOG_DIR SECONDS COMMAND...
#
# Runs COMMAND (ending in `serve --listen 127.0.0.1:0`) in the background,
# its output in LOG_DIR/serve.out and LOG_DIR/serve.err, and waits up to
# SECONDS for the first line, which names the address once the port is bound.
# Sets $server (the pid, COMMAND's own, so signals reach it) and $address
# (host:port); returns non-zero, with the server's log, when it stops or is late.
start_server() {
  local logs=$1 seconds=$2
  shift 2
  # Made before the server starts, so that reading them never races its start.
  : >"$logs/serve.out"
  : >"$logs/serve.err"
  "$@" >"$logs/serve.out" 2>"$logs/serve.err" &
  server=$!
  address=
  local _
  for _ in $(seq $((seconds * 5))); do
    address=$(sed -n 's|^halfstar is serving .* on http://\(.*\)$|\1|p' "$logs/serve.out")
    [ -n "$address" ] && return 0
    if ! kill -0 "$server" 2>/dev/null; then
      cat "$logs/serve.err" >&2
      echo "the server stopped before serving" >&2
      return 1
    fi
    sleep 0.2
  done
  cat "$logs/serve.err" >&2
  echo "the server did not start within $seconds seconds" >&2
  return 1
}
