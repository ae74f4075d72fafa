"""The player page (`loopsim play`) in the real headless Chromium, driven by selenium through Debian's chromedriver.

Plays S2 (scenarios/s02-timerbutton-worker-loop.yaml) under ios10 and ios9, steps to 3.5 s and asserts what the page
shows, steps on and back, checks the two variants side by side and the URL fragment, and fails on any console error
or any network request. Prints `N passed, N failed` and exits non-zero on a failure.

    .venv/bin/python scripts/player_test.py            # the test (scripts/test.sh runs it)
    .venv/bin/python scripts/player_test.py --bench F  # how long page F takes to open, in ms (5 loads)
    .venv/bin/python scripts/player_test.py --screenshots docs/images  # docs/seeing-a-run.md's pictures
"""

import json
import os
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
S2 = os.path.join(ROOT, "scenarios", "s02-timerbutton-worker-loop.yaml")
passed, failed = 0, 0


def check(name, ok, detail=""):
    """Counts one assertion and prints it."""
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}: {detail}")


def browser():
    """Headless Chromium with its console and network logged."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1600,1200", "--no-first-run", "--disable-background-networking"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def open_page(driver, url):
    """Opens `url` and waits for the player to be ready."""
    driver.get("about:blank")
    driver.get(url)
    WebDriverWait(driver, 20).until(
        lambda d: d.execute_script("return document.body && document.body.dataset.ready === 'true'"))


def pane(driver, variant):
    return driver.find_element(By.CSS_SELECTOR, f'.pane[data-variant="{variant}"]')


def worker(driver, variant):
    return pane(driver, variant).find_element(By.CSS_SELECTOR, '.thread[data-thread="worker-1"]')


def port(driver, variant):
    return pane(driver, variant).find_element(
        By.CSS_SELECTOR, '.loop[data-loop="runloop(worker-1)"] .mode[data-mode="default"] .port')


def go_to(driver, seconds):
    box = driver.find_element(By.ID, "at")
    box.clear()
    box.send_keys(str(seconds))
    driver.find_element(By.CSS_SELECTOR, "#go button").click()


def t_ns(driver, variant):
    return int(pane(driver, variant).get_attribute("data-t"))


def network_requests(driver, page_url):
    """URLs the page requested other than itself."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if url.split("#")[0] != page_url.split("#")[0] and url != "about:blank":
                urls.append(url)
    return urls


