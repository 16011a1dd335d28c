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

declare var parlorShell: ParlorShell;
/** qrcode-generator (vendor/qrcode.js), a classic script. */
declare var qrcode: any;
/** jsQR (vendor/jsQR.js), a classic script. */
declare var jsQR: any;
/** The Shape Detection API where the browser has it (Chromium on Android, ChromeOS). */
declare var BarcodeDetector: any;
