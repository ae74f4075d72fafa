"""Executes notebooks headless with nbclient; a cell that raises (an assertion included) fails its notebook, and
so does a notebook that draws fewer figures than its metadata says (`"loopsim": {"figures": N}`): a plot that
broke without raising shows up as a missing figure.

Usage: python scripts/run_notebooks.py notebooks/*.ipynb
Each notebook runs with its own folder as the working directory and the LOOPSIM environment variable naming
the built binary, under the kernel's inline plotting backend (which renders every figure into the cell's
outputs as a PNG). Prints one line per notebook, then `N passed, N failed`; exits 1 if any failed.
"""
import os
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError


def run(path):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": os.path.dirname(os.path.abspath(path))}})
    started = time.monotonic()
    client.execute()
    figures = sum(1 for cell in nb.cells if cell.cell_type == "code"
                  for output in cell.get("outputs", []) if "image/png" in output.get("data", {}))
    expected = nb.metadata.get("loopsim", {}).get("figures")
    if expected is None:
        raise FigureCountError(f"{path} has no \"loopsim\": {{\"figures\": N}} in its metadata")
    if figures < expected:
        raise FigureCountError(f"{path} drew {figures} figures, {expected} expected: a plot broke")
    return len(nb.cells), figures, time.monotonic() - started


class FigureCountError(Exception):
    """A notebook drew fewer figures than its metadata says."""


def main(paths):
    passed = failed = 0
    for path in paths:
        try:
            cells, figures, seconds = run(path)
            print(f"ok   {path} ({cells} cells, {figures} figures, {seconds:.1f} s)")
            passed += 1
        except (CellExecutionError, FigureCountError) as error:
            print(f"FAIL {path}\n{error}")
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
