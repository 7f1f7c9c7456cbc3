"""The game-agnostic core: RNG, action texts, options, logs, records, registry."""

import json

import pytest

from realpolitik.engine import (
    ContentError,
    Log,
    Option,
    OptionError,
    Record,
    RecordError,
    Registry,
    ReplayError,
    Rng,
    SeatContext,
    action,
    normalize,
    parse,
)
from realpolitik.games import get, registry
from realpolitik.i18n import render


def test_rng_is_deterministic_and_unbiased_enough():
    a, b = Rng(42), Rng(42)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    twin = a.copy()
    assert twin.next64() == a.next64()
    counts = [0] * 10
    r = Rng(1)
    for _ in range(20000):
        counts[r.below(10)] += 1
    assert all(1800 < c < 2200 for c in counts)
    items = list(range(20))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    with pytest.raises(ValueError):
        r.below(0)


def test_rng_stream_is_fixed_across_versions():
    # the first outputs of splitmix64 for seed 0 are published constants
    r = Rng(0)
    assert r.next64() == 0xE220A8397B1DCDAF
    assert r.next64() == 0x6E789E6AA1B965F4


def _plain_below(r: Rng, n: int) -> int:
    """The generator's definition of a draw from ``range(n)``: outputs at or above the largest
    multiple of ``n`` below 2⁶⁴ are refused."""
    limit = 2**64 - 2**64 % n
    while True:
        x = r.next64()
        if x < limit:
            return x % n


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63 + 5])
def test_rng_draws_follow_the_plain_definition(seed):
    # below, choice and shuffle inline the generator and skip the limit for small n: the same stream
    fast, plain = Rng(seed), Rng(seed)
    for n in [1, 2, 3, 6, 10, 37, 255, 256, 257, 1000, 2**40 + 3, 2**63 + 1, 3 * 2**62]:
        for _ in range(40):  # above 2⁶³ about half the outputs are refused
            assert fast.below(n) == _plain_below(plain, n)
            assert fast.state == plain.state
        items = list(range(min(n, 300)))
        assert fast.choice(items) == items[_plain_below(plain, len(items))]
    for size in [0, 1, 2, 5, 11, 12, 13, 80, 255, 256, 257, 300]:
        _shuffle_as_defined(fast, plain, size)


def _shuffle_as_defined(fast: Rng, plain: Rng, size: int) -> None:
    mine, theirs = list(range(size)), list(range(size))
    fast.shuffle(mine)
    for i in range(size - 1, 0, -1):
        j = _plain_below(plain, i + 1)
        theirs[i], theirs[j] = theirs[j], theirs[i]
    assert mine == theirs and fast.state == plain.state


