"""README's Python quickstart is run as a doctest, so what it shows is what
the engine does (python-chess keeps its README honest the same way)."""

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def test_readme_python_blocks_run_as_written():
    blocks = PYTHON_BLOCK.findall(README.read_text(encoding="utf-8"))
    assert blocks, "README has no ```python block"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README.md python block {i + 1}", str(README), 0)
        assert test.examples, f"README python block {i + 1} has no >>> example"
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} README examples failed (printed above)"


def test_the_guides_stay_short():
    """README is a player's and a deployer's guide; the architecture fits one sitting."""
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 250
    architecture = README.with_name("docs") / "ARCHITECTURE.md"
    assert len(architecture.read_text(encoding="utf-8").split()) < 1500
