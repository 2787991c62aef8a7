"""UNO Flip's sight (FLIP2-SIGHT): every player sees the other side of the others' cards and of
the draw pile's top card; a player's view lists those backs, its partial state keeps them, and
the rules judge a move on the view by them. specs/flip2.toml holds the scenario
(FLIP2-SIGHT-every-player-sees-the-backs)."""

from __future__ import annotations

import importlib
import json
import random
import re

import attrs
import pytest

from ena_rules import (
    Challenge,
    Draw,
    GameState,
    Play,
    apply,
    legal_events,
    load_variant,
    new_game,
    view,
)
from ena_rules.cards import Card, parse_card
from ena_rules.game.position import parse_position
from ena_rules.game.serialize import to_json
from ena_rules.rules.chance import deal_event
from ena_rules.rules.unknown import UNKNOWN, fits, is_unknown, unknown_back
from ena_rules.testing.invariants import InvariantError, _hide, check_backs, check_views

FLIP = load_variant("flip")
OFFICIAL = load_variant("official")
#: ana holds R5|T5, B3|V8; bor RF|V3, G2|T+5; cene B1|VSA, B7|O3; the pile's top is G4|P8.
TABLE = (
    "flip players=ana,bor,cene phase=play dealer=2 scores=0,0,0 "
    "hands=R5|T5.B3|V8/RF|V3.G2|T+5/B1|VSA.B7|O3 draw=G4|P8.G5|O7 discard=R6|PSA color=R last=2"
)


def table(text: str = TABLE) -> GameState:
    return parse_position(text, FLIP)


