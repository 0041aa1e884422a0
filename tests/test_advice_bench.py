"""bench/advice.py: generators are run in the page's slices and their
longest unit of work is found."""

import time

from bench import advice as bench


def test_a_generator_runs_in_slices_to_its_value_and_its_longest_unit_is_found():
    def steps():
        for seconds in (0.001, 0.03, 0.001, 0.04):
            time.sleep(seconds)
            yield
        return "done"

    run = bench.sliced(steps())
    assert run.value == "done" and run.yields == 4
    assert run.unit >= 0.04 and run.slice >= 0.04      # sleeping is at least that long
    assert run.wall >= 0.072 and run.unit_cpu < run.unit  # sleeping takes no CPU
