"""Executes notebooks headless with nbclient; a cell that raises (an assertion included) fails its notebook.

Usage: python scripts/run_notebooks.py notebooks/*.ipynb
Each notebook runs with its own folder as the working directory and the LOOPSIM environment variable naming
the built binary. Prints one line per notebook, then `N passed, N failed`; exits 1 if any failed.
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
    return len(nb.cells), time.monotonic() - started


def main(paths):
    passed = failed = 0
    for path in paths:
        try:
            cells, seconds = run(path)
            print(f"ok   {path} ({cells} cells, {seconds:.1f} s)")
            passed += 1
        except CellExecutionError as error:
            print(f"FAIL {path}\n{error}")
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
