"""The only package that touches the browser (``js``, ``pyodide.ffi``): it reads events
and storage, and writes the markup that ``parlor.render`` produced."""
