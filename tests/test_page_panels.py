"""The settings room's overlays (ui/settings/panels.py): open, close, focus."""



import pytest

from tests.helpers import (
    run,
    started,
)


@pytest.mark.parametrize("cmd", ["settings", "log"])
def test_a_panel_opens_and_closes_with_its_focus(cmd):
    async def scenario(ctl, page):
        await started(ctl, page)
        ctl.run_command(cmd, None)
        assert "hidden" not in page.attrs[f"{cmd}-panel"] and page.focused == f"btn-{cmd}-close"
        ctl.run_command("dismiss", None)
        assert "hidden" in page.attrs[f"{cmd}-panel"] and page.focused == f"btn-{cmd}"

    run(scenario)