def codes(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def test_FLIP2_SIGHT_a_view_shows_the_others_backs_in_hand_order_and_the_pile_top() -> None:
    """FLIP2-SIGHT: ana sees the other side of bor's and cene's cards, in their hand order, and
    of the draw pile's top card; her own cards as she holds them."""
    v = view(table(), "ana")
    assert [(p, codes(cs)) for p, cs in v.backs] == [
        ("bor", ["V3", "T+5"]),
        ("cene", ["VSA", "O3"]),
    ]
    assert str(v.pile_back) == "P8" and codes(v.hand) == ["R5|T5", "B3|V8"]
    data = to_json(v)
    assert data["backs"] == {"bor": ["V3", "T+5"], "cene": ["VSA", "O3"]}
    assert data["pile_back"] == "P8"
    assert json.loads(json.dumps(data)) == data


def test_FLIP2_SIGHT_a_one_sided_deck_shows_no_backs_and_its_json_is_unchanged() -> None:
    """FLIP2-SIGHT is a two-sided deck's: a one-sided view has no backs and its JSON no new
    key (the contract addition leaves every earlier output as it was)."""
    s = new_game(OFFICIAL, ["ana", "bor"], dealer="ana")
    s = apply(s, deal_event(s, seed=3)).state
    v = view(s, "bor")
    assert v.backs == () and v.pile_back is None
    assert "backs" not in to_json(v) and "pile_back" not in to_json(v)
    assert not any(c.other for h in v.state.hands for c in h)  # type: ignore[union-attr]


def test_FLIP2_SIGHT_the_views_state_keeps_each_hidden_card_with_its_back() -> None:
    """FLIP2-SIGHT: the partial state of ana's view holds each of bor's and cene's cards as an
    unknown card with its back (?|V3), the pile's top card likewise, the rest of the pile
    unknown; such a card may be only a card with that other side."""
    p = view(table(), "ana").state
    assert p is not None and p.partial
    assert codes(p.hands[1]) == ["?|V3", "?|T+5"] and codes(p.hands[2]) == ["?|VSA", "?|O3"]
    assert codes(p.draw_pile) == ["?|P8", "?"] and codes(p.hands[0]) == ["R5|T5", "B3|V8"]
    back = unknown_back(Card("V", "3"))
    assert is_unknown(back) and is_unknown(UNKNOWN) and not is_unknown(parse_card("RF|V3"))
    assert fits(back, parse_card("RF|V3")) and not fits(back, parse_card("RF|P8"))
    assert fits(UNKNOWN, parse_card("RF|P8"))


def test_FLIP2_SIGHT_a_play_whose_back_is_not_seen_is_refused_on_the_view() -> None:
    """FLIP2-SIGHT: judged on bor's view, ana may play a card whose other side bor sees in her
    hand (R5|T5), named by its face or whole; a card whose back bor does not see there (R5|P2,
    any R1) is refused, naming the clause, the key and the backs in plain words."""
    p = view(table(), "bor").state
    assert p is not None
    played = apply(p, Play("ana", "R5"))
    assert played.accepted and codes(played.state.hands[0]) == ["?|V8"]
    assert str(played.state.top) == "R5|T5"
    for card in ("R5|P2", "R1"):
        v = apply(p, Play("ana", card))
        assert v.rejected and (v.clause, v.key) == ("FLIP2-SIGHT", "deck.pairs"), str(v)
        assert "every player sees the other side of ana's cards (T5, V8)" in v.message
        assert v.state is p
    assert "is not among them" in apply(p, Play("ana", "R1")).message
    # on the full state the same plays are judged by the cards themselves
    assert apply(table(), Play("ana", "R5|P2")).rejected


def test_FLIP2_SIGHT_the_drawn_card_is_the_one_whose_back_was_on_the_pile() -> None:
    """FLIP2-SIGHT: ana draws the pile's top card, whose back (P7) everyone saw: on bor's view
    she may play an R3 showing that back as the drawn card, not the R3 whose back is W+C."""
    s = table(
        "flip players=ana,bor phase=play dealer=1 scores=0,0 hands=R5|T5.B3|V8/R7|O1.G2|T+5 "
        "draw=R3|P7.G5|O7 discard=R6|PSA color=R last=1"
    )
    s = apply(s, Draw("ana")).state
    p = view(s, "bor").state
    assert p is not None and str(p.drawn) == "?|P7" and codes(p.hands[0])[-1] == "?|P7"
    ok = apply(p, Play("ana", "R3"))
    assert ok.accepted and str(ok.state.top) == "R3|P7"
    wrong = apply(p, Play("ana", "R3|W+C"))
    assert wrong.rejected and wrong.clause == "FLIP2-SIGHT"
    # both R3s' backs are seen in her hand: the face names the one drawn
    s = table(
        "flip players=ana,bor phase=play dealer=1 scores=0,0 hands=R3|P7.B3|V8/R7|O1.G2|T+5 "
        "draw=R3|W+C.G5|O7 discard=R6|PSA color=R last=1"
    )
    p = view(apply(s, Draw("ana")).state, "bor").state
    assert p is not None and codes(p.hands[0]) == ["?|P7", "?|V8", "?|W+C"]
    ok = apply(p, Play("ana", "R3"))
    assert ok.accepted and str(ok.state.top) == "R3|W+C", str(ok)


def test_FLIP2_SIGHT_a_flip_on_the_views_state_leaves_the_turned_cards_unknown() -> None:
    """FLIP2-SIGHT, FLIP2-FLIP: a Flip applied to a view's partial state turns the hidden cards
    over: the back once seen is now their face in play, but which physical card each is stays
    unknown, so each is an unknown card again (D-FLIP2-SIGHT); the real state's view after the
    Flip shows the new backs."""
    s = apply(table(), Play("ana", "R5")).state
    p = view(s, "ana").state
    assert p is not None
    after = apply(p, Play("bor", "RF"))
    assert after.accepted and after.state.side == 1
    assert codes(after.state.hands[1]) == ["?"] and codes(after.state.hands[2]) == ["?", "?"]
    real = apply(s, Play("bor", "RF")).state
    assert [(q, codes(cs)) for q, cs in view(real, "ana").backs] == [
        ("bor", ["G2"]),
        ("cene", ["B1", "B7"]),
    ]
    for e in legal_events(after.state):
        assert not apply(after.state, e).rejected, e


@pytest.mark.parametrize(
    ("held", "outcome", "words"),
    [
        ("R1|P3", "accepted", "The challenge succeeds"),  # every card with back P3 is red
        ("B3|V8", "accepted", "The challenge fails"),  # no card with back V8 is red
        ("R5|T5", "undetermined", "Undetermined"),  # back T5: R5 or Y9
    ],
)
def test_FLIP2_SIGHT_the_backs_seen_decide_a_challenge_on_the_view(
    held: str, outcome: str, words: str
) -> None:
    """FLIP2-SIGHT, FLIP2-WD2: judged on bor's view, a challenge of ana's Wild Draw Two is
    decided by the backs bor sees in her hand when they decide whether she holds a red card,
    and undetermined only when they leave it open; whether bor's view is taken after her play
    or the play is applied to the view's state."""
    s = table(
        f"flip players=ana,bor phase=play dealer=1 scores=0,0 hands=W+2|O4.{held}/R7|O1.G2|T+5 "
        "draw=G4|P8.G5|O7.B9|O5.Y2|T1 discard=R6|PSA color=R last=1"
    )
    before = view(s, "bor").state
    assert before is not None
    played = apply(before, Play("ana", "W+2", color="blue"))
    after = view(apply(s, Play("ana", "W+2", color="blue")).state, "bor").state
    assert after is not None and played.accepted
    for p in (after, played.state):
        v = apply(p, Challenge("bor"))
        assert v.outcome == outcome and v.message.startswith(words), str(v)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_FLIP2_SIGHT_a_views_judgements_agree_and_never_refuse_the_real_move(seed: int) -> None:
    """FLIP2-SIGHT: through random games of Flip, on every player's view every event of
    legal_events is accepted by apply (or left undetermined by what nobody saw), and the move
    the game really takes is never refused: the backs narrow the hands only as they really
    are; the backs invariant holds."""
    rng = random.Random(seed)
    s = new_game(FLIP, ["ana", "bor", "cene"], dealer="ana")
    for i in range(150):
        if s.phase == "over":
            break
        if s.phase == "deal":
            s = apply(s, deal_event(s, seed=seed * 1000 + i)).state
            continue
        events = legal_events(s)
        plays = [e for e in events if isinstance(e, Play)]
        e = rng.choice(plays if plays and rng.random() < 0.8 else events)
        check_backs(s)
        for player in s.players:
            p = view(s, player).state
            assert p is not None
            assert not apply(p, e).rejected, (player, e, str(apply(p, e)))
            if i % 7 == 0:
                for le in legal_events(p):
                    assert not apply(p, le).rejected, (player, le)
        s = apply(s, e).state


def test_FLIP2_SIGHT_secrecy_moves_hidden_cards_only_among_the_same_backs() -> None:
    """FLIP2-SIGHT: the secrecy check moves the cards hidden from a player only among those
    with the same back (the view stays the same); swapping two hidden cards with different
    backs changes what is legitimately seen."""
    s = table()
    for shift in (0, 1):
        moved = _hide(s, 0, shift)
        assert view(moved, "ana") == view(s, "ana")
        assert [[c.other for c in h] for h in moved.hands] == [
            [c.other for c in h] for h in s.hands
        ]
    check_views(s)
    hands = list(s.hands)
    hands[1], hands[2] = s.hands[2], s.hands[1]  # same sizes, other backs
    swapped = attrs.evolve(s, hands=tuple(hands))
    assert view(swapped, "ana") != view(s, "ana")


def test_FLIP2_SIGHT_check_backs_finds_a_view_that_misstates_a_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """FLIP2-SIGHT: the backs invariant fails when a view lists a back that is not the hidden
    card's, or its partial state keeps a wrong one."""
    s = table()
    check_backs(s)
    from ena_rules.rules import sight

    view_module = importlib.import_module("ena_rules.rules.view")
    wrong = (("bor", (Card("V", "3"), Card("V", "3"))), ("cene", ()))
    monkeypatch.setattr(sight, "backs", lambda state, seat: wrong)
    with pytest.raises(InvariantError, match="misstates the backs"):
        check_backs(s)
    monkeypatch.undo()
    from ena_rules.rules.unseen import forget as real_forget

    def bad_forget(
        state: GameState, keep: tuple[int, ...] = (), viewer: int | None = None
    ) -> GameState:
        out = real_forget(state, keep, viewer)
        hands = tuple(
            tuple(unknown_back(Card("P", "3")) if is_unknown(c) else c for c in h)
            for h in out.hands
        )
        return attrs.evolve(out, hands=hands)

    monkeypatch.setattr(view_module, "forget", bad_forget)
    with pytest.raises(InvariantError, match="partial state shows"):
        check_backs(s)


def test_FLIP2_SIGHT_a_views_picture_shows_the_backs_seen() -> None:
    """FLIP2-SIGHT: the SVG picture of bor's view draws each of ana's cards as the other side
    bor sees (titled "other side seen: ...") and names the other side of the pile's top card;
    the arbiter's picture and ana's own hand show none."""
    from ena_rules.pictures.svg import position

    s = table()
    svg = position(view(s, "bor"))
    seen = re.findall(r"<title>other side seen: ([^<]*)</title>", svg)
    assert seen == ["teal 5", "purple 8", "purple SA", "orange 3"], seen
    assert "its top's other side pink 8" in svg
    assert "other side seen" not in position(s)


def test_FLIP2_SIGHT_check_view_agreement_holds_and_finds_a_refused_legal_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """FLIP2-SIGHT: on each view's partial state of a Flip table every legal event is judged
    without a rejection; the invariant fails when apply refuses one that legal_events lists."""
    from ena_rules.testing import invariants

    s = table()
    invariants.check_view_agreement(s)
    no = apply(s, Play("ana", "R1"))  # a rejection, returned for every event
    assert no.rejected
    monkeypatch.setattr(invariants, "apply", lambda state, event: no)
    with pytest.raises(InvariantError, match="on ana's view, legal"):
        invariants.check_view_agreement(s)
