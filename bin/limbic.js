#!/usr/bin/env node
// The `limbic` command (package.json "bin"): runs the built CLI, so `npm run build` comes first.
'use strict';
require(require('node:path').join(__dirname, '..', process.env.LIMBIC_DIST || 'dist', 'apps', 'cli', 'src', 'limbic.js'));
