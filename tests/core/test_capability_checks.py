"""A variant has the capabilities it inherits, and no others.

No variant passes for a subclass of another it does not inherit, and so for having the
capabilities that other one has.
"""

from __future__ import annotations

import itertools

from every_variant import everything

from unodice.core.capabilities import CAPABILITIES
from unodice.core.variant import Variant


def variant_classes() -> list[type[Variant]]:
    registry = everything()
    return [registry.variant(name).variant_class for name in sorted(registry.variants())]


def test_each_variant_has_exactly_the_capabilities_it_inherits():
    for cls in variant_classes():
        for capability in CAPABILITIES:
            assert issubclass(cls, capability) == (capability in cls.__mro__), (cls, capability)


def test_no_variant_passes_for_a_subclass_of_another():
    for one, other in itertools.permutations(variant_classes(), 2):
        assert issubclass(one, other) == (other in one.__mro__), (one, other)
