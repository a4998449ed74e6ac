#!/usr/bin/env node
// The `limbic` command (package.json "bin"): runs the built CLI, so `npm run build` comes first.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build is CommonJS
require(`../${process.env.LIMBIC_DIST || 'dist'}/apps/cli/src/limbic.js`);
