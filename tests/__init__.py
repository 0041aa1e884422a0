"""Engine tests. What they share with each other, e2e/ and bench/ is in tests/helpers.py."""

import pytest

# Asserts in the helpers explain a failure as the tests' own do.
pytest.register_assert_rewrite("tests.helpers")