def console_errors(driver):
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def test(driver, page):
    url = "file://" + page
    # ios10: at 3.5 s the worker is asleep in default, its timer port disarmed, and nothing can wake it.
    open_page(driver, url + "#v=ios10")
    go_to(driver, 3.5)
    card = worker(driver, "ios10")
    check("ios10 at 3.5 s: the step is at 3.5 s", t_ns(driver, "ios10") == 3_500_000_000, t_ns(driver, "ios10"))
    check("ios10 at 3.5 s: worker-1 asleep", card.get_attribute("data-state") in ("asleep", "parked"),
          card.get_attribute("data-state"))
    check("ios10 at 3.5 s: in mode default", card.get_attribute("data-mode") == "default", card.text)
    check("ios10 at 3.5 s: timer port disarmed", port(driver, "ios10").get_attribute("data-armed") == "false",
          port(driver, "ios10").text)
    check("ios10 at 3.5 s: nothing can wake it", "nothing can wake it" in card.text, card.text)
    check("ios10 at 3.5 s: asleep for ever", card.get_attribute("data-state") == "parked" and "for ever" in card.text,
          card.text)
    check("ios10: the fragment keeps variant and step", "v=ios10" in driver.current_url and "&s=" in driver.current_url,
          driver.current_url)

    # ios9: at 3.5 s the port is left armed for 4.0 s; the stale wake at 4.0 s, then `finished`.
    open_page(driver, url + "#v=ios9")
    go_to(driver, 3.5)
    before = worker(driver, "ios9").text
    step_at_35 = int(pane(driver, "ios9").get_attribute("data-step"))
    check("ios9 at 3.5 s: worker-1 asleep in default", worker(driver, "ios9").get_attribute("data-state") == "asleep"
          and worker(driver, "ios9").get_attribute("data-mode") == "default", before)
    check("ios9 at 3.5 s: timer port still armed for 4.000 s",
          port(driver, "ios9").get_attribute("data-armed") == "true" and "4.000 s" in port(driver, "ios9").text,
          port(driver, "ios9").text)
    forward = driver.find_element(By.ID, "forward")
    stale, finished = None, None
    for _ in range(60):
        forward.click()
        card = worker(driver, "ios9")
        wakes = card.find_elements(By.CSS_SELECTOR, ".wake[data-stale=true]")
        if wakes and stale is None:
            stale = (t_ns(driver, "ios9"), wakes[0].get_attribute("data-port"))
        exits = card.find_elements(By.CSS_SELECTOR, ".exit")
        if exits:
            finished = (t_ns(driver, "ios9"), exits[0].get_attribute("data-result"))
            break
    check("ios9: a stale timer-port wake at 4.0 s", stale == (4_000_000_000, "timer"), stale)
    check("ios9: the worker's run loop returns finished at 4.0 s", finished == (4_000_000_000, "finished"), finished)
    words = pane(driver, "ios9").find_element(By.CSS_SELECTOR, ".words").text
    check("ios9: the narration line of the exit", "finished" in words, words)

    # Back, by the keyboard, to 3.5 s: the earlier state again.
    body = driver.find_element(By.TAG_NAME, "body")
    for _ in range(200):
        if int(pane(driver, "ios9").get_attribute("data-step")) <= step_at_35:
            break
        body.send_keys("\ue012")  # ←
    check("ios9: back at the 3.5 s step", int(pane(driver, "ios9").get_attribute("data-step")) == step_at_35,
          pane(driver, "ios9").get_attribute("data-step"))
    check("ios9: back at 3.5 s, the same worker state", worker(driver, "ios9").text == before,
          worker(driver, "ios9").text)
    check("ios9: back at 3.5 s, no exit shown", not worker(driver, "ios9").find_elements(By.CSS_SELECTOR, ".exit"))

    # Both side by side: together until the traces part, the step marked.
    open_page(driver, url + "#v=ios9,ios10&s=0,0")
    driver.find_element(By.ID, "to-divergence").click()
    banners = [pane(driver, v).find_element(By.CSS_SELECTOR, ".banner").text for v in ("ios9", "ios10")]
    steps = [pane(driver, v).get_attribute("data-step") for v in ("ios9", "ios10")]
    check("side by side: both at the step where the traces part", steps[0] == steps[1]
          and all("part here" in b for b in banners), (steps, banners))
    # A link to a step opens at that step.
    open_page(driver, url + "#v=ios10&s=" + steps[0])
    check("a fragment opens at its step", pane(driver, "ios10").get_attribute("data-step") == steps[0])

    graph(driver, url)

    check("no console error", not console_errors(driver), console_errors(driver))
    requests = network_requests(driver, url)
    check("no network request", not requests, requests)


def node(driver, variant, name):
    """The retain graph's node named `name` in the pane of `variant`, or None."""
    found = pane(driver, variant).find_elements(By.CSS_SELECTOR, f'.rgraph .gnode[data-name="{name}"]')
    return found[0] if found else None


def held_by(driver, variant, name):
    """The labels of the references to `name` in the retain graph, as 'from -label->' strings."""
    edges = pane(driver, variant).find_elements(By.CSS_SELECTOR, f'.rgraph .gedge[data-to="{name}"]')
    return sorted(f'{e.get_attribute("data-from")} -{e.get_attribute("data-label")}->' for e in edges)


