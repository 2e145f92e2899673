// The kernel's start compiled by Pyodide itself (tools/site/startup.py): in Node, Pyodide from the
// site's folder loads the kernel's packages, runs the start-up code, and writes the bytecode of every
// module imported from the wheels or the standard library under OUT, as its path in Pyodide + "c".
//   node startup.mjs STATIC OUT PACKAGES_JSON CODE
import { pathToFileURL } from "node:url";
import path from "node:path";

const [folder, out, packages, code] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
// No column positions in the bytecode (PYTHONNODEBUGRANGES): a quarter lighter; tracebacks keep their lines.
const pyodide = await loadPyodide({ indexURL: folder + path.sep, env: { PYTHONNODEBUGRANGES: "1" },
                                   stdout: () => {}, messageCallback: () => {} });
await pyodide.loadPackage(JSON.parse(packages), { messageCallback: () => {} });
pyodide.FS.mkdirTree("/compiled");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: out }, "/compiled");
pyodide.globals.set("start_code", code);
pyodide.runPython(`
import importlib.util, os, sys
from importlib._bootstrap_external import _code_to_hash_pyc
exec(start_code, {"__name__": "cardlab_startup"})
STDLIB, SITE = "/lib/python313.zip/", "/lib/python3.13/site-packages/"
for module in list(sys.modules.values()):
    source_path = getattr(module, "__file__", None) or ""
    loader = getattr(module, "__loader__", None)     # a frozen module has no source to read
    if not source_path.endswith(".py") or not source_path.startswith((STDLIB, SITE)) or not hasattr(loader, "get_data"):
        continue
    source = loader.get_data(source_path)
    # The standard library (tested under -OO) without its docstrings and asserts: lighter still.
    code = compile(source, source_path, "exec", dont_inherit=True, optimize=2 if source_path.startswith(STDLIB) else 0)
    target = "/compiled" + source_path + "c"
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as file:
        file.write(_code_to_hash_pyc(code, importlib.util.source_hash(source), True))
`);