def _state_before(output: int) -> int:
    """The generator state whose next output is ``output`` (splitmix64's mix undone step by step)."""
    mask = 2**64 - 1

    def unshift(x: int, k: int) -> int:  # undoes x ^= x >> k
        y = x
        for _ in range(64 // k + 1):
            y = x ^ (y >> k)
        return y

    x = unshift(output, 31)
    x = unshift(x * pow(0x94D049BB133111EB, -1, 2**64) & mask, 27)
    x = unshift(x * pow(0xBF58476D1CE4E5B9, -1, 2**64) & mask, 30)
    return (x - 0x9E3779B97F4A7C15) & mask


@pytest.mark.parametrize("step", [1, 7, 40, 98])
def test_a_shuffle_with_a_refused_output_follows_the_plain_definition(step):
    # a shuffle works out its outputs side by side and goes one by one when one of them is refused
    # (at or above the largest multiple of its range below 2⁶⁴); here step ``step`` of a shuffle of
    # 100 draws the largest output, refused for range(100 - step + 1)
    start = (_state_before(2**64 - 1) - (step - 1) * 0x9E3779B97F4A7C15) & (2**64 - 1)
    probe = Rng(start)
    for _ in range(step - 1):
        probe.next64()
    assert probe.next64() == 2**64 - 1
    _shuffle_as_defined(Rng(start), Rng(start), 100)


def test_action_texts():
    assert normalize("  Place   ATLAS ") == "place atlas"
    assert action("strike", "b-70", "20mt", "p2") == "strike b-70 20mt p2"
    assert parse("swap 2 propaganda-5") == ("swap", (2, "propaganda-5"))
    assert parse("done") == ("done", ())


def test_options_are_coerced_and_checked():
    opt = Option("refill", "draw-to-ten", "…", ("draw-to-ten", "draw-one"))
    assert opt.coerce("draw-one") == "draw-one"
    with pytest.raises(OptionError, match="not one of"):
        opt.coerce("draw-two")
    assert Option("limit", 0, "…", minimum=0, maximum=100).coerce("60") == 60
    assert Option("teams", False, "…").coerce("yes") is True
    with pytest.raises(OptionError, match="not a whole number from 0 to 100"):
        Option("limit", 0, "…", minimum=0, maximum=100).coerce("sixty")
    game = get("nuclear-war")
    with pytest.raises(OptionError, match="unknown option 'refil'"):
        game.new_state(4, {"refil": "draw-one"})
    with pytest.raises(OptionError, match="2–6 players"):
        game.new_state(7)


@pytest.mark.parametrize("value", [-5, 101, True, False, 10**400, 2.0, "1e3", "٣", "1_0", " ", "", None, [], "-1"])
def test_whole_number_options_take_only_ascii_numbers_in_range(value):
    limit = Option("limit", 0, "…", minimum=0, maximum=100)
    with pytest.raises(OptionError, match=r"option 'limit': .* is not a whole number from 0 to 100"):
        limit.coerce(value)


@pytest.mark.parametrize("value", [float("nan"), float("inf"), "nan", "inf", -0.5, 2.5, True, "1,5", "١"])
def test_number_options_refuse_non_finite_and_out_of_range(value):
    share = Option("share", 0.5, "…", minimum=0.0, maximum=1.0)
    with pytest.raises(OptionError, match="not a number from 0 to 1"):
        share.coerce(value)
    assert share.coerce(" 0.25 ") == 0.25 and share.coerce(1) == 1.0 and isinstance(share.coerce(1), float)


def test_text_options_are_bounded_and_typed():
    path = Option("content", "", "…", local_file=True)
    assert path.coerce("cards.toml") == "cards.toml"
    for bad in (5, True, "x" * 5000, "a\x00b"):
        with pytest.raises(OptionError, match="is not the path of a file"):
            path.coerce(bad)
    with pytest.raises(OptionError, match="not true or false"):
        Option("teams", False, "…").coerce(1)


def test_number_options_must_declare_their_range():
    with pytest.raises(TypeError, match="needs a minimum and a maximum"):
        Option("limit", 0, "…")
    with pytest.raises(TypeError, match="only number options"):
        Option("name", "", "…", minimum=0)


def test_every_registered_option_says_which_values_it_takes():
    for game in registry():
        for option in game.options:
            assert option.values() and option.coerce(option.default) == option.default
            if option.local_file:
                assert isinstance(option.default, str) and not option.choices


def test_log_is_redacted_per_seat_and_shared_by_copies():
    log = Log()
    log.say("p1 draws a card.", to=(0,), private=("You draw Atlas.",))
    log.say(None, to=(1,), private=("Only p2 reads this.",))
    twin = log.copy()
    twin.say("later")
    assert log.redacted(0) == ["You draw Atlas."]
    assert log.redacted(1) == ["p1 draws a card.", "Only p2 reads this."]
    assert log.redacted(None) == ["p1 draws a card."]
    assert twin.redacted(None, start=1) == ["later"] and log.size == 2


def test_a_said_line_is_the_phrase_made_when_read():
    from realpolitik.engine.log import Entry, NullLog
    from realpolitik.i18n import phrase, t

    draws = phrase("{seat} draws {count} cards.", "seat", "count")
    log = Log()
    log.say("Game begins.")
    log.say(draws, "p1", 3)
    log.say(None, to=(1,), private=("Only p2 reads this.",))
    twin = log.copy()
    twin.say(draws, "p2", 1)
    expected = t("{seat} draws {count} cards.", seat="p1", count=3)
    assert log.entries(1)[0] == Entry(expected) and log.size == 3
    assert [e.public for e in twin.entries(1)] == [expected, None, draws("p2", 1)]
    assert log.redacted(0) == ["Game begins.", "p1 draws 3 cards."]
    assert twin.redacted(1, start=3) == ["p2 draws 1 cards."]
    quiet = NullLog()
    quiet.say(draws, "p1", 3)
    assert quiet.size == 0 and quiet.entries() == []


def test_a_private_line_is_made_when_read_and_only_the_seats_told_read_it():
    from realpolitik.i18n import phrase, t

    made = []

    def you_draw(cards):
        made.append(cards)
        return t("You draw {cards}.", cards=cards)

    draws = phrase("{seat} draws {count} cards.", "seat", "count")
    log = Log()
    log.say(draws, "p1", 2, to=(0,), private=(you_draw, "Atlas, Titan"))
    assert made == [] and log.size == 1
    assert log.redacted(0) == ["You draw Atlas, Titan."] and made == ["Atlas, Titan"]
    assert log.redacted(1) == log.redacted(None) == ["p1 draws 2 cards."]
    assert log.entries()[0].to == frozenset({0})


def test_registry():
    reg = Registry()
    game = get("nuclear-war")
    reg.register(game)
    assert reg.get("nuclear-war") is game and "nuclear-war" in reg and reg.ids() == ["nuclear-war"]
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        reg.get("chess")
    assert "nuclear-war" in registry().ids()


def test_record_round_trip_and_errors(tmp_path):
    game = get("nuclear-war")
    state = game.new_state(3, {"refill": "draw-one"}, seed=9)
    record = Record.start(state, 9, ["human", "random", "random"])
    record.actions = list(state.legal_actions()[:1])
    state.apply(record.actions[0])
    path = tmp_path / "r.json"
    record.save(path)
    again = Record.load(path)
    assert again == record
    assert again.replay(get).snapshot() == state.snapshot()
    bad = json.loads(path.read_text())
    bad["actions"] = ["place nothing"]
    with pytest.raises(RecordError, match="action 1 'place nothing' does not replay"):
        Record.from_json(json.dumps(bad)).replay(get)
    with pytest.raises(RecordError, match="not a realpolitik record"):
        Record.from_json("{}")
    with pytest.raises(RecordError, match="not JSON"):
        Record.from_json("{")
    bad["seed"] = "nine"
    with pytest.raises(RecordError, match="field 'seed'"):
        Record.from_json(json.dumps(bad))
    bad = json.loads(path.read_text())
    bad["rules_version"] = "0"
    with pytest.raises(RecordError, match="rules version 0"):
        Record.from_json(json.dumps(bad)).replay(get)


def test_replay_carries_on_from_a_state_of_the_same_game():
    """What the server's bot workers do with their cached states: a state after some actions
    is carried on in place; one from further on than the record is not used."""
    game, rng = get("nuclear-war"), Rng(5)
    state = game.new_state(3, None, seed=4)
    record = Record.start(state, 4, ["random"] * 3)
    while len(record.actions) < 40:
        record.actions.append(rng.choice(state.legal_actions()))
        state.apply(record.actions[-1])
    def after(n):
        return Record(**{**record.__dict__, "actions": record.actions[:n]}).replay(get)

    early = after(15)
    carried = record.replay(get, early)
    assert carried is early and carried.ply == 40 and carried.digest() == state.digest()
    ahead = state.clone()
    ahead.apply(ahead.legal_actions()[0])
    again = record.replay(get, ahead)
    assert again is not ahead and again.digest() == state.digest()
    wrong = Record(**{**record.__dict__, "actions": record.actions[:20] + ["place nothing"]})
    with pytest.raises(ReplayError, match="action 21 'place nothing' does not replay") as refused:
        wrong.replay(get, after(15))
    assert refused.value.index == 20


def test_digest_mismatch_is_detected(tmp_path):
    game = get("nuclear-war")
    state = game.new_state(2, seed=1)
    record = Record.start(state, 1, ["random", "random"])
    record.finish(state)
    record.result["digest"] = "0" * 32
    with pytest.raises(RecordError, match="digest differs"):
        record.replay(get)


def test_quiet_worlds_keep_no_log_and_play_on():
    from realpolitik.engine import SeatContext

    state = get("nuclear-war").new_state(4, seed=2)
    ctx = SeatContext.of(state, state.to_act, Rng(1))
    world = ctx.sample(Rng(2))
    assert world.log.size == 0 and world.view(0, log_from=0)["log"] == []
    while not world.is_over():
        world.apply(world.legal_actions()[0])
    assert world.log.size == 0 and state.log.size > 0


def test_content_files_are_read_only_when_regular_and_small(tmp_path):
    import os

    from realpolitik.engine.content import MAX_CONTENT_BYTES, read_toml

    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)  # opening it would wait for a writer for ever
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_CONTENT_BYTES + 1))
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'name = "\xe4"\n')
    for path, reason in [("/dev/zero", "not a regular file"), (fifo, "not a regular file"),
                         (tmp_path, "not a regular file"), (big, "too large"), (latin, "not UTF-8"),
                         (tmp_path / "missing.toml", "cannot read")]:
        with pytest.raises(ContentError, match=reason):
            read_toml(path)
    good = tmp_path / "good.toml"
    good.write_text('game = "nuclear-war"\n')
    assert read_toml(good) == {"game": "nuclear-war"}


