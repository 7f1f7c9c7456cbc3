// "Notifications on this device" on the account page (issue 59): registers the service worker
// (/sw.js), subscribes this browser to Web Push with the server's public key
// (GET /api/push/key) and gives the subscription to the server (POST /api/push/subscribe), so
// that the account's turns are told here when no tab of the game is open; turning it off
// forgets the subscription on both sides (DELETE /api/push/subscribe). Open tabs keep telling
// of a turn themselves (game.js).

import { t } from "./i18n.js";
import { call } from "./social.js";

const $ = (id) => document.getElementById(id);
const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** A base64url key as the bytes ``applicationServerKey`` takes. */
function bytes(key) {
  const text = atob(key.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

async function subscription() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

async function subscribe(registration, key) {
  try {
    return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(key) });
  } catch (err) {
    throw new Error(t("This browser could not subscribe to notifications: {reason}", { reason: err.message }));
  }
}

async function turnOn(csrf) {
  if ((await Notification.requestPermission()) !== "granted") {
    throw new Error(t("Notifications are blocked for this site in your browser; allow them in its site settings."));
  }
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  const { key } = await call("GET", "/api/push/key");
  const subscribed = (await registration.pushManager.getSubscription()) || (await subscribe(registration, key));
  try {
    await call("POST", "/api/push/subscribe", subscribed.toJSON(), csrf);
  } catch (err) {
    if (err.code !== "taken") throw err;
    // the subscription is another account's, who did not log out here: the server never hands it
    // over, so this browser subscribes anew, and the other account's stops working
    await subscribed.unsubscribe();
    await call("POST", "/api/push/subscribe", (await subscribe(registration, key)).toJSON(), csrf);
  }
}

async function turnOff(csrf) {
  const subscribed = await subscription();
  if (!subscribed) return;
  await call("DELETE", "/api/push/subscribe", { endpoint: subscribed.endpoint }, csrf);
  await subscribed.unsubscribe();
}

/** Forget this browser's subscription before the account logs out: the next person here is not
 * told of the account's turns. */
export async function forgetPush(csrf) {
  if (!supported) return;
  try {
    await turnOff(csrf);
  } catch {
    // the logout goes on: the server forgets a subscription its push service calls gone
  }
}

/** Show the toggle to a signed-in account on a browser that has Web Push, set as this browser is. */
export async function showPush(member) {
  $("push-box").hidden = !(member && supported);
  if ($("push-box").hidden) return;
  $("push-me").checked = Notification.permission === "granted" && Boolean(await subscription());
}

/** Wire the toggle; ``csrf()`` gives the session's token, ``notice`` shows a sentence. */
export function startPush(csrf, notice) {
  $("push-me").addEventListener("change", async () => {
    const wanted = $("push-me").checked;
    $("push-me").disabled = true;
    notice("");
    try {
      await (wanted ? turnOn(csrf()) : turnOff(csrf()));
      notice(wanted ? t("This device will tell you of your turns when no tab of the game is open.")
        : t("This device no longer tells you of your turns."), "info");
    } catch (err) {
      $("push-me").checked = !wanted;
      notice(err.message);
    } finally {
      $("push-me").disabled = false;
      document.body.dataset.push = $("push-me").checked ? "on" : "off";
    }
  });
}
