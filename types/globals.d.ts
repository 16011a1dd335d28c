// What Parlor's scripts share through the page's global scope, for the checker
// (`make lint`: tsc over every JavaScript file, tsconfig*.json). Each is set by one
// script and read by others; nothing here is emitted.

/** The shell's helpers (assets/loading.js, lang.js, storage.js). */
interface ParlorShell {
  [name: string]: any;
}

interface Window {
  parlorShell: ParlorShell;
  parlorLab: any; // assets/lab.js
  parlorSandbox: any; // assets/lab-sandbox.js
  parlorQr: any; // assets/qr.js
  parlorWhenReady: any; // assets/loading.js
  parlorApp: any; // py/parlor/web/app.py
  PARLOR_I18N: any; // assets/i18n.js (generated)
  PARLOR_PRECACHE: any; // precache.js (generated)
  loadPyodide: any; // Pyodide's loader, in a sandbox's worker
  _createPyodideModule: any; // Pyodide's glue, in a sandbox's worker
}

/** A group of the Bot Lab's protocol words, each mapped to itself. */
type LabWords = Readonly<Record<string, string>>;

/** The Bot Lab's protocol: assets/lab-protocol.js, generated from
 * py/parlor/app/lab/wire/messages.py (for_javascript, which says what each group is).
 * The words are not repeated here; tests/test_lab_protocol.py checks these groups are
 * that function's and that every word a script names is in it. */
interface LabProtocol {
  readonly job: LabWords;
  readonly report: LabWords;
  readonly news: LabWords;
  readonly request: LabWords;
  readonly problem: LabWords;
  readonly toReferee: LabWords;
  readonly fromReferee: LabWords;
  readonly toFrame: LabWords;
  readonly fromFrame: LabWords;
  readonly ready: string;
}

declare var parlorShell: ParlorShell;
/** The Bot Lab's protocol, set by assets/lab-protocol.js (generated) on the page's
 * global scope and the referee's worker's (assets/lab-worker.js imports it). */
declare var PARLOR_LAB_PROTOCOL: LabProtocol;
/** qrcode-generator (vendor/qrcode.js), a classic script. */
declare var qrcode: any;
/** jsQR (vendor/jsQR.js), a classic script. */
declare var jsQR: any;
/** The Shape Detection API where the browser has it (Chromium on Android, ChromeOS). */
declare var BarcodeDetector: any;
