"""Runs every command README.md shows and checks what it says about them, where that can be checked.

The commands are the lines of README.md's ```sh blocks and its inline `loopsim …` spans written out in full (no
placeholder such as FILE, N or [--variant V]…). Each is matched by one rule below, which says where it runs and
what it must do: exit with the code the README gives (0 unless it says otherwise), write the files it names, print
the output the README quotes (the run shown under "A tour of one run", byte for byte), and agree with the claims
around it (a merged sweep has exactly the bytes of the unsharded one; `golden --update` on the committed
fingerprints changes nothing). A command no rule matches fails the test, so that a command added to the README
gets a rule. The commands run after the demo's setup (`export PATH=$PWD/.build/debug:$PATH`), those that write
files in a temporary folder holding copies of scenarios/ and examples/ and links to scripts/, docs/ and
conformance/ (HOME too is a temporary folder), the build commands (`swift test --package-path examples/client …`)
in the repository.

Run by scripts/test.sh after the build, the tests and the client package (so each build here is up to date):
    python3 scripts/readme_test.py            every command; prints one line per command
    python3 scripts/readme_test.py --list     only list the commands and their rules
"""
import json
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
PLACEHOLDER = re.compile(r"\b[A-Z][A-Z0-9_]*\b|[\[\]…|]")


def readme_commands(text):
    """The README's commands in order, as (line number, command, kind): kind `sh` for a line of a ```sh block (its
    comment lines and `# …` tails dropped), `inline` for a backticked `loopsim …` span with no placeholder."""
    commands = []
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith("```"):
            fence = None if fence is not None else line[3:].strip()
            continue
        if fence == "sh":
            command = line.strip()
            if command.startswith("#") or not command:
                continue
            commands.append((number, re.sub(r"\s+#\s.*$", "", command).strip(), "sh"))
        elif fence is None:
            for span in re.findall(r"`(loopsim [^`]+)`", line):
                if not PLACEHOLDER.search(span.replace("loopsim", "", 1)):
                    commands.append((number, span, "inline"))
    return commands


