"""First games with a guide online (server/lessons.py): ``POST /api/learn/{game}`` creates a
lesson game — a real stored game, invitation only, unrated, without clock, out of the lobby's
lists —; the learner's views carry the guide in the reader's language, any other move is
refused with the guide's words and changes nothing, the script plays the other seats' moves,
and after it the lesson's bots play on. A restart in the middle of the script resumes the
lesson; the guide tells the learner nothing of another seat's hidden cards."""

from __future__ import annotations

from realpolitik import rulebook
from realpolitik.bots.levels import spec_of
from realpolitik.games import get, registry
from realpolitik.server import lessons
from realpolitik.server.store import Store
from realpolitik.testing.server import Api, GameSocket, ServerProcess, expected_view, without_log

GAME = get("nuclear-war")
SCRIPT = lessons.script(GAME)
LESSON = SCRIPT.lesson
COUNT = len(SCRIPT.actions)
MINE = [i for i in range(COUNT) if LESSON.learner(i)]


def learn(api: Api, game: str = "nuclear-war", **body) -> dict:
    """A new lesson game; the answer gets the learner's ``token``."""
    answer = api.post(f"/api/learn/{game}", json=body)
    assert answer.status_code == 201, answer.text
    data = answer.json()
    data["token"] = data["url"].split("token=")[1]
    return data


def stored_actions(server: ServerProcess, game_id: str) -> list[str]:
    store = Store(server.db)
    try:
        return store.load(game_id).actions
    finally:
        store.close()


def replayed(actions: list[str]):
    state = GAME.new_state(LESSON.players, LESSON.options, LESSON.seed)
    for action in actions:
        state.apply(action)
    return state


def another_move(view: dict, wanted: str) -> str:
    """A legal move of the learner's decision that is not the step's."""
    return next(a for a in view["pending"]["actions"] if a != wanted)


def at(sock: GameSocket, seq: int) -> dict:
    """The learner's view after ``seq`` actions."""
    return sock.wait_view(lambda m: m["seq"] == seq)


def check_guides(sock: GameSocket, lang: str = "en") -> int:
    """Every view the learner got while the script led carries the guide of its step, in
    ``lang``, naming the learner's own step's action only; returns how many were checked."""
    checked = 0
    for message in sock.views:
        seq, guide = message["seq"], message.get("guide")
        if seq > COUNT:
            assert guide is None
            continue
        assert guide["title"] == LESSON.title[lang] and guide["steps"] == len(MINE)
        if seq == COUNT:
            assert set(guide) == {"title", "steps", "outro"} and guide["outro"] == LESSON.outro[lang]
            continue
        done = sum(i < seq for i in MINE)
        assert guide["step"] == done + 1
        assert ("intro" in guide) == (done == 0) and guide.get("intro", LESSON.intro[lang]) == LESSON.intro[lang]
        assert set(guide) - {"intro"} == {"title", "steps", "step", "text", "action", "label"}
        if LESSON.learner(seq):
            assert guide["text"] == LESSON.step[seq].text[lang] and guide["action"] == SCRIPT.actions[seq]
            choice = next(c for c in message["view"]["pending"]["choices"] if c["action"] == guide["action"])
            assert guide["label"] == choice["label"]
        else:  # the others' scripted move: nothing of it is told
            assert guide["action"] is None and guide["label"] is None and "pending" not in message["view"]
        checked += 1
    return checked


def play_steps(sock: GameSocket, upto: int = COUNT) -> None:
    """Play the learner's steps of the script from where the game is to below ``upto``, as the
    guide asks (each once its view came, and on to the next once the game took it)."""
    for i in MINE:
        if i >= upto:
            return
        if i < sock.seq:
            continue
        view = at(sock, i)
        assert view["guide"]["action"] == SCRIPT.actions[i]
        sock.act(view["guide"]["action"])
        sock.wait_view(lambda m, i=i: m["seq"] > i)


