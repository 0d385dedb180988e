#!/bin/sh
# Takes one portal replica out of nginx's upstream before it is restarted, and puts it back afterwards (issue #30).
#
#   drain.sh out 10.0.0.11:3000    # mark it `down`, nginx -t, nginx -s reload, wait until nginx sends it nothing
#   … SIGTERM the replica, start it again, wait for its /readyz …
#   drain.sh in 10.0.0.11:3000     # remove `down`, nginx -t, nginx -s reload
#
# Why: a POST that nginx has already sent to a replica whose listener then closes (SIGTERM) is reset, and nginx never
# retries a POST on the next upstream. Kubernetes avoids it with the preStop pause while the pod leaves the endpoints;
# with a static upstream block the operator takes the replica out first. See docs/operations.md ("Rolling restart behind a plain nginx").
#
# The upstream block includes UPSTREAM_FILE, one `server <address> …;` line per replica; `out` appends ` down` to the
# replica's line, `in` removes it. The file is rewritten in place (same inode: it may be a bind mount).
#
# Both actions return once the new list is in force (nginx's old workers gone).
# "Nothing more is sent to it" is measured, not waited for with a fixed sleep: a reload starts new workers with the new
# upstream list, while the old workers finish the requests they hold and exit. The script polls (every 100 ms) until
# every worker of before the reload has exited, then reads nginx's access log (ACCESS_LOG, written with the
# `upstreamlog` format: `log_format upstreamlog '$msec "$upstream_addr" $status $request_time';`) and reports how many requests the replica still answered
# after the reload and when the last of them ended: from then on nginx has no connection to it left.
#
# Environment:
#   UPSTREAM_FILE    the included upstream list (default /etc/nginx/upstreams/portals.conf)
#   ACCESS_LOG       nginx's access log in the `upstreamlog` format (default /var/log/nginx/portals.log)
#   NGINX_CMD        how to call nginx, with its -p/-c options if any (default: nginx)
#   NGINX_PID_FILE   the master's pid file (default /run/nginx.pid)
#   DRAIN_TIMEOUT_S  give up (exit 1) if the old workers still run after this many seconds (default 60)
set -eu

usage() {
  echo "usage: $0 out|in <server address as in the upstream file, e.g. 10.0.0.11:3000>" >&2
  exit 2
}
[ $# -eq 2 ] || usage
action=$1
server=$2
case $action in out | in) ;; *) usage ;; esac

UPSTREAM_FILE=${UPSTREAM_FILE:-/etc/nginx/upstreams/portals.conf}
ACCESS_LOG=${ACCESS_LOG:-/var/log/nginx/portals.log}
NGINX_CMD=${NGINX_CMD:-nginx}
NGINX_PID_FILE=${NGINX_PID_FILE:-/run/nginx.pid}
DRAIN_TIMEOUT_S=${DRAIN_TIMEOUT_S:-60}

# The replica's line: `server <address>` followed by a space or a semicolon.
if ! grep -Eq "^[[:space:]]*server[[:space:]]+${server}[[:space:];]" "$UPSTREAM_FILE"; then
  echo "drain: no line 'server ${server}' in ${UPSTREAM_FILE}" >&2
  exit 2
fi

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
cp "$UPSTREAM_FILE" "$tmp"
# First without ` down`, then (out) with it: both actions are idempotent.
sed -E "/^[[:space:]]*server[[:space:]]+${server}[[:space:];]/ s/[[:space:]]+down;/;/" "$tmp" >"$tmp.1"
if [ "$action" = out ]; then
  sed -E "/^[[:space:]]*server[[:space:]]+${server}[[:space:];]/ s/;[[:space:]]*\$/ down;/" "$tmp.1" >"$tmp"
else
  cp "$tmp.1" "$tmp"
fi
rm -f "$tmp.1"

# Keep the old list to put back if nginx refuses the new one.
old=$(cat "$UPSTREAM_FILE")
cat "$tmp" >"$UPSTREAM_FILE"
if ! $NGINX_CMD -t -q; then
  printf '%s\n' "$old" >"$UPSTREAM_FILE"
  echo "drain: nginx -t refused the new upstream list; the old one is back" >&2
  exit 1
fi

master=$(cat "$NGINX_PID_FILE")
# The master's children now: the workers that still know the old upstream list. One pass over /proc (cat skips a
# process gone meanwhile): an awk per process took seconds on a busy host, and the reload waited for it.
old_workers=$(cat /proc/[0-9]*/stat 2>/dev/null | awk -v master="$master" '$4 == master { print $1 }')
reloaded_at=$(date +%s.%N)
$NGINX_CMD -s reload

giveup=$(($(date +%s) + DRAIN_TIMEOUT_S))
for pid in $old_workers; do
  while [ -e "/proc/$pid" ] && [ "$(awk '{ print $4 }' "/proc/$pid/stat" 2>/dev/null || true)" = "$master" ]; do
    if [ "$(date +%s)" -gt "$giveup" ]; then
      echo "drain: an old nginx worker (pid $pid) still holds requests after ${DRAIN_TIMEOUT_S} s" >&2
      exit 1
    fi
    sleep 0.1
  done
done
drained_at=$(date +%s.%N)

if [ "$action" = in ]; then
  echo "drain: ${server} is back in the upstream list"
  exit 0
fi

# What the access log says: the replica's requests that ended after the reload (old workers finishing), the last one.
awk -F'"' -v server="$server" -v since="$reloaded_at" -v drained="$drained_at" '
  function names(list,   parts, i, k) {
    k = split(list, parts, /, */)
    for (i = 1; i <= k; i++) if (parts[i] == server) return 1
    return 0
  }
  $1 + 0 >= since + 0 { if (names($2)) { n++; last = $1 } else others++ }
  END {
    printf "drain: %s is out: %d of its requests ended after the reload", server, n
    if (n) printf " (the last %.0f ms after it)", (last - since) * 1000
    printf "; %d went to the other replicas; the old workers were gone %.0f ms after the reload\n", others, (drained - since) * 1000
  }' "$ACCESS_LOG"
