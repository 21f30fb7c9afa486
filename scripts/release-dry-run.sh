#!/usr/bin/env bash
# The release, rehearsed: `changeset version` and `pnpm publish -r --dry-run` in a temporary copy
# of the tracked files plus built dist/, so the working tree and the registry are left untouched.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
copy="$(mktemp -d "${TMPDIR:-/tmp}/shortlist-release-XXXXXX")"
trap 'rm -rf "$copy"' EXIT

cd "$root"
test -f packages/core/dist/index.js || { echo "build first: pnpm build" >&2; exit 1; }
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$copy"
for dist in packages/*/dist; do cp -R "$dist" "$copy/$dist"; done

cd "$copy"
git init -q && git add -A && git -c user.name=release -c user.email=release@localhost commit -qm base
echo "== changeset version"
node "$root/node_modules/@changesets/cli/bin.js" version
echo "== versions after changeset version"
for manifest in packages/*/package.json; do
  node -e 'const p=require(process.argv[1]); if(!p.private) console.log(`${p.name}@${p.version}`)' "$PWD/$manifest"
done
echo "== pnpm install (links the bumped workspace versions; the store makes it offline-fast)"
pnpm install --prefer-offline --ignore-scripts --no-frozen-lockfile --reporter=silent
echo "== pnpm publish -r --dry-run"
pnpm publish -r --dry-run --no-git-checks --access public 2>&1 | grep -vE "^npm notice ( |[0-9.]+k?B )" | grep -v "^npm notice *$"
changed="$(git status --short | wc -l)"
echo "== then a core minor alone (the versioning rule: plugins peer on core MAJOR.x, so they stay put)"
git add -A && git -c user.name=release -c user.email=release@localhost commit -qm "first release"
versions() {
  for manifest in packages/*/package.json; do
    node -e 'const p=require(process.argv[1]); if(!p.private) console.log(`${p.name}@${p.version}`)' "$PWD/$manifest"
  done
}
versions >"$copy/.before"
printf -- "---\n'@shortlist/core': minor\n---\n\nRehearsal: a core minor.\n" >.changeset/rehearse-core-minor.md
node "$root/node_modules/@changesets/cli/bin.js" version >/dev/null
versions >"$copy/.after"
# diff exits 1 when the versions differ, which they must.
diff "$copy/.before" "$copy/.after" | sed -n 's/^> /  now /p; s/^< /  was /p' || true
echo "release dry run ok: $changed files changed by changeset version in $copy (removed on exit)"