def test_a_lesson_is_a_stored_game_of_its_own(api, server):
    made = learn(api)
    assert made["url"] == f"/game/{made['id']}#seat=p1&token={made['token']}"
    assert made["seat"] == LESSON.seat and made["title"] == LESSON.title["en"]
    info = api.info(made["id"])
    assert info["lesson"] is True and info["lobby_join"] is False and info["rated"] is False
    assert info["status"] == "open"  # until the learner comes
    normal = spec_of("nuclear-war", LESSON.bots)
    assert [p["kind"] for p in info["players"]] == ["human", normal, normal]
    assert info["options"] == SCRIPT.options
    lists = api.get("/api/games").json()
    assert made["id"] not in {e["id"] for e in lists["open"] + lists["running"]}
    claim = api.post(f"/api/games/{made['id']}/claim", json={"seat": "p1", "name": "Eve"})
    assert claim.status_code == 403 and claim.json()["code"] == "invite-only"
    german = learn(api, lang="de")
    assert german["title"] == LESSON.title["de"]


def test_a_title_without_a_lesson_has_none_to_create(api):
    for name in ("no-such-game", "nuclear-war-x"):
        answer = api.post(f"/api/learn/{name}", json={})
        assert answer.status_code == 404 and answer.json()["code"] == "no-lesson"
    catalog = {entry["id"]: entry["lesson"] for entry in api.get("/api/catalog").json()}
    assert catalog == {game.id: rulebook.lesson(game) is not None for game in registry()}
    for game_id in [g for g, has in catalog.items() if not has]:
        answer = api.post(f"/api/learn/{game_id}")
        assert answer.status_code == 404 and answer.json()["code"] == "no-lesson"
    bad = api.post("/api/learn/nuclear-war", json={"lang": "fr"})
    assert bad.status_code == 400


def test_the_guide_leads_the_learner_through_the_script_and_the_bots_play_on(api, server, sockets):
    made = learn(api)
    ann = sockets(made["id"])
    first = ann.hello(made["token"], "Ann")
    assert first["guide"]["intro"] == LESSON.intro["en"]
    step = MINE[0]
    view = at(ann, step)
    assert view["seq"] == step and stored_actions(server, made["id"]) == list(SCRIPT.actions[:step])

    # another move, typed or one of the buttons: refused in the guide's words, the game unchanged
    wrong = LESSON.step[step].wrong
    ann.act(another_move(view["view"], SCRIPT.actions[step]))
    refused = ann.until(lambda m: m["type"] == "error")
    assert refused["code"] == "guide" and refused["message"] == wrong["en"]
    ann.act("no such move")
    assert ann.until(lambda m: m["type"] == "error")["code"] == "guide"
    assert stored_actions(server, made["id"]) == list(SCRIPT.actions[:step]) and ann.seq == step

    # a step without words for a wrong move: the guide names the move it asks for
    plain = next(i for i in MINE if not LESSON.step[i].wrong)
    play_steps(ann, plain)
    view = at(ann, plain)
    ann.act(another_move(view["view"], SCRIPT.actions[plain]))
    label = view["guide"]["label"]
    assert ann.until(lambda m: m["type"] == "error")["message"] == f"The guide asks for another move now: {label}."

    # nothing of the script is taken back
    later = MINE[MINE.index(plain) + 1]
    play_steps(ann, later)
    assert at(ann, later)["undo"] is False
    ann.send({"type": "undo", "seq": later})
    said = ann.until(lambda m: m["type"] == "error")
    assert said["code"] == "undo" and "guide" in said["message"]

    play_steps(ann)
    end = at(ann, COUNT)
    assert end["guide"]["outro"] == LESSON.outro["en"]
    free = ann.wait_view(lambda m: m["seq"] > COUNT and "pending" in m["view"], timeout=60)
    assert "guide" not in free
    assert check_guides(ann) >= len(MINE)
    actions = stored_actions(server, made["id"])
    assert tuple(actions[:COUNT]) == SCRIPT.actions

    # after the script the lesson's bots play their level's spec: they moved up to the learner's turn
    normal = spec_of("nuclear-war", LESSON.bots)
    assert {p["kind"] for p in free["players"] if p["seat"] != LESSON.seat} == {normal}
    state = replayed(actions[:COUNT])
    assert state.seats[state.to_act] != LESSON.seat and len(actions) > COUNT

    # the free game: the learner's move is any legal one, and it may be taken back as usual
    move = next(a for a in free["view"]["pending"]["actions"] if a.startswith("hide "))  # shows nothing new
    ann.act(move.upper())
    after = ann.wait_view(lambda m: m["seq"] == free["seq"] + 1)
    assert "guide" not in after and stored_actions(server, made["id"])[free["seq"]] == move
    assert after["undo"] is True
    ann.send({"type": "undo", "seq": after["seq"]})
    assert ann.wait_view(lambda m: m["seq"] == free["seq"])["undo"] is False


