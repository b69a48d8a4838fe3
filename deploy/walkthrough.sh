#!/usr/bin/env bash
# deploy/README.md's walkthrough, carried out step by step (relay/deploy-walkthrough.test.ts runs
# it in CI, so the document cannot drift from what works): a new host from nothing to two relay
# instances on PostgreSQL behind HAProxy, Prometheus's scrape and rules checked with promtool, a
# terminal key issued, a signed notification accepted and a terminal polling it. The numbered
# steps are the README's, in its order, with its commands.
#
# What only a real host has is played inside a scratch root ($WALK_ROOT, removed at the end):
# /etc, /opt, /run and systemd's host key live under it, and systemd's part is done by reading
# the units in deploy/ themselves: their EnvironmentFile=, LoadCredentialEncrypted= (decrypted with
# systemd-creds into a 0700 directory, as systemd does at start), ExecStartPre= and ExecStart=
# lines, with %i, the scratch root's paths and this machine's node put in. Everything runs as the
# calling user on 127.0.0.1.
#
# Needs: node (22.12+), npm, haproxy, promtool, systemd-creds, psql/createuser/createdb, curl,
# openssl; a PostgreSQL server to set up, as its superuser: PGHOST, PGPORT, PGUSER.
# WALK_PORTS="A B LB" (free ports; default 4021 4022 8443); WALK_DB_ROLE (relay), WALK_DB (relay);
# RELAY_BUNDLE: an already built `npm run build:relay` folder to copy instead of building.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
read -r PORT_A PORT_B PORT_LB <<<"${WALK_PORTS:-4021 4022 8443}"
ROLE=${WALK_DB_ROLE:-relay}
DB=${WALK_DB:-relay}
: "${PGHOST:?the PostgreSQL server to set up (PGHOST, PGPORT, PGUSER: a superuser)}"
: "${PGPORT:=5432}"
: "${PGUSER:=postgres}"
export PGHOST PGPORT PGUSER

ROOT=$(mktemp -d "${TMPDIR:-/tmp}/relay-walkthrough-XXXXXX")
PIDS=()
cleanup() {
  local status=$?
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$ROOT"
  echo "walkthrough: stopped ${#PIDS[@]} processes, removed the scratch root"
  exit "$status"
}
trap cleanup EXIT
echo "walkthrough: scratch root $ROOT"

step() { echo "== $* (at ${SECONDS} s)"; }
# A host path as it is inside the scratch root.
host() { sed -e "s#/etc/#$ROOT/etc/#g" -e "s#/opt/#$ROOT/opt/#g"; }
unit_lines() { sed -n "s/^$2=//p" "$1"; }
wait_healthy() {
  local url=$1 log=$2
  for _ in $(seq 1 300); do
    if curl -fsS -o /dev/null "$url/healthz" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "walkthrough: $url never became healthy:" >&2
  cat "$log" >&2
  return 1
}

# systemd's part of `systemctl start UNIT`, from the unit file itself.
start_unit() {
  local file=$1 instance=$2 name=$3
  local log="$ROOT/var/log/$name.log"
  local creds="$ROOT/run/credentials/$name"
  (
    set -a
    while read -r envfile; do
      # shellcheck disable=SC1090
      . "$(host <<<"$envfile")"
    done < <(unit_lines "$file" EnvironmentFile)
    set +a
    if [ -n "$(unit_lines "$file" LoadCredentialEncrypted)" ]; then
      install -d -m 0700 "$creds"
      while IFS=: read -r credential source; do
        systemd-creds decrypt --name="$credential" "$(host <<<"$source")" "$creds/$credential"
        chmod 0400 "$creds/$credential"
      done < <(unit_lines "$file" LoadCredentialEncrypted)
      export CREDENTIALS_DIRECTORY="$creds"
    fi
    cd "$(unit_lines "$file" WorkingDirectory | host)" 2>/dev/null || cd "$ROOT"
    while read -r pre; do
      eval "$(host <<<"$pre")"
    done < <(unit_lines "$file" ExecStartPre)
    command=$(unit_lines "$file" ExecStart | host | sed -e "s#%i#$instance#g" -e "s#^/usr/bin/node #$(command -v node) #")
    exec $command >"$log" 2>&1
  ) &
  PIDS+=("$!")
  echo "walkthrough: started $name (pid $!)"
}

