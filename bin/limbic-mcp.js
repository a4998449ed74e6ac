#!/usr/bin/env node
// Launcher for MCP client configs (`command: "limbic-mcp"`): runs the built stdio server (npm run build first).
require('../dist/apps/mcp/src/main.js');