def quoted_run_output(text):
    """The README's quoted output of `loopsim run FILE`: the first unlabelled ``` block after a line naming that
    command, with the command."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        match = re.search(r"`(loopsim run [^` ]+\.yaml)`", line)
        if not match:
            continue
        for j in range(i + 1, min(i + 8, len(lines))):
            if lines[j] == "```":
                end = lines.index("```", j + 1)
                return match.group(1), "\n".join(lines[j + 1:end]) + "\n"
    return None, None


class Check:
    """Runs commands in the README's setting and records what fails."""

    def __init__(self, work, home):
        self.work = work
        self.failures = []
        self.env = dict(os.environ, HOME=home, NO_COLOR="1")
        self.env.pop("LOOPSIM", None)

    def fail(self, number, message):
        self.failures.append(f"README.md:{number}: {message}")
        print(f"FAIL README.md:{number}: {message}")

    def run(self, number, command, cwd=None, status=0, timeout=600):
        """Runs `command` with bash in `cwd` (the temporary folder by default); a failure unless it exits with
        `status`. Returns the completed process."""
        started = time.monotonic()
        try:
            process = subprocess.run(["bash", "-c", command], cwd=cwd or self.work, env=self.env,
                                     capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            self.fail(number, f"`{command}` did not end within {timeout} s")
            return subprocess.CompletedProcess(command, -1, "", "")
        took = time.monotonic() - started
        if process.returncode != status:
            self.fail(number, f"`{command}` exited {process.returncode}, not {status}: "
                              f"{(process.stderr or process.stdout).strip()[-400:]}")
        else:
            print(f"ok   README.md:{number}: `{command}` ({took:.1f} s)")
        return process

    def file(self, number, path, what):
        """A failure unless `path` (in the temporary folder) exists and is not empty; returns its text."""
        full = os.path.join(self.work, path)
        if not os.path.isfile(full) or os.path.getsize(full) == 0:
            self.fail(number, f"{what}: {path} was not written")
            return ""
        with open(full) as f:
            return f.read()


def rules(check, quoted):
    """The rules, each (pattern, action): the first whose pattern matches the whole command runs it."""
    run_file, run_output = quoted
    state = {}

    def demo(number, command):
        # It builds loopsim (and may wait for another SwiftPM holding .build's lock).
        check.run(number, command, cwd=ROOT, timeout=1800)

    def ci(number, command):
        print(f"skip README.md:{number}: `{command}`: this test is one of its steps")

    def path(number, command):
        # The demo's setup: the commands below find loopsim on PATH, as the README's reader does.
        check.env["PATH"] = os.path.join(ROOT, ".build", "debug") + os.pathsep + check.env["PATH"]
        print(f"ok   README.md:{number}: `{command}` (PATH set)")

    def completion(number, command):
        target = os.path.expanduser(command.split(">")[-1].strip()).replace(os.path.expanduser("~"),
                                                                              check.env["HOME"])
        os.makedirs(os.path.dirname(target), exist_ok=True)
        check.run(number, command)
        shell = command.split()[2]
        if not os.path.isfile(target) or "loopsim" not in open(target).read():
            check.fail(number, f"the {shell} completion script was not written to {target}")

    def replications(number, command):
        process = check.run(number, command)
        count = re.search(r"--replications (\d+)", command).group(1)
        if count not in process.stdout:
            check.fail(number, f"`{command}` does not report its {count} replications")

    def sbatch(number, command):
        # Without Slurm: each array task run as Slurm would, with its task id and count (scripts/sweep.sh's header).
        words = shlex.split(command)
        first, last = map(int, re.search(r"--array=(\d+)-(\d+)", command).groups())
        script, file, out = words[2], words[3], words[4]
        for task in range(first, last + 1):
            check.run(number, f"SLURM_ARRAY_TASK_ID={task} SLURM_ARRAY_TASK_COUNT={last - first + 1} "
                              f"bash {script} {file} {out}")
        state["sbatch"] = (number, check.file(number, os.path.join(out, "sweep.csv"), "the Slurm array"), file)

    def parallel(number, command):
        # GNU parallel runs the quoted command once per argument after :::, {} replaced by it.
        words = shlex.split(command)
        template, arguments = words[1], words[words.index(":::") + 1:]
        if shutil.which("parallel"):
            check.run(number, command)
        else:
            for argument in arguments:
                check.run(number, template.replace("{}", argument))
        for argument in arguments:
            check.file(number, f"part-{argument}.json", "a shard")

    def merge(number, command):
        check.run(number, command)
        merged = check.file(number, "sweep.csv", "the merge")
        file = re.search(r"loopsim sweep (\S+\.yaml)", open(README).read()).group(1)
        whole = check.run(number, f"loopsim sweep {file} --format csv").stdout
        if merged != whole:
            check.fail(number, "the merged shards are not the bytes of the unsharded sweep")
        if "sbatch" in state and state["sbatch"][1] != whole:
            check.fail(state["sbatch"][0], "the Slurm array's sweep.csv is not the bytes of the unsharded sweep")

    def run_quoted(number, command):
        process = check.run(number, command)
        if command == run_file and process.stdout != run_output:
            diff = [f"{a!r} != {b!r}" for a, b in zip(process.stdout.split("\n"), run_output.split("\n")) if a != b]
            check.fail(number, f"`{command}` does not print the output README.md quotes: {diff[:2]}")

    def mistyped(number, command):
        process = check.run(number, command, status=2)
        if "did you mean 'run'" not in process.stderr:
            check.fail(number, f"`{command}` does not suggest `run`: {process.stderr.strip()[:200]}")

    def golden_update(number, command):
        # In the copy of scenarios/: the committed fingerprints must come out unchanged.
        check.run(number, command)
        with open(os.path.join(check.work, "scenarios", "golden-hashes.txt")) as f, \
                open(os.path.join(ROOT, "scenarios", "golden-hashes.txt")) as g:
            if f.read() != g.read():
                check.fail(number, "`golden --update` changed scenarios/golden-hashes.txt: a fingerprint moved")

    def plain(number, command):
        check.run(number, command)

    def ci_step(number, command):
        # A step of scripts/test.sh word for word (loopsim as .build/debug/loopsim): when test.sh runs this test
        # (LOOPSIM_README_TEST=test.sh), that step has passed already; run alone, this test runs it.
        with open(os.path.join(ROOT, "scripts", "test.sh")) as f:
            steps = [line.strip().replace(".build/debug/loopsim", "loopsim") for line in f]
        if not any(step == command or step.startswith(command + " ") for step in steps):
            check.fail(number, f"`{command}` is not a step of scripts/test.sh")
        elif os.environ.get("LOOPSIM_README_TEST") == "test.sh":
            print(f"ok   README.md:{number}: `{command}` (a step of scripts/test.sh, passed before this one)")
        else:
            check.run(number, command, cwd=ROOT, timeout=1800)

    def swift_twin(number, command):
        # A Swift scenario: the README says it gives its YAML twin's findings and fingerprints.
        process = check.run(number, command)
        swift_file = command.split()[2]
        twin = re.sub(r"^scenarios/swift/(\S+)\.swift$", r"scenarios/\1.yaml", swift_file)
        prints = lambda out: re.findall(r"fingerprint ([0-9a-f]{16})", out)
        twin_prints = prints(check.run(number, f"loopsim run {twin}").stdout)
        if not twin_prints or prints(process.stdout) != twin_prints:
            check.fail(number, f"`{command}` prints the fingerprints {prints(process.stdout)}; its YAML twin {twin} "
                               f"{twin_prints}")

    def mention(number, command):
        print(f"skip README.md:{number}: `{command}` names the command (its arguments are in the table)")

    return [
        (r"bash scripts/demo\.sh", demo),
        (r"bash scripts/test\.sh", ci),
        (r'export PATH="\$PWD/\.build/debug:\$PATH"', path),
        (r"loopsim --generate-completion-script (bash|zsh|fish) > \S+", completion),
        (r"swift test --package-path examples/client --scratch-path \.build-client", ci_step),
        (r"loopsim run \S+\.yaml --replications \d+ --jobs \d+", replications),
        (r"sbatch --array=\d+-\d+ scripts/sweep\.sh \S+ \S+", sbatch),
        (r"parallel '.*' ::: .*", parallel),
        (r"loopsim merge part-\*\.json --format csv > sweep\.csv", merge),
        (r"loopsim run \S+\.yaml", run_quoted),
        (r"loopsim run scenarios/swift/\S+\.swift", swift_twin),
        (r"loopsim test scenarios/swift/", plain),
        (r"loopsim rn", mistyped),
        (r"loopsim golden --update scenarios", golden_update),
        (r"loopsim conform", ci_step),
        (r"loopsim (golden scenarios|--version|variants|test|compare \S+\.yaml --variants \S+)", plain),
        (r"loopsim (report|timeline)", mention),
    ]


def claims(check, text):
    """The README's checkable statements that are not commands: what setup installs, the notebooks it lists, what
    `--trace` writes, the scenarios' sizes, and that each runaway example stops at its limit."""
    line_of = lambda needle: text[:text.find(needle)].count("\n") + 1
    with open(os.path.join(ROOT, "scripts", "setup.sh")) as f:
        installed = re.findall(r"need\+=\(([\w-]+)\)", f.read())
    sentence = re.search(r"each command installs what is missing\s*\(([^)]*)\)", text)
    if not sentence:
        check.fail(1, "the README no longer says what scripts/setup.sh installs")
    else:
        named = re.findall(r"`([\w-]+)`", sentence.group(1))
        if sorted(named) != sorted(installed):
            check.fail(line_of(sentence.group(0)), f"README names {named} as installed; scripts/setup.sh installs "
                                                   f"{installed}")
        else:
            print(f"ok   README.md:{line_of(sentence.group(0))}: scripts/setup.sh installs {', '.join(installed)}")
    notebooks = sorted(name[:2] for name in os.listdir(os.path.join(ROOT, "notebooks")) if name.endswith(".ipynb"))
    listed = re.search(r"The notebooks in `notebooks/` \(([^)]*(?:\([^)]*\)[^)]*)*)\)", text)
    numbers = re.findall(r"\b(\d\d) ", listed.group(1)) if listed else []
    if numbers != notebooks:
        check.fail(line_of("The notebooks in"), f"README lists the notebooks {numbers}; notebooks/ has {notebooks}")
    else:
        print(f"ok   README.md:{line_of('The notebooks in')}: lists the {len(notebooks)} notebooks")
    trace = re.search(r"`--trace run\.jsonl` writes [^`]*`(run\.\w+\.jsonl)` and `(run\.\w+\.jsonl)`", text)
    if not trace:
        check.fail(line_of("--trace run.jsonl"), "the README no longer names the files `--trace run.jsonl` writes")
    else:
        check.run(line_of(trace.group(0)), "loopsim run scenarios/s02-timerbutton-worker-loop.yaml --trace run.jsonl")
        for name in trace.groups():
            check.file(line_of(trace.group(0)), name, "--trace run.jsonl")
    # The tour's excerpts: each ```yaml or ```swift block comes from the file the line before it names, line for
    # line, in order (so the README cannot drift from the scenarios it quotes).
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line not in ("```yaml", "```swift"):
            continue
        named = re.findall(r"`((?:scenarios|examples)/[\w./-]+\.(?:yaml|swift))`", lines[i - 2] + " " + lines[i - 1])
        end = lines.index("```", i + 1)
        if not named:
            check.fail(i + 1, "an excerpt whose previous line names no scenario file it comes from")
            continue
        with open(os.path.join(ROOT, named[-1])) as f:
            source = f.read().split("\n")
        at = 0
        for excerpt_line in lines[i + 1:end]:
            if not excerpt_line.strip():
                continue
            try:
                at = source.index(excerpt_line, at) + 1
            except ValueError:
                check.fail(i + 1, f"the excerpt of {named[-1]} has a line the file does not have (in order): "
                                  f"{excerpt_line.strip()!r}")
                break
        else:
            print(f"ok   README.md:{i + 1}: the excerpt is {named[-1]}'s, line for line")
    size = re.search(r"Every scenario in `scenarios/` stays within ([\d,]+) events and (\d+) live objects", text)
    if not size:
        check.fail(line_of("Every scenario in"), "the README no longer bounds the scenarios' events and objects")
    else:
        events, objects = int(size.group(1).replace(",", "")), int(size.group(2))
        check.run(line_of(size.group(0)), f"loopsim test scenarios --max-events {events} --max-objects {objects}")
    for row in re.finditer(r"\| `--max-([a-z]+) N` \| [^|]* \| `(examples/runaway/[\w-]+\.yaml)`[^|]*: ([\d.]+) s \|",
                           text):
        kind, file, seconds = row.group(1), row.group(2), float(row.group(3))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        process = check.run(line_of(row.group(0)), f"loopsim run {file} --format json", status=3)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        took = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        try:
            limits = [run.get("limit", {}).get("kind") for run in json.loads(process.stdout)["runs"]]
        except (ValueError, KeyError):
            limits = []
        if not limits or any(limit != f"max-{kind}" for limit in limits):
            check.fail(line_of(row.group(0)), f"{file} does not stop at the {kind} limit")
        # Processor time, which other work on the machine changes less than wall time; only a run far slower
        # than the README says fails.
        if took > 3 * seconds + 1:
            check.fail(line_of(row.group(0)), f"{file} took {took:.1f} s of processor time, the README says "
                                              f"{seconds} s")
        else:
            print(f"ok   README.md:{line_of(row.group(0))}: {file} took {took:.1f} s of processor time "
                  f"(README: {seconds} s)")


def main():
    with open(README) as f:
        text = f.read()
    commands = readme_commands(text)
    quoted = quoted_run_output(text)
    if quoted[0] is None:
        print("FAIL README.md quotes no `loopsim run FILE` output to check")
        return 1
    work = tempfile.mkdtemp(prefix="loopsim-readme-")
    home = os.path.join(work, "home")
    os.makedirs(home)
    # Copies of what the commands read and may write next to (golden --update rewrites scenarios/'s hashes);
    # links to the rest.
    for name in ["scenarios", "examples"]:
        shutil.copytree(os.path.join(ROOT, name), os.path.join(work, name), ignore=shutil.ignore_patterns(".build*"))
    for name in ["scripts", "docs", "conformance"]:
        os.symlink(os.path.join(ROOT, name), os.path.join(work, name))
    check = Check(work, home)
    table = rules(check, quoted)
    listing = "--list" in sys.argv[1:]
    seen = {}
    try:
        if not listing:
            check.env["PATH"] = os.path.join(ROOT, ".build", "debug") + os.pathsep + check.env["PATH"]
            claims(check, text)
        for number, command, kind in commands:
            if command in seen:
                print(f"same README.md:{number}: `{command}` (as on line {seen[command]})")
                continue
            seen[command] = number
            action = next((a for pattern, a in table if re.fullmatch(pattern, command)), None)
            if action is None:
                check.fail(number, f"no rule in scripts/readme_test.py runs `{command}` ({kind}): add one")
            elif listing:
                print(f"README.md:{number}: `{command}` -> {action.__name__}")
            else:
                action(number, command)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if check.failures:
        print(f"readme: {len(check.failures)} failure(s) in {len(commands)} commands")
        return 1
    print(f"readme: {len(commands)} commands run or accounted for, their claims hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
