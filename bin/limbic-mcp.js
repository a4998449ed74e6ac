#!/usr/bin/env node
// Launcher for MCP client configs (`command: "limbic-mcp"`): runs the built stdio server (npm run build first).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build is CommonJS
require('../dist/apps/mcp/src/main.js');
