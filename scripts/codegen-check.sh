#!/usr/bin/env bash
# Fails when libs/client/src/generated is not what `npm run codegen` makes from the committed
# schema and operations: a schema change must come with regenerated client types.
set -euo pipefail
cd "$(dirname -- "${BASH_SOURCE[0]}")/.."
out="$(mktemp -d)/graphql.ts"
LIMBIC_CODEGEN_OUT="$out" npx graphql-codegen --config libs/client/codegen.ts --silent >/dev/null
if ! cmp -s "$out" libs/client/src/generated/graphql.ts; then
  diff -u libs/client/src/generated/graphql.ts "$out" | head -40 >&2 || true
  echo "libs/client/src/generated/graphql.ts is stale: run \`npm run codegen\` and commit it" >&2
  exit 1
fi
echo "client code is up to date with apps/api/schema.gql"
