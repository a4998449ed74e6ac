// Side-effect CSS imports: esbuild bundles them into the entry's own .css file.
declare module '*.css';
