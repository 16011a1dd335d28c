#!/usr/bin/env python3
"""The fonts Parlor ships, so Persian and Japanese read well with no network and on a
machine without such fonts (a Linux classroom PC often has neither; this project's own
test machine has no Japanese font at all).

    .venv/bin/python tools/fonts.py        (`make setup` runs it; idempotent)

- Persian: Vazirmatn (OFL, npm `vazirmatn`), its Regular and Bold web fonts as they
  come (about 100 KB each): every Persian word a player may type is covered.
- Japanese: Noto Sans JP (OFL, npm `@expo-google-fonts/noto-sans-jp`) is 5.7 MB a
  weight, so it is cut down to the characters of the Japanese catalog plus ASCII,
  Japanese punctuation, every kana and the full-width forms (a name typed in kana
  shows; an unusual kanji in a typed name falls back to the device's own font).

The results go to vendor/fonts/ (git-ignored, precached, copied by `make dist`);
assets/parlor.css loads them by unicode-range, so a page that shows no Persian or
Japanese never downloads them. vendor/fonts/stamp.json records the inputs' hash: the
subset is rebuilt when the Japanese catalog (or this script) changes.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
OUT = ROOT / "vendor" / "fonts"
STAMP = OUT / "stamp.json"
CATALOG_JA = ROOT / "py" / "parlor" / "i18n" / "catalogs" / "ja.json"

VAZIRMATN = NODE_MODULES / "vazirmatn" / "fonts" / "webfonts"
PERSIAN = {"Vazirmatn-Regular.woff2": "vazirmatn-400.woff2",
           "Vazirmatn-Bold.woff2": "vazirmatn-700.woff2"}
NOTO_JP = NODE_MODULES / "@expo-google-fonts" / "noto-sans-jp"
JAPANESE = {"400Regular/NotoSansJP_400Regular.ttf": "noto-sans-jp-400.woff2",
            "700Bold/NotoSansJP_700Bold.ttf": "noto-sans-jp-700.woff2"}
LICENCES = {NODE_MODULES / "vazirmatn" / "OFL.txt": "OFL-vazirmatn.txt",
            NOTO_JP / "LICENSE": "LICENSE-noto-sans-jp-package.txt"}

#: Always in the Japanese subset: ASCII, Japanese punctuation and kana, full-width forms.
BLOCKS = ((0x20, 0x7E), (0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF),
          (0xFF00, 0xFFEF), (0x2010, 0x2027), (0x2190, 0x2193))


def catalog_chars(path: Path = CATALOG_JA) -> set[str]:
    """Every character the Japanese catalog can show (placeholders' names excluded)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    chars: set[str] = set()
    for message in data.values():
        for form in (message.values() if isinstance(message, dict) else (message,)):
            chars.update(form)
    return chars


def wanted_chars() -> str:
    chars = catalog_chars()
    for low, high in BLOCKS:
        chars.update(chr(c) for c in range(low, high + 1))
    return "".join(sorted(chars))


def _inputs_hash(text: str) -> str:
    digest = hashlib.sha256(text.encode())
    digest.update(Path(__file__).read_bytes())
    for rel in (*PERSIAN, *JAPANESE):
        src = (VAZIRMATN / rel) if rel in PERSIAN else (NOTO_JP / rel)
        digest.update(f"{rel}:{src.stat().st_size}".encode())
    return digest.hexdigest()[:16]


def subset(src: Path, dest: Path, text: str) -> None:
    from fontTools import subset as ft

    options = ft.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]  # keep the licence and copyright names
    font = ft.load_font(str(src), options)
    subsetter = ft.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    ft.save_font(font, str(dest), options)


def main(argv: list[str]) -> int:
    for src in (VAZIRMATN, NOTO_JP):
        if not src.is_dir():
            raise SystemExit(f"fonts: {src} is missing; run `npm ci` (make setup) first")
    text = wanted_chars()
    stamp = {"inputs": _inputs_hash(text), "files": sorted([*PERSIAN.values(),
                                                            *JAPANESE.values()])}
    if ("--force" not in argv and STAMP.exists()
            and json.loads(STAMP.read_text(encoding="utf-8")) == stamp
            and all((OUT / f).is_file() for f in stamp["files"])):
        print("fonts: up to date")
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    STAMP.unlink(missing_ok=True)  # an interrupted build must not look complete
    for rel, name in PERSIAN.items():
        shutil.copy2(VAZIRMATN / rel, OUT / name)
    for rel, name in JAPANESE.items():
        subset(NOTO_JP / rel, OUT / name, text)
    for src, name in LICENCES.items():
        shutil.copy2(src, OUT / name)
    STAMP.write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")
    sizes = ", ".join(f"{f} {(OUT / f).stat().st_size / 1024:.0f} KB" for f in stamp["files"])
    print(f"fonts: {len(text)} Japanese characters; {sizes}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
