#!/bin/sh
# Builds the current src/ into bench/.tmp/builds/NAME (a snapshot other engineers' rebuilds of
# dist/ cannot change), for before/after comparisons of an optimisation:
#   sh bench/snapshot.sh before && (edit) && sh bench/snapshot.sh after
#   WARREN_DIST=bench/.tmp/builds/before/src/index.js node bench/run.js --scenario 4 ...
# With a PATCH (a `git diff` of the optimisation), the snapshot has that patch reversed: the
# "before" of a change already made.
set -e
name=${1:?usage: sh bench/snapshot.sh NAME [PATCH]}
patch=${2:+$(cd "$(dirname "$2")" && pwd)/$(basename "$2")}
root=$(cd "$(dirname "$0")/.." && pwd)
snap="$root/bench/.tmp/snap-$name"
rm -rf "$snap" "$root/bench/.tmp/builds/$name"
mkdir -p "$snap"
cp -r "$root/src" "$root/tsconfig.json" "$root/tsconfig.build.json" "$snap/"
cd "$snap"
if [ -n "$patch" ]; then patch -s -R -p1 < "$patch"; fi
node "$root/node_modules/typescript/bin/tsc" -p tsconfig.build.json --outDir "$root/bench/.tmp/builds/$name"
rm -rf "$snap"
echo "$root/bench/.tmp/builds/$name/src/index.js"
