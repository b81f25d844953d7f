#!/usr/bin/env bash
# Every check the project has: typecheck, lint, build, unit, integration (real VS Code extension
# host), e2e (real browser on the installed VSIX), conformance (the official MCP conformance suite
# refereeing the CLI as a client; scenarios counted, against its baseline) and corpus (the suite's
# server mode proves each single-fault server's fault, MCP Lens must find it); a whole run puts
# them side by side as described above `parallel` below.
# Each stage's pass/fail/skip counts are summed; the last line is `N passed, N failed,
# N skipped` and the exit code is non-zero on any failure. `bash test/run-all.sh unit e2e`
# runs only the stages named. Test files or folders among the arguments narrow the unit stage
# to them (the inner loop): `bash test/run-all.sh unit test/unit/cli/check.test.ts test/unit/wire`,
# or `npm run test:unit -- test/unit/cli/check.test.ts`.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
results="$root/test-results"
mkdir -p "$results"
# Counts go through files of this run only: another run in the same tree must not mix in.
counts=$(mktemp -d)
trap 'rm -rf "$counts"' EXIT

stages=()
unit_paths=()
for arg in "$@"; do
  if [[ $arg == */* || $arg == *.ts ]]; then unit_paths+=("$arg"); else stages+=("$arg"); fi
done
[ ${#stages[@]} -eq 0 ] && [ ${#unit_paths[@]} -gt 0 ] && stages=(unit)
[ ${#stages[@]} -eq 0 ] && stages=(typecheck lint build unit integration e2e conformance corpus)

# Node 20 reads the whole NODE_EXTRA_CA_CERTS bundle as each process starts: 32 of the 52 ms of
# CPU a `node -e 0` takes on this machine, where it names the system's bundle. The suite starts
# thousands of Node 20 processes (test batches, CLI runs, fixture servers) and none of them
# connects past this machine, so the stages run without it: the unit stage measured 198 s and
# 383 CPU-s with it, 177 s and 345 CPU-s without. The tools install, which downloads, keeps it.
extra_ca=${NODE_EXTRA_CA_CERTS-}
unset NODE_EXTRA_CA_CERTS
with_extra_ca() {
  if [ -n "$extra_ca" ]; then NODE_EXTRA_CA_CERTS=$extra_ca "$@"; else "$@"; fi
}

# Node 22 and later keep the code they compile here and reuse it: the VS Code test tools' Node 24
# runs code-server, its extension hosts, the servers they start and the conformance suite, all
# started again and again (an e2e test's processes: 0.5 CPU-s less each, measured). Node 20
# ignores it.
export NODE_COMPILE_CACHE="$root/.cache/node-compile-cache"

total_passed=0
total_failed=0
total_skipped=0
build_failed=0
tools_failed=0
report=()

# count FILE: prints "passed failed skipped" from a {"passed":N,"failed":N,"skipped":N} results file.
count() {
  node -e 'try { const r = require(process.argv[1]); console.log(`${r.passed|0} ${r.failed|0} ${r.skipped|0}`) } catch { console.log("0 0 0") }' "$1"
}

# cpu_used: sets CPU_MS to the CPU time (user + system, in ms) of every process this shell has
# started and waited for so far: the builtin `times`, read here because a subshell has its own.
cpu_used() {
  times > "$counts/times"
  local line
  line=$(tail -1 "$counts/times")
  [[ $line =~ ^([0-9]+)m([0-9]+)\.([0-9]{3})s\ ([0-9]+)m([0-9]+)\.([0-9]{3})s$ ]] || { CPU_MS=0; return; }
  local r=("${BASH_REMATCH[@]}")
  CPU_MS=$(( (10#${r[1]} * 60 + 10#${r[2]}) * 1000 + 10#${r[3]} + (10#${r[4]} * 60 + 10#${r[5]}) * 1000 + 10#${r[6]} ))
}

# machine_busy: the ticks (1/100 s) every core of the machine has spent busy since boot, from
# /proc/stat: what the stages' own CPU times leave out (a process a VS Code started and left to
# init is not counted by its stage), and what says whether the cores had time to spare.
machine_busy() {
  local _cpu user nice system idle iowait irq softirq steal _rest
  read -r _cpu user nice system idle iowait irq softirq steal _rest < /proc/stat
  echo $((user + nice + system + irq + softirq + steal))
}
machine_busy_at_start=$(machine_busy)

# stage_began: notes the time and the CPU used so far, for record.
stage_began() {
  STAGE_START=$SECONDS
  cpu_used
  STAGE_CPU=$CPU_MS
}

# record NAME RC PASSED FAILED SKIPPED: the stage's counts, with its time and CPU since stage_began.
# The CPU is what the stage's processes used on every core, those it waited for (a VS Code's
# children that outlive it are not among them); it shows which stage loads the machine when
# stages run side by side (a stage's time alone does not).
record() {
  local name=$1 rc=$2 passed=$3 failed=$4 skipped=$5
  local secs=$((SECONDS - STAGE_START))
  cpu_used
  local cpu=$(( (CPU_MS - STAGE_CPU) / 1000 ))
  # A stage that failed without a failing count (crash, missing tool) still counts once.
  if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
  total_skipped=$((total_skipped + skipped))
  report+=("$(printf '%-12s %4d passed %4d failed %4d skipped  %4ds %5d CPU-s' "$name" "$passed" "$failed" "$skipped" "$secs" "$cpu")")
}

# check NAME CMD...: a stage that is one pass or one fail (typecheck, lint, build).
check() {
  local name=$1; shift
  stage_began
  echo "=== $name: $*"
  "$@"
  local rc=$?
  [ "$name" = build ] && [ $rc -ne 0 ] && build_failed=1 && touch "$counts/build.failed"
  if [ $rc -eq 0 ]; then record "$name" 0 1 0 0; else record "$name" $rc 0 1 0; fi
}

run_unit() {
  stage_began
  local paths=("${unit_paths[@]}")
  [ ${#paths[@]} -eq 0 ] && paths=(test/unit)
  for path in "${paths[@]}"; do
    [ -e "$path" ] || { echo "unit: no such test file or folder: $path" >&2; record unit 1 0 1 0; return; }
  done
  mapfile -t files < <(find "${paths[@]}" -name '*.test.ts' -type f 2>/dev/null | sort -u)
  echo "=== unit: ${#files[@]} file(s)"
  if [ ${#files[@]} -eq 0 ]; then record unit 0 0 0 0; return; fi
  # The tests load src/core/schema/officialSchema.ts, which imports the build's precompiled
  # validators (git-ignored): made here too, so the unit stage needs no build before it.
  node --import tsx scripts/precompileSchemas.ts
  # The CLI bundles the CLI tests run, built once here (test/unit/cli/helpers.ts buildCli): each
  # test file then finds them up to date instead of bundling them again.
  node --import tsx -e "require('./test/unit/cli/helpers.ts').buildCli().catch((e) => { console.error(e); process.exit(1); })"
  # Files run in batches, one process per batch (the batch imports its files, node:test runs
  # their tests there): a process per file paid Node, tsx and the project's modules again each
  # time. The files are dealt out round-robin, so the heavy folders (cli/) spread over the
  # batches; a batch's files run one after the other, UNIT_CONCURRENCY batches at a time.
  # Measured alone on the 2-core machine (1622 tests): a process per file, four at a time, 251 s
  # and 428 CPU-s; batches of eight, four at a time, 249 s and 360 CPU-s; batches of four, six at
  # a time, 217 s and 378 CPU-s. UNIT_BATCH_FILES=1 is a process per file.
  local per=${UNIT_BATCH_FILES:-4}
  local count=$(( (${#files[@]} + per - 1) / per ))
  local batches=()
  mkdir -p "$counts/unit-batches"
  for ((b = 0; b < count; b++)); do
    local batch="$counts/unit-batches/batch-$((b + 1))-of-$count.mjs"
    local urls=()
    for ((i = b; i < ${#files[@]}; i += count)); do urls+=("\"file://$root/${files[i]}\""); done
    printf 'import { load } from "file://%s/test/harness/unitBatch.mjs";\nawait load([%s]);\n' "$root" "$(IFS=,; echo "${urls[*]}")" > "$batch"
    batches+=("$batch")
  done
  # Node 20 has no glob and no JSON reporter: the spec reporter's closing "ℹ pass N",
  # "ℹ fail N", "ℹ skipped N" and "ℹ todo N" lines are the counts (a todo test did not
  # really run: it counts as skipped).
  node --import tsx --test --test-concurrency="${UNIT_CONCURRENCY:-6}" --test-reporter=spec \
    "${batches[@]}" 2>&1 | tee "$counts/unit.log"
  local rc=${PIPESTATUS[0]}
  cp "$counts/unit.log" "$results/unit.log"
  local passed failed skipped todo
  passed=$(grep -E '^ℹ pass [0-9]+$' "$counts/unit.log" | tail -1 | awk '{print $3}')
  failed=$(grep -E '^ℹ fail [0-9]+$' "$counts/unit.log" | tail -1 | awk '{print $3}')
  skipped=$(grep -E '^ℹ skipped [0-9]+$' "$counts/unit.log" | tail -1 | awk '{print $3}')
  todo=$(grep -E '^ℹ todo [0-9]+$' "$counts/unit.log" | tail -1 | awk '{print $3}')
  record unit $rc "${passed:-0}" "${failed:-0}" $(( ${skipped:-0} + ${todo:-0} ))
}

# ui NAME RESULTS CMD...: a stage run by our harness, which writes its counts to RESULTS.
ui() {
  local name=$1 file=$2; shift 2
  stage_began
  echo "=== $name: $*"
  if [ $build_failed -eq 1 ] || [ $tools_failed -eq 1 ]; then
    echo "$name: not run, the build or the VS Code test tools install failed"
    record "$name" 1 0 1 0
    return
  fi
  "$@" --results "$file"
  local rc=$?
  read -r passed failed skipped < <(count "$file")
  record "$name" $rc "$passed" "$failed" "$skipped"
}

# A whole run puts side by side what can share the machine's two cores: typecheck, lint (one
# CPU-bound process each) and the build then the package, then unit alone (the VS Code test tools
# install meanwhile, when they are missing), then the stages that mostly wait (a real VS Code,
# a browser, servers answering): integration, e2e in two halves (each test waits on its own VS
# Code: one at a time, e2e used about 0.75 of a core and outlasted the others by five minutes),
# and conformance followed by corpus (which start first, when Node 24 is installed, not waiting
# for code-server). The conformance suite runs a revision's 25 scenarios at once, some of them
# timed (sse-retry waits for a reconnection): run as the other three stages started, requests took
# seconds each and sse-retry failed in a fresh-clone run; so the VS Code stages start after it.
# Each log is printed whole as its stage ends, each stage's own time and CPU are in the summary.
# MCP_LENS_SERIAL_STAGES=1 runs everything one after the other, as does naming fewer stages.
# (e2e beside unit was tried: unit's fuzz tests, which time a hanging tool at 1 s, then missed
# findings under the load.)
parallel=0
if [ -z "${MCP_LENS_SERIAL_STAGES:-}" ] && [ "$(printf '%s\n' "${stages[@]}" | grep -cxE 'typecheck|lint|build|unit|integration|e2e|conformance|corpus')" -eq 8 ]; then
  parallel=1
fi

# The real-VS-Code stages need code-server, Node 24 and chromium: installed once (cached in
# .cache/). On a fresh machine that takes minutes (apt, then code-server's native modules
# compiled): a whole run installs them in the background while typecheck, lint, build and unit
# run (they need none of it), and waits for them before the stages that do. At the default
# priority: at nice 10 the install got so little of the cores unit keeps busy that every
# fresh-clone run waited for it after unit (62, 228, 139, 131 and 290 s), and integration and e2e
# are the run's longest path; unit, beside the install's ~95 CPU-s, is not (conformance and
# corpus after it end before them).
installing=""
if printf '%s\n' "${stages[@]}" | grep -qE '^(integration|e2e)$'; then
  if [ $parallel -eq 1 ]; then
    (with_extra_ca bash test/harness/install-vscode.sh > "$counts/install.log" 2>&1; echo $? > "$counts/install.rc") &
    installing=$!
  else
    with_extra_ca bash test/harness/install-vscode.sh || { echo "installing the VS Code test tools failed" >&2; tools_failed=1; }
  fi
fi

# tools_ready: waits for the background install, prints its log, and notes a failure.
tools_ready() {
  [ -n "$installing" ] || return 0
  echo "=== the VS Code test tools, installed in the background"
  local waited=$SECONDS
  wait "$installing"
  installing=""
  cat "$counts/install.log"
  echo "(the stages after unit waited $((SECONDS - waited)) s for them)"
  [ "$(cat "$counts/install.rc" 2>/dev/null)" = 0 ] || { echo "installing the VS Code test tools failed" >&2; tools_failed=1; }
}

# node24_ready: waits until the background install has put Node 24 in place (or has ended).
node24_ready() {
  while [ -n "$installing" ] && ! [ -x "$root/.cache/node24/bin/node" ] && ! [ -e "$counts/install.rc" ]; do sleep 1; done
}

# stage NAME: runs one stage here (its counts recorded in this shell).
stage() {
  case $1 in
    typecheck) check typecheck npm run --silent typecheck ;;
    lint) check lint npm run --silent lint ;;
    build) check build npm run --silent build ;;
    # e2e installs the packaged VSIX; integration loads dist/ as built for development. Packaging
    # rewrites dist/ (minified), so dist/ is made again after it. A row of the summary only when
    # it fails.
    package)
      stage_began
      echo "=== package: npm run package, then npm run build (e2e installs the VSIX; integration loads dist/)"
      if [ $build_failed -eq 0 ] && ! { npm run --silent package && npm run --silent build; }; then
        build_failed=1
        touch "$counts/build.failed"
        record package 1 0 1 0
      fi
      ;;
    unit) run_unit ;;
    integration) ui integration "$counts/integration.json" node --import tsx test/harness/runIntegration.ts ;;
    e2e) ui e2e "$counts/e2e.json" node --import tsx test/e2e/run.ts ${vsix_args[@]+"${vsix_args[@]}"} ;;
    e2e-[12]) ui "$1" "$counts/$1.json" node --import tsx test/e2e/run.ts ${vsix_args[@]+"${vsix_args[@]}"} --shard "${1#e2e-}/2" --queue "$counts/e2e-queue" ;;
    conformance) ui conformance "$counts/conformance.json" node --import tsx test/conformance/run.ts ;;
    corpus) ui corpus "$counts/corpus.json" node --import tsx test/corpus/run.ts ;;
    *) echo "unknown stage: $1 (typecheck lint build unit integration e2e conformance corpus)" >&2; exit 2 ;;
  esac
}

# lane NAME STAGE...: runs its stages one after the other in the background; its log and the
# report lines of its stages land in $counts/lane-NAME.{log,report}, then $counts/lane-NAME.done.
lane() {
  local name=$1; shift
  (
    report=()
    total_passed=0 total_failed=0 total_skipped=0
    for s in "$@"; do stage "$s"; touch "$counts/stage-$s.done"; done
    printf '%s\n' "$total_passed $total_failed $total_skipped" "${report[@]}" > "$counts/lane-$name.report"
  ) > "$counts/lane-$name.log" 2>&1
  touch "$counts/lane-$name.done"
}

# join_lane NAME: prints a finished lane's log and adds its counts and report lines to this shell's.
join_lane() {
  local name=$1
  cat "$counts/lane-$name.log"
  local p f k
  read -r p f k < "$counts/lane-$name.report"
  total_passed=$((total_passed + p))
  total_failed=$((total_failed + f))
  total_skipped=$((total_skipped + k))
  mapfile -t -s 1 lines < "$counts/lane-$name.report"
  report+=("${lines[@]}")
}

# join_when_done NAME...: waits for the lanes named, printing each as it ends.
join_when_done() {
  local pending=("$@")
  while [ ${#pending[@]} -gt 0 ]; do
    sleep 2
    local left=()
    for name in "${pending[@]}"; do
      if [ -e "$counts/lane-$name.done" ]; then join_lane "$name"; else left+=("$name"); fi
    done
    pending=(${left[@]+"${left[@]}"})
  done
}

vsix_args=()
if [ $parallel -eq 0 ]; then
  for name in "${stages[@]}"; do stage "$name"; done
else
  # The build and the package beside them: neither typecheck nor lint reads dist/, and the two
  # leave a core part idle (lint waits on its type information).
  echo "=== typecheck, lint, and build then package, side by side"
  lane typecheck typecheck &
  lane lint lint &
  lane build build package &
  join_when_done typecheck lint build
  if [ -e "$counts/build.failed" ]; then build_failed=1; else vsix_args=(--vsix "$root/dist/mcp-lens.vsix"); fi
  stage unit
  # Conformance and corpus need Node 24 only, which the install puts first: they start as soon as
  # it is there, on the cores that code-server's download and build leave idle (a fresh-clone run
  # waited 62 s after unit for it). Conformance first, and the VS Code stages only after it: its
  # timed scenarios want a quiet machine (see above).
  node24_ready
  echo "=== conformance then corpus, started now; integration and e2e in two halves join them when the VS Code test tools are ready and conformance has ended: each log follows as it ends"
  lane checks conformance corpus &
  tools_ready
  while ! [ -e "$counts/stage-conformance.done" ] && ! [ -e "$counts/lane-checks.done" ]; do sleep 1; done
  lane integration integration &
  lane e2e1 e2e-1 &
  lane e2e2 e2e-2 &
  join_when_done integration e2e1 e2e2 checks
  wait
fi

echo
echo "=== summary"
printf '%s\n' "${report[@]}"
printf '%-12s %ds; the cores were busy %d of its %d CPU-s\n' "wall time" "$SECONDS" $(( ($(machine_busy) - machine_busy_at_start) / 100 )) $((SECONDS * $(nproc)))
echo "$total_passed passed, $total_failed failed, $total_skipped skipped"
[ "$total_failed" -eq 0 ]
