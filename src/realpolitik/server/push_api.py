"""The HTTP routes of Web Push (issue 59): the server's public key, subscribing a browser.

Subscribing needs a signed-in account (and, as every state-changing request with a session,
its CSRF token); the body is the browser's ``PushSubscription`` as JSON, checked strictly
(:func:`.push.check`). What each answers: docs/web/players.md; limits: docs/security.md.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from realpolitik.i18n import t

from . import accounts
from .api import _body, _hall, _json_body, guarded
from .protocol import MAX_BODY, parse
from .push import MAX_DEVICES, Endpoint, Subscription, check
from .push_store import public_key
from .table import Refusal


@guarded
async def vapid_key(request: Request) -> Response:
    """GET /api/push/key — the server's VAPID public key, the ``applicationServerKey`` a
    browser subscribes with."""
    hall = _hall(request)
    key = await hall.store.in_thread(hall.push.key)
    return JSONResponse({"key": public_key(key)}, headers={"cache-control": "no-cache"})


@guarded
async def subscribe(request: Request) -> Response:
    """POST /api/push/subscribe — keep this browser's subscription for the account's turn notices."""
    session = await accounts.signed_in(request)
    _json_body(request)
    hall = _hall(request)
    endpoint, p256dh, auth = check(parse(await _body(request), Subscription, MAX_BODY),
                                   hall.settings.notices.push_loopback)
    kept = await hall.store.in_thread(hall.push.store.subscribe, session.user.id, endpoint, p256dh, auth, MAX_DEVICES)
    if kept == "taken":
        raise Refusal("taken", t("This browser's notifications belong to another account; subscribe this browser "
                                 "anew to have them for yours."))
    if kept == "full":
        raise Refusal("limit", t("Your account has {count} devices with notifications, the most it may; "
                                 "turn them off on one first.", count=MAX_DEVICES))
    return JSONResponse({"subscribed": True}, status_code=201, headers=accounts.NO_STORE)


@guarded
async def unsubscribe(request: Request) -> Response:
    """DELETE /api/push/subscribe — forget this browser's subscription (``endpoint``)."""
    session = await accounts.signed_in(request)
    _json_body(request)
    body = parse(await _body(request), Endpoint, MAX_BODY)
    hall = _hall(request)
    found = await hall.store.in_thread(hall.push.store.unsubscribe, session.user.id, body.endpoint.strip())
    return JSONResponse({"subscribed": False, "found": found}, headers=accounts.NO_STORE)


def routes() -> list[Route]:
    """The routes above, for :func:`.app.create_app`."""
    return [
        Route("/api/push/key", vapid_key, methods=["GET"]),
        Route("/api/push/subscribe", subscribe, methods=["POST"]),
        Route("/api/push/subscribe", unsubscribe, methods=["DELETE"]),
    ]
