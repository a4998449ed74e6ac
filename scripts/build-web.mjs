// Bundles the browser pages the API serves (apps/web/<page>/) into dist/web/<page>/: every
// `*.entry.ts(x)` becomes `<name>.js` (with `<name>.css` when it imports CSS) and every file
// under `public/` is copied as is. Everything a page loads is in its folder, so it works
// offline and under a Content-Security-Policy of 'self'. `--watch` rebuilds on change.
import { build, context } from 'esbuild';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const webSrc = join(root, 'apps/web');
const webOut = join(root, process.env.LIMBIC_DIST ?? 'dist', 'web');
const watch = process.argv.includes('--watch');

const pages = readdirSync(webSrc, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
for (const page of pages) {
  const dir = join(webSrc, page);
  const out = join(webOut, page);
  rmSync(out, { recursive: true, force: true });
  const entryPoints = readdirSync(dir)
    .filter((f) => /\.entry\.tsx?$/.test(f))
    .map((f) => ({ in: join(dir, f), out: f.replace(/\.entry\.tsx?$/, '') }));
  if (existsSync(join(dir, 'public'))) cpSync(join(dir, 'public'), out, { recursive: true });
  if (entryPoints.length === 0) continue;
  const options = {
    entryPoints,
    outdir: out,
    bundle: true,
    format: 'esm',
    splitting: false,
    minify: !watch,
    sourcemap: true,
    target: ['es2022'],
    jsx: 'automatic',
    // .graphql: operations a page ships (an IDE's examples), imported as text.
    loader: { '.ttf': 'file', '.woff': 'file', '.woff2': 'file', '.svg': 'file', '.graphql': 'text' },
    define: { 'process.env.NODE_ENV': JSON.stringify(watch ? 'development' : 'production') },
    logLevel: 'warning',
    tsconfig: join(webSrc, 'tsconfig.json'),
  };
  if (watch) await (await context(options)).watch();
  else await build(options);
}
console.log(`web: ${pages.length ? pages.join(', ') : 'no pages'} → ${webOut}${watch ? ' (watching)' : ''}`);
