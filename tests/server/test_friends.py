"""Friends and messages as people expect them (issue 78) against a real server: a friendship is
asked and accepted (or declined, withdrawn, ended by either), a block ends it; a private
message comes only from a friend or someone one played with unless the account takes them
from everyone; the header's count tells how many messages are unread and how many requests
wait, and reading a conversation marks it read."""

from __future__ import annotations

from realpolitik.testing.server import Api
from tests.server import test_social
from tests.server.test_social import Person, befriend

#: test_social's fixtures: a server of this module's own, and signed-in people on it
server, person = test_social.server, test_social.person


def names(lists: dict, key: str) -> list[str]:
    return [entry["name"] for entry in lists[key]]


def lists_of(who: Person) -> dict:
    return who.get("/api/social").json()


def unread(who: Person) -> dict:
    answer = who.get("/api/social/unread")
    assert answer.status_code == 200, answer.text
    return answer.json()


def write(one: Person, other: Person, text: str):
    return one.post("/api/social/messages", {"to": other.name, "text": text})


def test_a_friend_request_waits_for_the_answer_and_then_both_are_friends(person):
    ann, bo = person("Ann"), person("Bo")
    asked = ann.post("/api/social/friends", {"name": bo.name.upper()})  # names as folded: any case
    assert asked.status_code == 201, asked.text
    assert names(asked.json(), "outgoing") == [bo.name] and asked.json()["friends"] == []
    assert ann.post("/api/social/friends", {"name": bo.name}).status_code == 201  # twice: still one request
    to_bo = lists_of(bo)
    assert names(to_bo, "incoming") == [ann.name] and to_bo["friends"] == [] and to_bo["outgoing"] == []
    assert unread(bo) == {"messages": 0, "requests": 1} and unread(ann) == {"messages": 0, "requests": 0}

    accepted = bo.post("/api/social/friends", {"name": ann.name})  # Bo accepts
    assert accepted.status_code == 201 and names(accepted.json(), "friends") == [ann.name]
    for one, other in ((ann, bo), (bo, ann)):
        lists = lists_of(one)
        assert names(lists, "friends") == [other.name], lists
        assert lists["incoming"] == lists["outgoing"] == []
    assert unread(bo)["requests"] == 0

    ended = bo.delete(f"/api/social/friends/{ann.name}")  # either side ends it, for both
    assert ended.status_code == 200 and ended.json()["friends"] == []
    assert lists_of(ann)["friends"] == []
    assert ann.post("/api/social/friends", {"name": "Nobody at all"}).json()["code"] == "no-player"
    assert ann.post("/api/social/friends", {"name": ann.name}).status_code == 400
    guest = Api(ann.server)
    assert guest.get("/api/social").json()["code"] == "signed-out"
    assert guest.post("/api/social/friends", json={"name": bo.name}).status_code == 401
    assert guest.get("/api/social/unread").json() == {"messages": 0, "requests": 0}
    guest.http.close()


def test_a_request_is_declined_or_withdrawn_and_asking_each_other_is_accepting(person):
    ann, bo, cy = person("Ann"), person("Bo"), person("Cy")
    ann.post("/api/social/friends", {"name": bo.name})
    declined = bo.delete(f"/api/social/requests/{ann.name}")
    assert declined.status_code == 200 and declined.json()["incoming"] == []
    assert lists_of(ann)["outgoing"] == [] and lists_of(ann)["friends"] == []
    ann.post("/api/social/friends", {"name": cy.name})
    withdrawn = ann.delete(f"/api/social/requests/{cy.name}")
    assert withdrawn.status_code == 200 and withdrawn.json()["outgoing"] == []
    assert lists_of(cy)["incoming"] == [] and unread(cy)["requests"] == 0
    ann.post("/api/social/friends", {"name": cy.name})
    cy.post("/api/social/friends", {"name": ann.name})  # asked in turn: friends
    assert names(lists_of(cy), "friends") == [ann.name] and names(lists_of(ann), "friends") == [cy.name]
    bo.post("/api/social/friends", {"name": ann.name})
    assert ann.delete(f"/api/social/friends/{bo.name}").status_code == 200  # "Remove" declines a request too
    assert lists_of(bo)["outgoing"] == [] and lists_of(ann)["incoming"] == []


def test_a_block_ends_the_friendship_and_the_requests_and_a_blocked_account_s_request_does_not_show(person):
    ann, bo, cy = person("Ann"), person("Bo"), person("Cy")
    befriend(ann, bo)
    cy.post("/api/social/friends", {"name": ann.name})
    ann.post("/api/social/blocks", {"name": bo.name})
    ann.post("/api/social/blocks", {"name": cy.name})
    assert lists_of(ann)["friends"] == lists_of(bo)["friends"] == []
    assert lists_of(ann)["incoming"] == lists_of(cy)["outgoing"] == []
    # a blocked account asks as anyone does; the blocker never sees it
    asked = bo.post("/api/social/friends", {"name": ann.name})
    assert asked.status_code == 201 and names(asked.json(), "outgoing") == [ann.name]
    assert lists_of(ann)["incoming"] == [] and unread(ann)["requests"] == 0
    refused = ann.post("/api/social/friends", {"name": bo.name})
    assert refused.status_code == 403 and refused.json()["code"] == "blocking"
    assert lists_of(ann)["friends"] == []


