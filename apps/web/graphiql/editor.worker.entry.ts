// Monaco's generic editor worker (diffing, links, word completion), served beside the page.
import 'monaco-editor/esm/vs/editor/editor.worker.js';
