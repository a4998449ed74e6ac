// Runs affect.bench.ts without a build step: a require hook transpiles TypeScript with the
// project's own compiler (type-checking is tsc's job, not the benchmark's).
/* eslint-disable @typescript-eslint/no-require-imports */
const fs = require('fs');
const ts = require('typescript');

require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: filename,
  });
  module._compile(outputText, filename);
};

require('./affect.bench.ts');
