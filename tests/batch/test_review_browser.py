"""The review page in a real headless Chromium: label by keyboard and by click, reload, labels
persist and the calibration table changes. Needs Debian's chromium + chromium-driver
(`.ci/install-browser`); skipped with the reason when they are absent."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nofab.batch.audit import audit, settings_for

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
if not (Path(CHROMIUM).exists() and Path(DRIVER).exists()):
    pytest.skip(
        "no chromium/chromedriver: run .ci/install-browser (apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )
webdriver = pytest.importorskip("selenium.webdriver", reason="pip install 'nofab[browser-test]'")
uvicorn = pytest.importorskip("uvicorn", reason="pip install 'nofab[review]'")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from nofab.review.app import create_app  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture()
def server(corpus: Path, tmp_path: Path) -> Iterator[tuple[str, Any]]:
    out = tmp_path / "run.duckdb"
    audit([str(corpus)], out, settings_for("observe", 0.8), progress=False)
    app = create_app(str(out), user="browser")
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert srv.started, "the review server did not start"
    yield f"http://127.0.0.1:{port}/", app.state.store
    srv.should_exit = True
    thread.join(10)


@pytest.fixture()
def browser() -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--window-size=1200,900",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=DRIVER))
    driver.set_page_load_timeout(20)
    try:
        yield driver
    finally:
        driver.quit()


def badge(driver: Any, index: int) -> str:
    return str(driver.find_elements(By.CSS_SELECTOR, ".item .current")[index].text)


def test_label_by_keyboard_and_click_then_reload(server: tuple[str, Any], browser: Any) -> None:
    """Two labels typed (t, f) and one clicked survive a reload, and the calibration table appears."""
    url, store = server
    browser.get(url)
    wait = WebDriverWait(browser, 10)
    before = browser.find_element(By.ID, "calibration").text
    assert "No labels yet" in before
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("t")
    wait.until(lambda d: badge(d, 0) == "tp")
    body.send_keys("f")  # the focus moved to the next finding after the first label
    wait.until(lambda d: badge(d, 1) == "fp")
    browser.find_elements(By.CSS_SELECTOR, ".item")[2].find_element(By.CSS_SELECTOR, "button.tp").click()
    wait.until(lambda d: badge(d, 2) == "tp")
    wait.until(lambda d: "recommended threshold" in d.find_element(By.ID, "calibration").text)
    browser.refresh()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".item .current")) >= 3)
    assert [badge(browser, i) for i in range(3)] == ["tp", "fp", "tp"]
    after = browser.find_element(By.ID, "calibration").text
    assert after != before and "true pos." in after
    labels = store.labels()
    assert sorted(v[0] for v in labels.values()) == ["fp", "tp", "tp"]
    assert {v[1] for v in labels.values()} == {"browser"}


def test_html_report_kind_filter(corpus: Path, tmp_path: Path, browser: Any) -> None:
    """The static HTML report's kind filter hides the turns without a finding of that kind."""
    from selenium.webdriver.support.ui import Select

    from nofab.batch.page import html
    from nofab.batch.store import RunStore

    out = tmp_path / "run.duckdb"
    audit([str(corpus)], out, settings_for("observe", 0.8), progress=False)
    page = tmp_path / "report.html"
    page.write_text(html(RunStore(out, read_only=True)), encoding="utf-8")
    browser.get(page.as_uri())
    sections = browser.find_elements(By.CSS_SELECTOR, "section.turn")
    assert len(sections) == 4
    Select(browser.find_element(By.ID, "kind-filter")).select_by_value("uuid")
    assert [s.is_displayed() for s in sections].count(True) == 1
    assert browser.find_element(By.ID, "shown-count").text == "1 turn(s) shown"