def graph(driver, url):
    """The retain graph by step: S2's button alive at 3.5 s, then freed (ios9) or leaked at the end (ios10), and
    stepping back restores it."""
    button = "TimerButton button"
    # ios9: alive at 3.5 s, held by the blocks that captured it; freed at 4.0 s; one step back, alive again.
    open_page(driver, url + "#v=ios9")
    go_to(driver, 3.5)
    n = node(driver, "ios9", button)
    check("graph ios9 at 3.5 s: the button is alive", n is not None and n.get_attribute("data-state") == "alive",
          n and n.get_attribute("data-state"))
    holders = held_by(driver, "ios9", button)
    check("graph ios9 at 3.5 s: a block's strong capture holds the button", any("-self->" in h for h in holders),
          holders)
    forward = driver.find_element(By.ID, "forward")
    freed_step = None
    for _ in range(80):
        forward.click()
        n = node(driver, "ios9", button)
        if n is not None and n.get_attribute("data-state") == "freed":
            freed_step = int(pane(driver, "ios9").get_attribute("data-step"))
            break
    check("graph ios9: the button is freed at 4.0 s", freed_step is not None and t_ns(driver, "ios9") == 4_000_000_000,
          (freed_step, t_ns(driver, "ios9")))
    check("graph ios9: the freed button is drawn faded", n is not None and "freed" in n.get_attribute("class"),
          n and n.get_attribute("class"))
    check("graph ios9: nothing refers to the freed button", not held_by(driver, "ios9", button),
          held_by(driver, "ios9", button))
    driver.find_element(By.ID, "back").click()
    n = node(driver, "ios9", button)
    check("graph ios9: one step back, the button is alive again",
          n is not None and n.get_attribute("data-state") in ("alive", "deallocating"), n and n.get_attribute("data-state"))

    # ios10: alive at 3.5 s; at the end, marked abandoned (leaked), held by the parked worker's frame; one step back
    # from the end the mark goes (leaks are the run's end state), and at step 0 the button does not exist yet.
    open_page(driver, url + "#v=ios10")
    go_to(driver, 3.5)
    n = node(driver, "ios10", button)
    check("graph ios10 at 3.5 s: the button is alive", n is not None and n.get_attribute("data-state") == "alive",
          n and n.get_attribute("data-state"))
    driver.find_element(By.ID, "end").click()
    n = node(driver, "ios10", button)
    check("graph ios10 at the end: the button is marked abandoned",
          n is not None and n.get_attribute("data-leak") == "abandoned" and "leaked" in n.get_attribute("class"),
          n and (n.get_attribute("data-leak"), n.get_attribute("class")))
    roots = [r.get_attribute("data-root") for r in pane(driver, "ios10").find_elements(By.CSS_SELECTOR, ".groot")]
    check("graph ios10 at the end: the worker's frame is a root", "thread worker-1 frame" in roots, roots)
    driver.find_element(By.ID, "back").click()
    n = node(driver, "ios10", button)
    check("graph ios10: one step back from the end, no leak mark", n is not None and n.get_attribute("data-leak") == "",
          n and n.get_attribute("data-leak"))
    driver.find_element(By.ID, "home").click()
    check("graph ios10 at step 0: no button yet", node(driver, "ios10", button) is None)


def bench(driver, page, loads=5):
    """Milliseconds from navigation to the player being ready, per load."""
    times = []
    for _ in range(loads):
        open_page(driver, "file://" + page)
        times.append(driver.execute_script(
            "return Number(document.body.dataset.readyMs)"))
    return times


SHOTS = [
    # (file, scenario, fragment, seconds to go to or None for the fragment's step, what to go to after)
    ("player-s02.png", "s02-timerbutton-worker-loop.yaml", "#v=ios9,ios10&s=0,0", 3.5, None),
    ("player-s02-end.png", "s02-timerbutton-worker-loop.yaml", "#v=ios9,ios10&s=0,0", None, "end"),
    ("player-s09.png", "s09-countdown-during-scroll.yaml", "#v=ios10", 3.0, None),
    ("player-s03.png", "s03-navbar-button-leak.yaml", "#v=ios10", None, "end"),
]


def screenshots(driver, folder):
    """Writes the pictures docs/seeing-a-run.md shows, each page as tall as its content."""
    with tempfile.TemporaryDirectory() as tmp:
        for name, scenario, fragment, seconds, then in SHOTS:
            page = os.path.join(tmp, scenario.replace(".yaml", ".html"))
            if not os.path.exists(page):
                # a relative path, as the page's header shows it
                subprocess.run([os.path.join(ROOT, ".build", "debug", "loopsim"), "play",
                                os.path.join("scenarios", scenario), "-o", page], check=True, cwd=ROOT)
            driver.set_window_size(1600, 1200)
            open_page(driver, "file://" + page + fragment)
            if seconds is not None:
                go_to(driver, seconds)
            if then == "end":
                driver.find_element(By.ID, "end").click()
            height = driver.execute_script("return document.documentElement.scrollHeight")
            driver.set_window_size(1600, min(height + 40, 4000))
            driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
            driver.save_screenshot(os.path.join(folder, name))
            print("wrote", os.path.join(folder, name))


def main():
    with tempfile.TemporaryDirectory() as tmp:
        driver = browser()
        try:
            if len(sys.argv) == 3 and sys.argv[1] == "--screenshots":
                screenshots(driver, os.path.abspath(sys.argv[2]))
                return 0
            if len(sys.argv) == 3 and sys.argv[1] == "--bench":
                times = bench(driver, os.path.abspath(sys.argv[2]))
                print("open (ms):", " ".join(f"{t:.0f}" for t in times), f"· median {sorted(times)[len(times) // 2]:.0f}")
                return 0
            page = os.path.join(tmp, "s02.html")
            subprocess.run([os.path.join(ROOT, ".build", "debug", "loopsim"), "play", S2, "-o", page], check=True)
            test(driver, page)
        finally:
            driver.quit()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
