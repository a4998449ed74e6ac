// Monaco's JSON language worker, for the variables, headers and response editors.
import 'monaco-editor/esm/vs/language/json/json.worker.js';
