"""A face store the build opened empty (the file a cold build stages its faces in) knows
which faces it holds: asking for one it was never given costs no query. A store opened on
a file that already holds faces asks the file. Counted with SQLite's own statement trace
(`Connection.set_trace_callback`), never timed."""

from __future__ import annotations

from cardstock.layout.facestore import DiskStore
from cardstock.layout.ops import Face, Rect


def face(n: int) -> Face:
    return Face.build(100, 140, 9, "rect", [Rect(0, 0, 10 + n, 10, fill="#112233")])


def traced(store: DiskStore) -> list[str]:
    seen: list[str] = []
    store._db().set_trace_callback(lambda sql: seen.append(sql) if sql.startswith("SELECT data") else None)
    return seen


def test_a_store_opened_empty_answers_for_faces_it_was_never_given_without_a_query(tmp_path):
    store = DiskStore(tmp_path / "faces.sqlite")
    queries = traced(store)
    one, two = face(1), face(2)
    assert store.get("k1") is None and store.by_content(one.key) is None
    assert queries == []  # empty when opened: nothing to ask
    store.put("k1", one)
    assert store.get("k1") == one and store.by_content(one.key) == one
    assert len(queries) == 2  # a face it was given is read back from the file
    assert store.get("k2") is None and store.by_content(two.key) is None
    assert len(queries) == 2
    store.close()

    again = DiskStore(tmp_path / "faces.sqlite")  # a later process: the file holds faces
    queries = traced(again)
    assert again.get("k1") == one
    assert again.get("k2") is None
    assert len(queries) == 2  # every question goes to the file
    again.put("k2", two)
    assert again.get("k2") == two