def test_the_guide_speaks_the_readers_language(api, sockets):
    made = learn(api, lang="de")
    ann = sockets(made["id"])
    assert ann.hello(made["token"], "Anna", lang="de")["guide"]["intro"] == LESSON.intro["de"]
    step = MINE[0]
    view = at(ann, step)
    ann.act(another_move(view["view"], SCRIPT.actions[step]))
    assert ann.until(lambda m: m["type"] == "error")["message"] == LESSON.step[step].wrong["de"]
    plain = next(i for i in MINE if not LESSON.step[i].wrong)
    play_steps(ann, plain)
    view = at(ann, plain)
    ann.act(another_move(view["view"], SCRIPT.actions[plain]))
    assert ann.until(lambda m: m["type"] == "error")["message"] == \
        f"Die Anleitung verlangt jetzt einen anderen Zug: {view['guide']['label']}."
    play_steps(ann)
    assert at(ann, COUNT)["guide"]["outro"] == LESSON.outro["de"]
    assert check_guides(ann, "de") >= len(MINE)


def test_only_the_learner_reads_the_guide_and_it_tells_no_secret(api, sockets):
    made = learn(api)
    ann, watcher = sockets(made["id"]), sockets(made["id"])
    ann.hello(made["token"], "Ann")
    watcher.hello()
    play_steps(ann)
    at(ann, COUNT)
    watcher.wait_view(lambda m: m["seq"] >= COUNT)
    assert not any("guide" in m for m in watcher.views)
    # the learner's views are the engine's views of the learner's seat; the guide adds only the
    # lesson's own words and the learner's own step (check_guides), never another seat's move
    for message in ann.views:
        if message["seq"] <= COUNT:
            truth = expected_view(replayed(list(SCRIPT.actions[:message["seq"]])), SCRIPT.seat)
            assert without_log(message["view"]) == without_log(truth)
    assert check_guides(ann) >= len(MINE)


def test_a_restart_in_the_middle_of_the_script_resumes_the_lesson(database):
    at_step = 3
    server = ServerProcess(database, bot_delay=0.0).start()
    opened = []
    try:
        with Api(server) as api:
            made = learn(api)
            ann = GameSocket(server, made["id"])
            opened.append(ann)
            ann.hello(made["token"], "Ann")
            play_steps(ann, MINE[at_step])
            seen = at(ann, MINE[at_step])
            server.stop()
            server.start()
            again = GameSocket(server, made["id"])
            opened.append(again)
            resumed = again.hello(made["token"])
            assert resumed["seq"] == seen["seq"] and resumed["guide"] == seen["guide"]
            again.act(another_move(resumed["view"], SCRIPT.actions[resumed["seq"]]))
            assert again.until(lambda m: m["type"] == "error")["code"] == "guide"
            play_steps(again)
            assert at(again, COUNT)["guide"]["outro"] == LESSON.outro["en"]
            assert tuple(stored_actions(server, made["id"])[:COUNT]) == SCRIPT.actions
            assert check_guides(again) >= 1
    finally:
        for sock in opened:
            sock.close()
        server.stop()