def test_choices_are_the_legal_actions_with_their_parts_and_words():
    """Views and seat contexts list the legal actions as (action, verb, args, label, grave) for
    every game; Nuclear War puts its cards into words."""
    for game in registry():
        state, rng = game.new_state(game.min_players, dict(game.conformance_options), seed=3), Rng(3)
        for _ in range(60):
            if state.is_over():
                break
            seat = state.to_act
            choices = state.choices()
            assert [c.action for c in choices] == list(state.legal_actions())
            for c in choices:
                assert (c.verb, c.args) == parse(c.action) and render(c.label, "en")
            pending = state.view(seat, log_from=None)["pending"]
            assert pending["choices"] == [{**c._asdict(), "label": render(c.label, "en"),
                                           "grave": None if c.grave is None else render(c.grave, "en")}
                                          for c in choices]
            assert pending["actions"] == [c.action for c in choices]
            context = SeatContext.of(state, seat, Rng(1))
            assert context.choices == state.choices(words=False)  # a bot gets the parts, not the words
            assert [c.label for c in context.choices] == [c.action for c in choices]
            assert "pending" not in state.view((seat + 1) % len(state.seats), log_from=None)
            state.apply(rng.choice(state.legal_actions()))
    state = get("nuclear-war").new_state(2, None, seed=1)
    labels = {c.action: render(c.label, "en") for c in state.choices()}
    key = next(a for a in labels if a.startswith("place ")).split(" ")[1]
    assert labels[f"place {key}"] == f"Place {state.name(key)} face down"
