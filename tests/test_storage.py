"""Storage: atomic writes and corrupt files moved aside, never overwritten."""

import pytest

from tutor.model import storage


def test_data_dir_override(tmp_path, monkeypatch):
    monkeypatch.setenv(storage.ENV_DATA_DIR, str(tmp_path / "d"))
    assert storage.data_dir() == tmp_path / "d" and (tmp_path / "d").is_dir()


def test_write_and_read_json(tmp_path):
    path = tmp_path / "save.json"
    assert storage.read_json(path) is None
    storage.write_json(path, {"a": [1, 2]})
    assert storage.read_json(path) == {"a": [1, 2]}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temp file left behind


def test_corrupt_file_is_kept_aside(tmp_path):
    path = tmp_path / "save.json"
    path.write_text("{not json")
    with pytest.raises(storage.Unreadable) as info:
        storage.read_json(path)
    kept = info.value.kept_at
    assert kept is not None and kept.read_text() == "{not json"
    assert not path.exists() and "could not be read" in str(info.value)