step "1. PostgreSQL: a database and a role for the relay"
STORE_PASSWORD=$(openssl rand -hex 16)
createuser "$ROLE"
psql -q -v ON_ERROR_STOP=1 -v role="$ROLE" -v password="$STORE_PASSWORD" -d postgres \
  <<<"ALTER ROLE :\"role\" LOGIN PASSWORD :'password'"
createdb -O "$ROLE" "$DB"

step "2. The relay, lean: npm run build:relay, copied to /opt/countertop-relay"
install -d "$ROOT/opt" "$ROOT/var/log" "$ROOT/run"
if [ -n "${RELAY_BUNDLE:-}" ]; then
  cp -a "$RELAY_BUNDLE" "$ROOT/opt/countertop-relay"
else
  (cd "$REPO" && npm run --silent build:relay -- --out "$ROOT/opt/countertop-relay" >/dev/null)
fi
test -f "$ROOT/opt/countertop-relay/relay.mjs"
test ! -e "$ROOT/opt/countertop-relay/node_modules/tsx"

step "3. The files in place: units, haproxy.cfg, relay.env, haproxy.env"
install -d "$ROOT/etc/countertop" "$ROOT/etc/systemd/system"
install -m 0644 "$REPO/deploy/relay@.service" "$REPO/deploy/relay-haproxy.service" \
  "$ROOT/etc/systemd/system/"
install -m 0644 "$REPO/deploy/haproxy.cfg" "$ROOT/etc/countertop/haproxy.cfg"
STORE_URL="postgres://$ROLE@$PGHOST:$PGPORT/$DB"
sed -e "s#^RELAY_STORE_URL=.*#RELAY_STORE_URL=$STORE_URL#" \
  -e "s#^RELAY_PUBLIC_URL=.*#RELAY_PUBLIC_URL=http://127.0.0.1:$PORT_LB#" \
  "$REPO/deploy/relay.env.example" >"$ROOT/etc/countertop/relay.env"
sed -e "s#^RELAY_LB_BIND=.*#RELAY_LB_BIND=127.0.0.1:$PORT_LB#" \
  -e "s#^RELAY_A=.*#RELAY_A=127.0.0.1:$PORT_A#" -e "s#^RELAY_B=.*#RELAY_B=127.0.0.1:$PORT_B#" \
  "$REPO/deploy/haproxy.env.example" >"$ROOT/etc/countertop/haproxy.env"
if grep -qi 'secret\s*=\|password\s*=' "$ROOT/etc/countertop/relay.env"; then
  echo "walkthrough: relay.env must hold no secret" >&2
  exit 1
fi

step "4. The secrets, as credentials encrypted for this host"
# systemd's host key, inside the scratch root instead of /var/lib/systemd/credential.secret.
install -d -m 0700 "$ROOT/var/lib/systemd"
export SYSTEMD_CREDENTIAL_SECRET="$ROOT/var/lib/systemd/credential.secret"
PLATFORM_WEBHOOK_SECRET=$(openssl rand -hex 32)
RELAY_ROLE_PASSWORD=$STORE_PASSWORD
RELAY_CREDENTIALS_KEY=$(openssl rand -base64 32)
install -d -m 0700 "$ROOT/etc/countertop/credentials"
printf '%s\n' "$PLATFORM_WEBHOOK_SECRET" |
  systemd-creds encrypt --name=marketplace-secrets - "$ROOT/etc/countertop/credentials/marketplace-secrets.cred" 2>/dev/null
openssl rand -hex 24 |
  systemd-creds encrypt --name=metrics-token - "$ROOT/etc/countertop/credentials/metrics-token.cred" 2>/dev/null
printf '%s\n' "$RELAY_ROLE_PASSWORD" |
  systemd-creds encrypt --name=store-password - "$ROOT/etc/countertop/credentials/store-password.cred" 2>/dev/null
printf '%s\n' "$RELAY_CREDENTIALS_KEY" |
  systemd-creds encrypt --name=credentials-key - "$ROOT/etc/countertop/credentials/credentials-key.cred" 2>/dev/null
if grep -rqF "$PLATFORM_WEBHOOK_SECRET" "$ROOT/etc"; then
  echo "walkthrough: the signing secret is in a file in /etc in clear" >&2
  exit 1
fi

