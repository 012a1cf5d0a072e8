"""The training example of the reinforcement learning page learns to beat random play.

A short, seeded run (a few seconds): every game and every draw of the policy follows from the
seed, so the figures are the same on every run; the full run's figures are on the page.
"""

from __future__ import annotations

import importlib.util

import pytest
from paths import ROOT

SCRIPT = ROOT / "examples" / "rl" / "train_linear.py"


@pytest.mark.slow
@pytest.mark.skipif(not SCRIPT.exists(), reason="the examples folder is not in this tree")
def test_a_linear_policy_with_action_masking_beats_random_play():
    spec = importlib.util.spec_from_file_location("train_linear", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    figures = module.main(["--episodes", "300", "--evaluation", "200", "--seed", "3"])
    assert 0.35 < figures["random"] < 0.65  # random against random: about a half
    assert figures["trained"] > figures["random"] + 0.2