def test_a_message_comes_from_a_friend_or_a_player_met_unless_everyone_may_write(person):
    ann, bo, cy, di = person("Ann"), person("Bo"), person("Cy"), person("Di")
    said = f"{bo.name} takes messages only from friends and from players they have played with."
    refused = write(ann, bo, "hello stranger")
    assert refused.status_code == 403 and refused.json() == {"code": "stranger", "error": said}
    assert bo.get("/api/social/messages").json()["conversations"] == []
    assert ann.get(f"/api/social/messages/{bo.name}").json()["messages"] == []

    befriend(ann, bo)  # friends write to each other
    assert write(ann, bo, "hello friend").status_code == 201
    assert write(bo, ann, "hello back").status_code == 201
    game = cy.create(["human", "human", "human"], lobby_join=True)  # Cy and Bo sit at one table
    for who, seat in ((cy, "p1"), (bo, "p2")):
        assert who.post(f"/api/games/{game['id']}/claim", {"seat": seat}).status_code == 200
    assert write(cy, bo, "good game").status_code == 201
    assert write(bo, cy, "thanks").status_code == 201
    assert write(di, bo, "hi").json()["code"] == "stranger"

    opened = di.post("/api/account/settings", {"messages_from_everyone": True})  # Di takes them from everyone
    assert opened.status_code == 200 and opened.json()["user"]["messages_from_everyone"]
    assert di.get("/api/account").json()["user"]["messages_from_everyone"]
    assert write(ann, di, "hello Di").status_code == 201
    assert write(di, ann, "an answer goes back").status_code == 201  # Ann wrote to Di: Di may answer
    assert di.post("/api/account/settings", {"messages_from_everyone": "yes"}).status_code == 400
    di.post("/api/account/settings", {"messages_from_everyone": False})
    assert write(cy, di, "and now?").json()["code"] == "stranger"


def test_a_stranger_blocked_is_refused_as_any_stranger_and_a_player_met_blocked_is_withheld(person):
    ann, bo, cy = person("Ann"), person("Bo"), person("Cy")
    ann.post("/api/social/blocks", {"name": bo.name})
    blocked, other = write(bo, ann, "hi"), write(cy, ann, "hi")
    assert (blocked.status_code, blocked.json()) == (other.status_code, other.json())  # the block does not show
    game = ann.create(["human", "human"], lobby_join=True)
    for who, seat in ((ann, "p1"), (cy, "p2")):
        assert who.post(f"/api/games/{game['id']}/claim", {"seat": seat}).status_code == 200
    ann.post("/api/social/blocks", {"name": cy.name})
    withheld = write(cy, ann, "after the game")
    assert withheld.status_code == 201 and withheld.json()["text"] == "after the game"
    assert unread(ann)["messages"] == 0 and ann.get("/api/social/messages").json()["conversations"] == []


def test_unread_messages_are_counted_until_the_conversation_is_read(person):
    ann, bo, cy = person("Ann"), person("Bo"), person("Cy")
    befriend(ann, bo)
    befriend(cy, bo)
    for number in range(3):
        assert write(ann, bo, f"letter {number}").status_code == 201
    write(cy, bo, "from Cy")
    assert unread(bo) == {"messages": 4, "requests": 0} and unread(ann)["messages"] == 0
    inbox = {c["name"]: c for c in bo.get("/api/social/messages").json()["conversations"]}
    assert (inbox[ann.name]["unread"], inbox[cy.name]["unread"]) == (3, 1)
    newest = ann.get(f"/api/social/messages/{bo.name}").json()["messages"]
    assert unread(bo)["messages"] == 4  # Ann reading her side marks nothing of Bo's
    bo.get(f"/api/social/messages/{ann.name}", before=newest[-1]["id"])  # an older page is not the news
    assert unread(bo)["messages"] == 4
    bo.get(f"/api/social/messages/{ann.name}")
    assert unread(bo)["messages"] == 1  # Cy's is still unread
    inbox = {c["name"]: c for c in bo.get("/api/social/messages").json()["conversations"]}
    assert (inbox[ann.name]["unread"], inbox[cy.name]["unread"]) == (0, 1)
    write(bo, ann, "read them")
    assert unread(bo)["messages"] == 1 and unread(ann)["messages"] == 1  # one's own message is never unread
