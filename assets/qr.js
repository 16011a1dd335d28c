// QR codes for pairing two devices with no network but theirs: one shows an invitation
// (a link ending in #join=…) or an answer as a code, the other reads it with its camera.
// qrcode-generator (global `qrcode`) draws; the browser's BarcodeDetector, where it has
// one, or jsQR (global `jsQR`) reads. Both are vendored (vendor/qr/) and precached, so
// this works offline; neither is loaded until a code is first drawn or read (most
// visits never pair devices, and the page's first load should carry only what it needs).
// Python calls it through window.parlorQr:
//   draw(root)        fill every [data-qr] under root with its text's code (see draw);
//                     a Promise (the first call loads qrcode-generator)
//   canScan()         can this page open a camera and read codes?
//   scan(container)   Promise of the first code's text seen by the rear camera
//   stop()            cancel a scan in progress (its promise rejects with "AbortError")
(function () {
  "use strict";
  const SVG_NS = "http://www.w3.org/2000/svg";
  const QUIET = 4;        // modules of white around the code, as the standard asks
  const FRAME_MS = 125;   // ~8 reads a second: quick to notice, light on a phone's CPU
  const MAX_SIDE = 800;   // frames scaled down to this for jsQR (its time grows with pixels)
  const drawn = new WeakMap();  // element -> the text its code shows (draw is idempotent)
  let current = null;     // the scan in progress: { cancel() }
  const HERE = /** @type {HTMLScriptElement} */ (document.currentScript).src;  // vendor/qr/ is found from this file's URL
  const loading = {};     // script file -> Promise of its load

  // A vendored script, once: resolves when its global is defined.
  function need(file) {
    if (!loading[file]) {
      loading[file] = new Promise((resolve, reject) => {
        const el = Object.assign(document.createElement("script"),
          { src: new URL(`../vendor/qr/${file}`, HERE).href, async: true });
        el.onload = resolve;
        el.onerror = () => {
          delete loading[file];  // a later call may try again (e.g. back online)
          reject(new Error(`parlorQr: vendor/qr/${file} could not be loaded`));
        };
        document.head.append(el);
      });
    }
    return loading[file];
  }

  // Byte mode in UTF-8 (a link is ASCII, but no other letter should break it); level M
  // survives ~15 % damage (glare, a scratched screen), L only when M cannot hold the text.
  function encode(text) {
    qrcode.stringToBytes = qrcode.stringToBytesFuncs["UTF-8"];
    for (const level of ["M", "L"]) {
      const code = qrcode(0, level);  // 0: the smallest version that holds the text
      code.addData(text, "Byte");
      try { code.make(); return code; } catch (e) { /* it throws a string: too long */ }
    }
    throw new Error(`parlorQr: ${text.length} characters do not fit in a QR code`);
  }

  // One path, a segment per run of dark modules: a few KB for a version 8 code. The
  // viewBox lets it scale to its box; crispEdges avoids seams between runs. Always black
  // on white, whatever the page's colours: readers expect dark modules on light.
  function svgFor(code, label) {
    const n = code.getModuleCount(), size = n + 2 * QUIET;
    let d = "";
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        if (!code.isDark(r, c)) continue;
        let run = 1;
        while (c + run < n && code.isDark(r, c + run)) run++;
        d += `M${c + QUIET} ${r + QUIET}h${run}v1h-${run}z`;
        c += run - 1;
      }
    }
    const svg = document.createElementNS(SVG_NS, "svg");
    const back = document.createElementNS(SVG_NS, "rect");
    const dark = document.createElementNS(SVG_NS, "path");
    for (const [el, attrs] of /** @type {[Element, Object<string, any>][]} */ ([
      [svg, { class: "parlor-qr", viewBox: `0 0 ${size} ${size}`, "shape-rendering": "crispEdges",
              role: "img", "aria-label": label, style: "display:block;width:100%;height:auto" }],
      [back, { width: size, height: size, fill: "#fff" }],
      [dark, { d, fill: "#000" }],
    ])) for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    svg.append(back, dark);
    return svg;
  }

  // Sets data-qr-version (modules = 17 + 4 × version). Only our own <svg> is replaced,
  // so the element may hold other things (a caption); the same text is left alone.
  // A screen with no [data-qr] loads nothing. A library that cannot be loaded (offline
  // before it was cached) is not an error thrown at the caller: each code's box is marked
  // data-qr-failed and says so, in the page's language (the text beside it can still be
  // copied). Rejects only for a text no code can hold.
  async function draw(root) {
    root = root || document;
    const found = [...root.querySelectorAll("[data-qr]")];
    if (root.matches && root.matches("[data-qr]")) found.unshift(root);
    if (!found.length) return;
    try {
      if (typeof qrcode !== "function") await need("qrcode.js");
    } catch (err) {
      for (const el of found) {
        el.setAttribute("data-qr-failed", "");
        const lang = document.documentElement.lang;
        el.textContent = window.parlorShell.word(lang, "shell.qr.failed");
      }
      return;
    }
    for (const el of found) {
      const text = el.getAttribute("data-qr");
      const label = el.getAttribute("data-qr-label") || "QR code";  // an img needs a name
      const old = el.querySelector(":scope > svg.parlor-qr");
      if (old && drawn.get(el) === text) { old.setAttribute("aria-label", label); continue; }
      const code = encode(text);
      const svg = svgFor(code, label);
      if (old) old.replaceWith(svg); else el.append(svg);
      drawn.set(el, text);
      el.setAttribute("data-qr-version", String((code.getModuleCount() - 17) / 4));
    }
  }

  const hasCamera = () => !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
  // jsQR is loaded when a scan needs it (no BarcodeDetector), so a camera is enough.
  const canScan = () => hasCamera();

  // A function reading the video's current frame: the text of a code in it, or null.
  // BarcodeDetector is native and fast, but few desktops have it, and it may lack qr_code.
  async function frameReader(video) {
    try {
      if ((await BarcodeDetector.getSupportedFormats()).includes("qr_code")) {
        const detector = new BarcodeDetector({ formats: ["qr_code"] });
        return async () => ((await detector.detect(video))[0] || {}).rawValue || null;
      }
    } catch (e) { /* no BarcodeDetector: jsQR */ }
    if (typeof jsQR !== "function") await need("jsQR.js");
    const canvas = document.createElement("canvas");
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    return async () => {
      const w = video.videoWidth, h = video.videoHeight;
      if (!w || !h) return null;  // no frame yet
      const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
      canvas.width = Math.round(w * scale);
      canvas.height = Math.round(h * scale);
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const found = jsQR(data, width, height, { inversionAttempts: "dontInvert" });
      return (found && found.data) || null;
    };
  }

  // Why the camera did not open, said so that a player knows what to do. The Error keeps
  // the browser's name (NotAllowedError, NotFoundError, …) for a caller with its own words.
  const WHY = {
    NotAllowedError: "Camera permission was refused: allow the camera, or type the text.",
    SecurityError: "This page may not use the camera (it needs https or localhost).",
    NotFoundError: "No camera was found on this device.",
    NotReadableError: "The camera is busy (another app is using it) or failed to start.",
  };
  function failure(name, detail) {
    const error = new Error(WHY[name] || `The camera could not be opened (${name}: ${detail}).`);
    error.name = name;
    return error;
  }

  function scan(container) {
    stop();  // one camera at a time
    return new Promise((resolve, reject) => {
      const video = Object.assign(document.createElement("video"),
        { muted: true, playsInline: true, className: "parlor-qr-video" });  // iOS: inline
      video.setAttribute("playsinline", "");
      video.setAttribute("muted", "");
      let stream = null, timer = 0, done = false;
      const finish = (err, text) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (stream) for (const track of stream.getTracks()) track.stop();  // camera light off
        video.srcObject = null;
        video.remove();
        if (current === handle) current = null;
        if (err) reject(err); else resolve(text);
      };
      const aborted = () => Object.assign(new Error("The scan was stopped."), { name: "AbortError" });
      const handle = current = { cancel: () => finish(aborted()) };
      if (!canScan()) {  // no mediaDevices on a plain-http page other than localhost
        return finish(hasCamera() ? new Error("This browser cannot read QR codes.")
          : failure(window.isSecureContext ? "NotFoundError" : "SecurityError"));
      }
      // "environment" is a preference, not a must: a laptop's only camera will do.
      navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false })
        .then(async (s) => {
          if (done) { for (const track of s.getTracks()) track.stop(); return; }  // stop() came first
          stream = s;
          video.srcObject = s;
          container.append(video);
          await video.play();
          const read = await frameReader(video);
          const tick = async () => {
            let text = null;
            try { text = await read(); } catch (e) { /* a frame that could not be read */ }
            if (text) finish(null, text); else if (!done) timer = setTimeout(tick, FRAME_MS);
          };
          if (!done) tick();
        })
        .catch((err) => finish(failure((err && err.name) || "Error", err && err.message)));
    });
  }

  function stop() { if (current) current.cancel(); }

  window.parlorQr = { draw, canScan, scan, stop };
})();
