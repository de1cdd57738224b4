"""Records in tool output: objects, lists of objects and column-oriented tables become rows."""

from __future__ import annotations

from nofab.evidence.records import RecordFinder, as_number


def test_a_column_table_becomes_one_record_per_row_id() -> None:
    """Columns keyed by the same row ids are turned into rows, each with its names and values."""
    table = {
        "PLAYER_NAME": {"0": "Rudy Gay", "1": "Al Horford"},
        "PTS": {"0": "21", "1": "11"},
        "REB": {"0": "10", "1": "8"},
    }
    records = RecordFinder().find({"box_score": table}, "result")
    rows = [r for r in records if r.names]
    assert [(r.label, r.values) for r in rows] == [
        ("Rudy Gay", {"PTS": "21", "REB": "10"}),
        ("Al Horford", {"PTS": "11", "REB": "8"}),
    ]
    assert rows[0].where == "result.box_score[0]"


def test_objects_in_a_list_are_records_with_guessed_naming_keys() -> None:
    """Without a profile, keys like ``*_id``, ``*number`` and ``name`` that hold text name a record."""
    flights = [
        {"flight_number": "HAT001", "origin": "JFK", "price": 120},
        {"flight_number": "HAT002", "origin": "LAX", "price": 99.5},
    ]
    records = RecordFinder().find({"flights": flights}, "r")
    assert [r.names for r in records if r.names] == [
        (("flight_number", "HAT001"),),
        (("flight_number", "HAT002"),),
    ]
    assert records[-1].number("price") == 99.5


def test_profile_name_fields_replace_the_guess() -> None:
    """With ``name_fields``, only those keys name a record; other text fields are values."""
    (record,) = RecordFinder(["title"]).find({"title": "Dune", "author_name": "Herbert"}, "r")
    assert record.names == (("title", "Dune"),)
    assert record.values == {"author_name": "Herbert"}


def test_a_value_shared_by_most_rows_groups_them_instead_of_naming_them() -> None:
    """In a table, a naming-looking field repeated across rows (a team city) is a value, not a name."""
    rows = [{"player_name": f"P{i} Smith", "team_city": "Boston"} for i in range(5)]
    records = RecordFinder().find(rows, "r")
    assert [r.names[0][0] for r in records] == ["player_name"] * 5
    assert all(r.values["team_city"] == "Boston" for r in records)


def test_a_shared_naming_value_groups_wherever_its_first_naming_row_stands() -> None:
    """Grouping reads a naming key as soon as any row holds a name under it: rows whose value
    there is a number ("team_city": 7) or absent do not hide the city shared by the others
    (in English and in German field names)."""
    for person, place in (("player_name", "team_city"), ("spieler_name", "stadt_name")):
        rows = [{person: "Ada Brook", place: 7}, {person: "Eli Fenn"}]
        rows += [{person: f"P{i} Weber", place: "Köln"} for i in range(4)]
        records = RecordFinder().find(rows, "r")
        assert [r.names[0][0] for r in records] == [person] * 6
        assert [r.values.get(place) for r in records] == ["7", None, "Köln", "Köln", "Köln", "Köln"]


def test_lists_count_and_small_objects_describe_their_parent() -> None:
    """A list's value is its length; a nested object of plain values joins its parent as dotted keys."""
    reservation = {
        "reservation_id": "3FRNFB",
        "passengers": [{"first_name": "Amelia"}, {"first_name": "Ivan"}],
        "prices": {"economy": 120, "business": 400},
    }
    records = RecordFinder().find(reservation, "r")
    parent = records[0]
    assert parent.values["passengers"] == "2"
    assert parent.number("prices.business") == 400
    assert [r.label for r in records[1:]] == ["Amelia", "Ivan"]


def test_numbers_are_read_only_when_plain() -> None:
    """``as_number`` reads plain numbers (with thousands separators) and nothing else."""
    assert (as_number("1,200"), as_number(" 45.5 "), as_number("N/A"), as_number(None)) == (
        1200.0,
        45.5,
        None,
        None,
    )


def test_an_object_of_tables_is_not_a_keyed_table() -> None:
    """Keyed rows are records with fields of their own: an object whose values include a
    nested table (a value holding only objects) is not read as one table of records."""
    from nofab.evidence.records import keyed_rows

    cards = {"card_a": {"id": "card_a", "amount": 198}, "card_b": {"id": "card_b", "amount": 50}}
    assert [key for key, _row in keyed_rows(cards) or []] == ["card_a", "card_b"]
    game = {
        "players": {"NAME": {"0": "Ada", "1": "Cy"}, "PTS": {"0": 31, "1": 17}},
        "home": {"TEAM": "Otters", "PTS": 104},
        "away": {"TEAM": "Herons", "PTS": 97},
    }
    assert keyed_rows(game) is None