step "5. systemctl enable --now relay@$PORT_A relay@$PORT_B relay-haproxy"
start_unit "$ROOT/etc/systemd/system/relay@.service" "$PORT_A" "relay@$PORT_A"
start_unit "$ROOT/etc/systemd/system/relay@.service" "$PORT_B" "relay@$PORT_B"
wait_healthy "http://127.0.0.1:$PORT_A" "$ROOT/var/log/relay@$PORT_A.log"
wait_healthy "http://127.0.0.1:$PORT_B" "$ROOT/var/log/relay@$PORT_B.log"
start_unit "$ROOT/etc/systemd/system/relay-haproxy.service" "" relay-haproxy
LB="http://127.0.0.1:$PORT_LB"
wait_healthy "$LB" "$ROOT/var/log/relay-haproxy.log"

step "6. Migrations: the first instance created the tables, the second found them"
echo "walkthrough: schema version $(psql -At -d "$DB" -c 'SELECT version FROM relay_schema')"

step "7. Prometheus: the scrape and the alert rules, checked with promtool"
install -d -m 0755 "$ROOT/etc/prometheus"
install -m 0644 "$REPO/deploy/relay-alerts.yml" "$ROOT/etc/prometheus/relay-alerts.yml"
systemd-creds decrypt --name=metrics-token "$ROOT/etc/countertop/credentials/metrics-token.cred" \
  "$ROOT/etc/prometheus/relay-metrics-token" 2>/dev/null
chmod 0600 "$ROOT/etc/prometheus/relay-metrics-token"
host <"$REPO/deploy/prometheus.yml" |
  sed -e "s#'127.0.0.1:4021', '127.0.0.1:4022'#'127.0.0.1:$PORT_A', '127.0.0.1:$PORT_B'#" \
    >"$ROOT/etc/prometheus/prometheus.yml"
grep -q "127.0.0.1:$PORT_A" "$ROOT/etc/prometheus/prometheus.yml"
promtool check config "$ROOT/etc/prometheus/prometheus.yml"
promtool check rules "$ROOT/etc/prometheus/relay-alerts.yml"
# What each scrape does: the token as the config's credentials_file gives it.
TOKEN=$(tr -d '\n' <"$ROOT/etc/prometheus/relay-metrics-token")
for port in "$PORT_A" "$PORT_B"; do
  # Read whole before grep looks (grep -q leaving early would fail curl's write under pipefail).
  SCRAPE=$(curl -fsS -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$port/metrics")
  grep -q '^relay_polls_open ' <<<"$SCRAPE"
  test "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/metrics")" = 401
done
echo "walkthrough: /metrics scraped on both instances with the token, 401 without"

step "8. A terminal key: admin create-terminal (the password from PGPASSWORD)"
VENUE="walkthrough-venue"
KEY=$(
  set -a
  . "$ROOT/etc/countertop/relay.env"
  set +a
  PGPASSWORD=$RELAY_ROLE_PASSWORD node "$ROOT/opt/countertop-relay/relay.mjs" admin create-terminal \
    --store "$RELAY_STORE_URL" --venue "$VENUE" --name "Till 1" | tail -n 1
)
case $KEY in rtk_*) ;; *)
  echo "walkthrough: create-terminal printed no key" >&2
  exit 1
  ;;
esac
echo "walkthrough: terminal key issued"

step "9. The platform's signed notification, through HAProxy"
EVENT_ID="walkthrough-$(openssl rand -hex 4)"
BODY="{\"id\":\"$EVENT_ID\",\"type\":\"order.notification\",\"order\":{\"id\":\"order-$EVENT_ID\",\"venue_id\":\"$VENUE\",\"status\":\"CREATED\",\"resource_url\":\"https://platform.example/pos/orders/order-$EVENT_ID\"},\"created_at\":\"2026-11-27T10:00:00.000Z\"}"
SIGNATURE=$(printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$PLATFORM_WEBHOOK_SECRET" -hex | sed 's/^.*= //')
STATUS=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
  -H "PLATFORM-SIGNATURE: $SIGNATURE" --data-binary "$BODY" "$LB/hooks/marketplace")
FORGED=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
  -H "PLATFORM-SIGNATURE: $(printf '%064d' 0)" --data-binary "$BODY" "$LB/hooks/marketplace")
test "$STATUS" = 200
test "$FORGED" = 401
echo "walkthrough: notification accepted (200), a forged one refused (401)"

step "10. The terminal polls it, through HAProxy"
ANSWER=$(curl -fsS -H "Authorization: Bearer $KEY" "$LB/v1/events?after=0&wait=5")
grep -qF "$EVENT_ID" <<<"$ANSWER"
echo "walkthrough: the terminal has the notification"
echo "walkthrough: ok"
