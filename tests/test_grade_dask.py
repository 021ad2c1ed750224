"""`tutor grade --dask ADDRESS`: the same records as --jobs 1, graded on a real Dask cluster."""

from __future__ import annotations

import json
import sys

import pytest

from tutor.cli import grade as grade_command, main
from test_cli import mixed_file  # noqa: F401  (a fixture: good and bad lines of every kind)


def records(capsys, *argv) -> tuple[int, list[dict], str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


@pytest.fixture(scope="module")
def cluster():
    """A LocalCluster of 2 worker processes on 127.0.0.1, started for these tests."""
    distributed = pytest.importorskip(
        "distributed", reason="the dask extra is not installed (pip install 'sudoku-tutor[dask]')")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=":0") as local:
        yield local.scheduler_address


def test_records_on_the_cluster_are_those_of_one_process(capsys, cluster, mixed_file, tmp_path,
                                                         monkeypatch):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path / "data"))
    code_one, one, err_one = records(capsys, "grade", "--json", "--jobs", "1", str(mixed_file))
    code_dask, on_cluster, err_dask = records(capsys, "grade", "--json", "--dask", cluster,
                                              str(mixed_file))
    assert on_cluster == one and len(one) == 6
    assert [r["line"] for r in on_cluster] == sorted(r["line"] for r in on_cluster)
    assert code_dask == code_one == 1  # the file has bad lines
    assert err_dask == err_one  # the bad lines and the summary, alike
    assert "Summary: 6 puzzles graded, 2 valid, 4 invalid" in err_dask


def test_table_and_csv_on_the_cluster(capsys, cluster, mixed_file):
    main(["grade", "--csv", "--jobs", "1", str(mixed_file)])
    one = capsys.readouterr().out
    main(["grade", "--csv", "--dask", cluster, str(mixed_file)])
    assert capsys.readouterr().out == one
    main(["grade", "--jobs", "1", str(mixed_file)])
    table = capsys.readouterr().out
    main(["grade", "--dask", cluster, str(mixed_file)])
    assert capsys.readouterr().out == table


def test_without_the_extra_it_names_the_extra_and_exits_2(capsys, mixed_file, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    code = main(["grade", "--json", "--dask", "tcp://127.0.0.1:8786", str(mixed_file)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "pip install 'sudoku-tutor[dask]'" in err and "Traceback" not in err


def test_an_unreachable_scheduler_is_a_one_line_error(capsys, mixed_file, monkeypatch):
    pytest.importorskip("distributed", reason="the dask extra is not installed")
    monkeypatch.setattr(grade_command, "DASK_CONNECT_TIMEOUT", "2s")
    # Port 9 (discard) on this machine: nothing listens there, so the connection is refused.
    code = main(["grade", "--json", "--dask", "tcp://127.0.0.1:9", str(mixed_file)])
    _, err = capsys.readouterr()
    assert code == 1 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err
