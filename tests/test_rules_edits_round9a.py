"""A ninth reviewer's round of seed-breaking edits (issue #42), on The Vortex, Atmosfear and
Alter Ego: rule sentences typed into the rulebook and quick-reference templates in words no
fact's vocabulary held.

Thirty-two edits, each of a sentence no earlier round touched and each against a line of
the game's seed: which pile a convert, a corpse or a withdrawn Devotee goes to; what a
Frenzy action, a Refill or a Rogation counts (your own Devotee, your field, unless you
discarded); when a power acts (the Gate's roll straight away, the Duel when the trick ends,
a trump cancelling delayed powers); where a card comes from (the opponent's hand, your own
deck, your display); who keeps what (nobody keeps a Henchman the Cops remove, a helper does
not discard the card lent); what a colour or a die names (the Ruling Realm, trumps). Seven
were caught by the checks as they were, by the typed-word lint or by an `allow` the edit
left matching nothing, and none of the seven named a source line. Each sentence now renders
its rule word from a `rule` fact whose `says` holds the words around it, with the seed line
it rests on, so all thirty-two are caught, naming the fact, its source line, the sentence
the fact states and the one the edited template says instead.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import GAMES
from helpers_edits import games_copy
from test_rules_edits_reviewer import Edit, _q, assert_caught

pytestmark = pytest.mark.needs_seeds

AOC, AOT, AE, ATM, VX = GAMES
OURS = (AE, ATM, VX)

EDITS = [
    Edit(
        "vx-fear-converts-to-the-discard-pile",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "those taken by fear go to your **{{ fearful }}** pile",
        "those taken by fear go to your **discard** pile",
        "a Devotee converted by Fire goes to the Fearful pile",
        70,
        _q("those taken by fear go to your Fearful pile"),
        "go to your discard pile",
    ),
    Edit(
        "vx-the-dead-to-the-fearful-pile",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "The dead fall into **{{ vortex }}**.",
        "The dead fall into your **Fearful pile**.",
        "a killed Devotee goes to the Vortex",
        72,
        _q("The dead fall into the Vortex"),
        "fall into your fearful pile",
    ),
    Edit(
        "vx-revealed-frenzies-go-to-the-vortex",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "{{ frenzies }} {{ stay }} and count straight away.",
        "{{ frenzies }} go to the Vortex and do not count.",
        "Frenzies revealed in a Crusade stay in play",
        66,
        _q("stay in play and count straight away"),
        "go to the vortex and do not count",
    ),
    Edit(
        "vx-withdrawn-to-the-vortex",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "with anything beside them, to {{ pile }};",
        "with anything beside them, to the Vortex;",
        "Devotees withdrawn at the field limit go to the discard pile",
        78,
        _q("with anything beside them, to the discard pile"),
        "to the vortex",
    ),
    Edit(
        "vx-a-discarding-player-draws-half",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "but then you draw {{ nothing }} this round.",
        "but then you draw only half as many this round.",
        "a player who discards at Refill draws nothing that round",
        84,
        _q("but then you draw nothing this round"),
        "draw only half as many this round",
    ),
    Edit(
        "vx-the-round-turns-a-draw-pile-card",
        VX,
        f"layouts/{VX}/rulebook.md.j2",
        "Turn up the next card of {{ deck }}.",
        "Turn up the next card of your draw pile.",
        "each round turns up a card of the Vortex deck",
        38,
        _q("Turn up the next card of the Vortex deck"),
        "next card of your draw pile",
    ),
    Edit(
        "vx-quickref-refill-unless-you-crusaded",
        VX,
        f"layouts/{VX}/quickref/round.md.j2",
        "unless you {{ discarded }}.",
        "unless you crusaded.",
        "Refill draws back up unless the player discarded",
        84,
        _q("unless you discarded"),
        "unless you crusaded",
    ),
    Edit(
        "vx-quickref-frenzy-beside-a-rivals-devotee",
        VX,
        f"layouts/{VX}/quickref/round.md.j2",
        "lay, swap or discard a card beside {{ devotee }}.",
        "lay, swap or discard a card beside a rival's Devotee.",
        "a Frenzy action is taken on a Devotee of your own field",
        56,
        _q("lay, swap or discard a card beside a Devotee"),
        "beside a rival",
    ),
    Edit(
        "vx-quickref-rogations-if-your-hand-qualifies",
        VX,
        f"layouts/{VX}/quickref/round.md.j2",
        "a round, if your {{ field }} qualifies.",
        "a round, if your hand qualifies.",
        "what a Rogation asks for is counted in the player's field",
        48,
        _q("if your field qualifies"),
        "if your hand qualifies",
    ),
    Edit(
        "atm-the-first-lead-a-ruling-realm-card",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "trick with {{ any }} at all.",
        "trick with a Ruling Realm card.",
        "the first trick may be led with any card",
        45,
        _q("trick with any card at all"),
        "trick with a ruling realm card",
    ),
    Edit(
        "atm-the-gatekeeper-answered-by-the-leading-realm",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "answer with a {{ ruling }} Realm card if they have one.",
        "answer with a Leading Realm card if they have one.",
        "a led Gatekeeper is answered with a Ruling Realm card",
        75,
        _q("answer with a Ruling Realm card if they have one"),
        "answer with a leading realm card",
    ),
    Edit(
        "atm-a-trump-leaves-delayed-powers-working",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "every delayed power already in the trick is {{ cancelled }}.",
        "every delayed power already in the trick still acts.",
        "a trump cancels the delayed powers already in the trick",
        85,
        _q("every delayed power already in the trick is cancelled"),
        "in the trick still acts",
    ),
    Edit(
        "atm-a-trumping-actions-power-still-works",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "its power is {{ ignored }},",
        "its power still works,",
        "an Action card played as a trump has no power",
        89,
        _q("counts only by its rank: its power is ignored"),
        "its power still works",
    ),
    Edit(
        "atm-the-gate-rolled-at-the-end-of-the-trick",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "rolls the {{ symbol }} {{ now }}.",
        "rolls the {{ symbol }} when the trick ends.",
        "the Gate's Symbol Die is rolled as soon as the card is played",
        97,
        _q("rolls the Symbol Die straight away"),
        "when the trick ends",
    ),
    Edit(
        "atm-the-soul-ranger-draws-from-the-deck",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "from that opponent's {{ hand }}.",
        "from the deck.",
        "the Soul Ranger takes a card from the chosen opponent's hand",
        109,
        "from that opponent's hand",
        "card … from the deck",
    ),
    Edit(
        "atm-the-ruling-die-gives-the-leading-realm",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "The colour that comes up is the **{{ ruling }} Realm**.",
        "The colour that comes up is the **Leading Realm**.",
        "the Ruling Die's colour is the Ruling Realm",
        29,
        _q("comes up is the Ruling Realm"),
        "comes up is the leading realm",
    ),
    Edit(
        "atm-the-duel-acts-when-played",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "{{ when }}, the player holding the best card",
        "As soon as it is played, the player holding the best card",
        "The Duel acts when the trick ends",
        93,
        _q("When the trick ends, the player holding the best card"),
        "as soon as it is played",
    ),
    Edit(
        "atm-fear-beats-its-harbinger-only-when-led",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "{{ whether }} they were played in the Leading Realm or as trumps.",
        "but only when they were played in the Leading Realm.",
        "a Fear beats its Harbinger whether they were played in the Leading Realm or as trumps",
        115,
        _q("whether they were played in the Leading Realm or as trumps"),
        "but only when they were played",
    ),
    Edit(
        "atm-a-key-claimed-is-looked-at",
        ATM,
        f"layouts/{ATM}/rulebook.md.j2",
        "claims one of the {{ keys }} {{ key_cards }}, {{ unseen }}.",
        "claims one of the {{ keys }} {{ key_cards }} and looks at it.",
        "a Key card is claimed without being looked at",
        59,
        _q("Key cards, without looking at it"),
        "and looks at it",
    ),
    Edit(
        "atm-quickref-the-ruling-die-for-the-lead",
        ATM,
        f"layouts/{ATM}/quickref/dice.md.j2",
        "Roll the {{ die }} for {{ trumps }}.",
        "Roll the {{ die }} for the Leading Realm.",
        "the Ruling Die is rolled for the trump colour",
        29,
        _q("Roll the Ruling Die for trumps"),
        "for the leading realm",
    ),
    Edit(
        "ae-the-supply-dealt-among-the-players",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "Sort the {{ hero_cards }} and the {{ equipment_cards }} {{ sorted }} into piles everyone",
        "Deal the {{ hero_cards }} and the {{ equipment_cards }} among the players, not into piles everyone",
        "the Hero and Equipment cards are sorted by type into the supply's piles",
        22,
        _q("Sort the Hero cards and the Equipment cards by type into piles everyone"),
        "among the players",
    ),
    Edit(
        "ae-the-spare-alter-egos-put-away",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "Sort the remaining {{ ego_cards }} by type into piles {{ beside }} the {{ hero_cards }}.",
        "Put the remaining {{ ego_cards }} away; they are not used.",
        "the Alter Ego cards not given out are sorted beside the Hero cards",
        23,
        _q("Sort the remaining Alter Ego cards by type into piles beside the Hero cards"),
        "put the remaining … away",
    ),
    Edit(
        "ae-cops-let-you-keep-the-henchman",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "and {{ nobody }} keeps the Henchman.",
        "and you keep the Henchman.",
        "nobody keeps a Henchman the Cops remove",
        34,
        _q("nobody keeps the Henchman"),
        "and you keep the henchman",
    ),
    Edit(
        "ae-family-draws-from-the-henchmen-deck",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "Draw {{ cards }} from {{ deck }} for each",
        "Draw {{ cards }} from the Henchmen deck for each",
        "the Family cards draw from the player's own deck",
        37,
        _q("from your deck for each"),
        "from the henchmen deck",
    ),
    Edit(
        "ae-threat-token-on-a-villain-of-your-choice",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "token on the {{ matching }} Arch Villain for each.",
        "token on the Arch Villain of your choice for each.",
        "a defeated Henchman's gang icon puts a token on its own gang's Arch Villain",
        50,
        _q("on the matching Arch Villain for each"),
        "arch villain of your choice",
    ),
    Edit(
        "ae-villains-return-civilians-to-their-pools",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "removing their tokens {{ removing }}",
        "returning their tokens to their pools",
        "the civilians an Arch Villain kills are removed from the game",
        50,
        _q("removing their tokens from the game"),
        "returning their tokens to their pools",
    ),
    Edit(
        "ae-an-empty-deck-stops-the-draw",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "{{ reshuffle }} whenever your deck runs out.",
        "When your deck runs out, stop drawing.",
        "a deck that runs out is made again from the discard pile",
        56,
        _q("Shuffle your discard pile whenever your deck runs out"),
        "stop drawing",
    ),
    Edit(
        "ae-rescue-with-hero-cards-from-hand",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "Spend {{ hero_cards }} from your {{ display }} to free hostages",
        "Spend {{ hero_cards }} from your hand to free hostages",
        "the Hero cards spent to rescue come from the display",
        45,
        _q("from your display to free hostages"),
        "from your hand to free hostages",
    ),
    Edit(
        "ae-old-victories-use-henchmen-in-play",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "the matching Hero icons on your {{ defeated }} {{ henchmen }}.",
        "the matching Hero icons on the {{ henchmen }} in play.",
        "old victories use the Hero icons of Henchmen already defeated",
        46,
        _q("Hero icons on your defeated Henchmen"),
        "in play",
    ),
    Edit(
        "ae-civilian-tokens-dealt-to-players",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "Make a {{ pool }} of each kind of civilian token,",
        "Give each player one of each kind of civilian token,",
        "each kind of civilian token makes a pool of its own",
        25,
        _q("Make a pool of each kind of civilian token"),
        "give each player one of each kind",
    ),
    Edit(
        "ae-a-dry-henchmen-deck-loses",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "as soon as {{ pool }} runs dry.",
        "as soon as the Henchmen deck runs dry.",
        "the villains win when a civilian must be taken from an empty pool",
        65,
        _q("as soon as a civilian pool runs dry"),
        "the henchmen deck runs dry",
    ),
    Edit(
        "ae-helper-discards-the-lent-card",
        AE,
        f"layouts/{AE}/rulebook.md.j2",
        "they {{ keep }} it.",
        "they then put it in their discard pile.",
        "a Hero card lent to another player is not discarded",
        47,
        _q("they do not discard it"),
        "they then put it in their discard pile",
    ),
]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return games_copy(tmp_path_factory.mktemp("round9a-edits"), OURS)


@pytest.mark.parametrize("e", EDITS, ids=[e.id for e in EDITS])
def test_a_ninth_round_edit_fails_naming_the_fact_its_source_line_and_both_values(
    project: Path, e: Edit, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_caught(project, e, monkeypatch)


def test_the_ninth_round_spreads_over_its_three_games_and_their_quick_references() -> None:
    assert {e.game for e in EDITS} == set(OURS)
    assert any("/quickref/" in e.file for e in EDITS if e.game == VX)
    assert any("/quickref/" in e.file for e in EDITS if e.game == ATM)
