"""Web Push in Chromium (issue 59): the account page's "Notifications on this device" registers
the service worker at the site's root, subscribes with the server's public key and gives the
subscription to the server, which keeps it; turning it off forgets it on both sides; the
worker shows a pushed turn notice with the payload's words and link.

Headless Chromium has no push service: its contexts are incognito, where the Push API
refuses to subscribe, and a persistent profile waits for Google's push service, which a test
machine cannot reach. So one test lets the real ``pushManager.subscribe`` fail and checks the
page says so and keeps nothing; the others hand the page a subscription of the local push
service (:mod:`realpolitik.testing.push`) in place of the browser's."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from realpolitik.server.store import Store
from realpolitik.testing.load import wait_ms
from realpolitik.testing.push import PushService
from realpolitik.testing.server import FULL_CHROMIUM, ROOMY, ServerProcess, http_client, launch_chromium

PASSWORD = "correct horse battery"

#: ``pushManager.subscribe`` and ``getSubscription`` answered with the local push service's
#: subscriptions, the next one after each unsubscribe, as a browser makes a new one (kept
#: across reloads, as the browser keeps one); the key the page subscribed with is kept in
#: ``window.__serverKey``
STAND_IN = """
(() => {
  const given = %s;
  const used = () => Number(localStorage.getItem("test.used") || 0);
  const stand_in = (n) => ({ endpoint: given[n].endpoint, expirationTime: null, toJSON: () => given[n],
    unsubscribe: async () => {
      localStorage.setItem("test.used", String(n + 1));
      localStorage.removeItem("test.subscribed");
      current = null;
      return true;
    } });
  let current = localStorage.getItem("test.subscribed") ? stand_in(used()) : null;
  PushManager.prototype.subscribe = async function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    window.__serverKey = btoa(String.fromCharCode(...key)).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
    window.__visible = options.userVisibleOnly;
    localStorage.setItem("test.subscribed", "yes");
    current = stand_in(used());
    return current;
  };
  PushManager.prototype.getSubscription = async function () { return current; };
})();
"""


@pytest.fixture(scope="module")
def browser(playwright):
    """The full Chromium: its headless build has neither push messaging nor notifications."""
    chromium = launch_chromium(playwright, FULL_CHROMIUM)
    yield chromium
    chromium.close()


@pytest.fixture(scope="module")
def pushes():
    with PushService() as service:
        yield service


@pytest.fixture(scope="module")
def push_server(tmp_path_factory):
    limits = {**ROOMY, "logins": "10000/minute", "logins_per_name": "10000/hour"}
    proc = ServerProcess(str(tmp_path_factory.mktemp("push-web") / "games.db"), limits=limits,
                         args=("--push-loopback",)).start()
    yield proc
    proc.stop()


def kept(server: ServerProcess, name: str) -> list[dict]:
    store = Store(server.db)
    try:
        with store.engine.connect() as conn:
            return [dict(r) for r in conn.exec_driver_sql(
                "select s.endpoint, s.p256dh, s.auth from push_subscriptions s join users u on u.id = s.user_id "
                "where u.name = ?", (name,)).mappings().all()]
    finally:
        store.close()


def signed_up(browser, server: ServerProcess, name: str, locale: str = "en-US", script: str | None = None):
    """A page of a fresh context that allows notifications, signed up as ``name`` on the account page."""
    ctx = browser.new_context(permissions=["notifications"], locale=locale)
    ctx.set_default_timeout(wait_ms(15))
    if script:
        ctx.add_init_script(script)
    page = ctx.new_page()
    page.goto(f"{server.url}/account")
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-button")
    expect(page.locator("#push-box")).to_be_visible()
    return ctx, page


def worker_scope(page) -> list:
    return page.evaluate("navigator.serviceWorker.getRegistration('/').then(r => r && [r.scope, !!r.active])")


def test_the_toggle_registers_the_worker_and_the_server_keeps_the_subscription(browser, push_server, pushes):
    subscription = pushes.subscribe("page")
    ctx, page = signed_up(browser, push_server, "Pushy", script=STAND_IN % json.dumps([subscription]))
    try:
        expect(page.locator("#push-me")).not_to_be_checked()
        page.check("#push-me")
        expect(page.locator("body")).to_have_attribute("data-push", "on")
        expect(page.locator("#notice")).to_have_text("This device will tell you of your turns when no tab of the "
                                                      "game is open.")
        assert worker_scope(page) == [f"{push_server.url}/", True]
        assert page.evaluate("window.__visible") is True
        assert page.evaluate("window.__serverKey") == page.evaluate(
            "fetch('/api/push/key').then(r => r.json()).then(j => j.key)")
        assert kept(push_server, "Pushy") == [{"endpoint": subscription["endpoint"], **subscription["keys"]}]
        page.reload()
        expect(page.locator("#push-me")).to_be_checked()
        page.uncheck("#push-me")
        expect(page.locator("body")).to_have_attribute("data-push", "off")
        assert kept(push_server, "Pushy") == []
    finally:
        ctx.close()


def test_logging_out_forgets_this_devices_subscription(browser, push_server, pushes):
    subscription = pushes.subscribe("shared")
    ctx, page = signed_up(browser, push_server, "Leaving", locale="de-DE",
                          script=STAND_IN % json.dumps([subscription]))
    try:
        page.check("#push-me")
        expect(page.locator("#notice")).to_have_text("Dieses Gerät sagt dir Bescheid, wenn du am Zug bist und kein "
                                                      "Tab des Spiels offen ist.")
        assert len(kept(push_server, "Leaving")) == 1
        page.click("#logout")
        expect(page.locator("#guest")).to_be_visible()
        assert kept(push_server, "Leaving") == []
    finally:
        ctx.close()


def test_a_browser_whose_subscription_another_account_holds_subscribes_anew(browser, push_server, pushes):
    held, fresh = pushes.subscribe("held"), pushes.subscribe("fresh")
    with http_client(push_server.url) as earlier:  # an account that did not log out of this browser
        csrf = earlier.post("/api/account/signup", json={"name": "Earlier", "password": PASSWORD}).json()["csrf"]
        assert earlier.post("/api/push/subscribe", json=held, headers={"x-csrf-token": csrf}).status_code == 201
    ctx, page = signed_up(browser, push_server, "Later", script=STAND_IN % json.dumps([held, fresh]))
    try:
        page.check("#push-me")  # the browser's subscription is refused as another account's: the page makes a new one
        expect(page.locator("#notice")).to_have_text("This device will tell you of your turns when no tab of the "
                                                      "game is open.")
        expect(page.locator("#push-me")).to_be_checked()
        assert kept(push_server, "Later") == [{"endpoint": fresh["endpoint"], **fresh["keys"]}]
        assert kept(push_server, "Earlier") == [{"endpoint": held["endpoint"], **held["keys"]}]  # never handed over
    finally:
        ctx.close()


def test_without_a_push_service_the_page_says_why_and_nothing_is_kept(browser, push_server):
    ctx, page = signed_up(browser, push_server, "Headless")
    try:
        page.check("#push-me")
        expect(page.locator("#notice")).to_contain_text("This browser could not subscribe to notifications:")
        expect(page.locator("#push-me")).not_to_be_checked()
        assert worker_scope(page) == [f"{push_server.url}/", True]  # the worker was registered all the same
        assert kept(push_server, "Headless") == []
    finally:
        ctx.close()


def test_the_worker_shows_a_pushed_turn_with_its_words_and_link(browser, push_server):
    ctx = browser.new_context(permissions=["notifications"])
    try:
        page = ctx.new_page()
        page.goto(f"{push_server.url}/account")
        page.evaluate("navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready)")
        worker = ctx.service_workers[0]
        shown = worker.evaluate("""async () => {
          const told = (data) => self.dispatchEvent(new PushEvent("push", { data }));
          told(JSON.stringify({ title: "Du bist am Zug: 1815", body: "Du bist am Zug als Frankreich.",
                                game: "0123456789ab", url: "/game/0123456789ab#seat=p1" }));
          told("not JSON");
          await new Promise((done) => setTimeout(done, 300));
          return (await self.registration.getNotifications()).map((n) => [n.title, n.body, n.tag, n.data.url]);
        }""")
        assert shown == [["Du bist am Zug: 1815", "Du bist am Zug als Frankreich.", "turn-0123456789ab",
                          "/game/0123456789ab#seat=p1"]]
    finally:
        ctx.close()
