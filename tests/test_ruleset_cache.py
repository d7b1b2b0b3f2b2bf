"""The compiled-ruleset cache (referee/io/rulesets.py, module doc): the same ruleset
as built from its files, used only when its key matches and the file is private,
ignored when damaged."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from referee.io import rulesets
from referee.io.rulesets import _build, cache_key, load_ruleset


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("REFEREE_NO_CACHE", raising=False)
    return tmp_path / "referee"


@pytest.mark.parametrize("name", ["thucidide", "panache", "frederic"])
def test_a_cached_ruleset_is_the_one_built_from_its_files(cache: Path, name: str) -> None:
    first = load_ruleset(name)
    assert (cache / f"ruleset-{name}.pickle").is_file()
    again = load_ruleset(name)
    assert again is not first
    fresh = _build(name)
    assert vars(again).keys() >= vars(fresh).keys()
    for key, value in vars(fresh).items():
        assert getattr(again, key) == value, key
    assert again.allowances == fresh.allowances and again.open_cost == fresh.open_cost


def _blob(payload: bytes, key: str, digest: str | None = None) -> bytes:
    digest = digest or rulesets._sha256(payload).hexdigest()
    return rulesets._MAGIC + key.encode() + b"\n" + digest.encode() + b"\n" + payload


def _pickled(obj: object) -> bytes:
    import copyreg
    import io
    from types import MappingProxyType

    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer)
    pickler.dispatch_table = {**copyreg.dispatch_table,  # type: ignore[assignment,unused-ignore]
                              MappingProxyType: lambda m: (rulesets._proxy, (dict(m),))}
    pickler.dump(obj)
    return buffer.getvalue()


def _plant(path: Path, blob: bytes, mode: int = 0o600) -> None:
    path.write_bytes(blob)
    path.chmod(mode)


class _Evil:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("touch pwned",))


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    names: list[str] = []
    real = rulesets._build

    def counting(name: str, *args: object, **kwargs: object) -> object:
        names.append(name)
        return real(name)

    monkeypatch.setattr(rulesets, "_build", counting)
    return names


def test_a_cache_hit_builds_nothing(cache: Path, built: list[str]) -> None:
    load_ruleset("thucidide")
    load_ruleset("thucidide")
    assert built == ["thucidide"]


def test_damage_or_another_key_is_ignored_and_repaired(cache: Path, built: list[str]) -> None:
    load_ruleset("thucidide")
    path = cache / "ruleset-thucidide.pickle"
    good = path.read_bytes()
    key = cache_key("thucidide")
    panache = _pickled(_build("panache"))
    payload = good[len(rulesets._MAGIC) + 130:]
    # one digit of the payload changed: it still unpickles, to a wrong ruleset
    index = payload.index(b"000 \xc2\xa7")
    flipped = payload[:index] + b"9" + payload[index + 1:]
    bad = [
        b"",                                        # empty
        good[: len(good) // 2],                     # truncated
        b"not a cache at all",                      # another format
        _blob(payload, "0" * 64),                   # another key (stale)
        _blob(flipped, key, rulesets._sha256(payload).hexdigest()),  # damaged payload
        _blob(panache, key),                        # the right key, another ruleset
        _blob(_pickled({"name": "thucidide"}), key),  # not a ruleset
        _blob(b"\x80\x05garbage", key),            # not a pickle
    ]
    for blob in bad:
        built.clear()
        _plant(path, blob)
        ruleset = load_ruleset("thucidide")
        assert ruleset.name == "thucidide" and built == ["thucidide"], blob[:60]
        assert path.read_bytes() == good  # rebuilt and written again
    assert rulesets.read_cache(str(path), key, "thucidide") is not None


def test_a_hostile_cache_runs_no_code(cache: Path, tmp_path: Path, built: list[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    load_ruleset("thucidide")
    path = cache / "ruleset-thucidide.pickle"
    monkeypatch.chdir(tmp_path)
    _plant(path, _blob(_pickled(_Evil()), cache_key("thucidide")))
    built.clear()
    assert load_ruleset("thucidide").name == "thucidide"
    assert not (tmp_path / "pwned").exists() and built == ["thucidide"]


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_cache_others_may_write_is_not_read(cache: Path, built: list[str]) -> None:
    load_ruleset("thucidide")
    path = cache / "ruleset-thucidide.pickle"
    planted = _blob(_pickled(_build("panache")), cache_key("thucidide"))
    for file_mode, dir_mode in ((0o666, 0o700), (0o620, 0o700), (0o600, 0o777)):
        _plant(path, planted, file_mode)
        cache.chmod(dir_mode)
        built.clear()
        assert load_ruleset("thucidide").name == "thucidide"
        assert built == ["thucidide"]
    cache.chmod(0o700)


def test_house_rules_and_no_cache_build_from_the_files(cache: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_NO_CACHE", "1")
    load_ruleset("thucidide")
    assert not cache.exists()
    monkeypatch.delenv("REFEREE_NO_CACHE")
    load_ruleset("thucidide", overrides={"combat": {"multiple_attack_loss": {"value": 0}}})
    assert not (cache / "ruleset-thucidide.pickle").exists()


def test_the_key_follows_the_ruleset_files(cache: Path, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    key = cache_key("thucidide")
    copy = tmp_path / "rulesets"
    copy.mkdir()
    for name in os.listdir(rulesets._root()):
        if name.endswith(".yaml"):
            (copy / name).write_bytes(Path(rulesets._root(), name).read_bytes())
    monkeypatch.setattr(rulesets, "_root", lambda: str(copy))
    assert cache_key("thucidide") == key
    with open(copy / "common-001.yaml", "a", encoding="utf-8") as fh:
        fh.write("\n# an edit\n")
    edited = cache_key("thucidide")
    assert edited != key
    with open(copy / "thucidide.yaml", "a", encoding="utf-8") as fh:
        fh.write("\n# an edit\n")
    assert cache_key("thucidide") not in (key, edited)
    # the code that types a ruleset: a module changed in place changes the key
    module = Path(rulesets.__file__).parent.parent / "core" / "ruleset.py"
    st = module.stat()
    before = cache_key("thucidide")
    try:
        os.utime(module, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
        assert cache_key("thucidide") != before
    finally:
        os.utime(module, ns=(st.st_atime_ns, st.st_mtime_ns))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX pipes and links")
def test_a_pipe_or_a_link_in_its_place_is_not_read(cache: Path, tmp_path: Path,
                                                   built: list[str]) -> None:
    load_ruleset("thucidide")
    path = cache / "ruleset-thucidide.pickle"
    good = path.read_bytes()
    path.unlink()
    os.mkfifo(path, 0o600)  # reading it would wait for a writer forever
    assert rulesets.read_cache(str(path), cache_key("thucidide"), "thucidide") is None
    path.unlink()
    elsewhere = tmp_path / "elsewhere.pickle"
    _plant(elsewhere, good)
    path.symlink_to(elsewhere)
    assert rulesets.read_cache(str(path), cache_key("thucidide"), "thucidide") is None
    built.clear()
    assert load_ruleset("thucidide").name == "thucidide" and built == ["thucidide"]

