"""The guided first game's coach mark and the offer to learn, as ui.core.html trees.

The coach mark is a small box above the table (never over the hand, the
action bar or the control it names: that control is outlined in place,
see style.css ``[data-coach]``); its words come from the script.
"""

from ui.core.html import button, h

LATER = "Later in the deal… "


def coach(lesson, index, count, step, *, words, left, over):
    """The box for lesson ``index`` (of ``count``) waiting for ``step`` (None: the
    lesson's taps are done and the bots play), ``left`` taps of it to go;
    ``words``: the step's words filled from the table (ui.lesson.lesson.say)."""
    head = h("p", {"class": "lesson-head"}, f"Lesson {index + 1} of {count}: {lesson['title']}")
    if over:
        return [h("div", {"class": "lesson-box done", "id": "lesson-box"},
                  h("div", {"class": "lesson-tools"},
                    button("Play a game", "lesson-skip", id="btn-lesson-done", cls="primary")),
                  h("p", {"class": "lesson-head"}, "Lesson complete"),
                  h("p", {"class": "lesson-say", "id": "lesson-say"},
                    "You played a deal from the first draw to going out. "
                    "Start a game of your own whenever you like."))]
    if step is None:
        say = "Well done. The others play their turns, then the next lesson begins."
    else:
        say = words + (f" ({left} more)" if left > 1 and left < step.get("times", 1) else "")
        if lesson["later"] and index and _first(lesson, step):
            say = LATER + say
    return [h("div", {"class": "lesson-box", "id": "lesson-box"},
              h("div", {"class": "lesson-tools"},  # first: it floats, the words wrap around it
                button("Skip", "lesson-skip", id="btn-lesson-skip", cls="tool",
                       label="Skip the lesson")),
              head, h("p", {"class": "lesson-say", "id": "lesson-say"}, say))]


def _first(lesson, step):
    return lesson["steps"][0] is step


def offer(stored, count):
    """The offer to learn on the new-game and games screens (``stored``: a lesson to resume)."""
    text = ("Learn to play (5 min)" if stored is None
            else f"Continue learning (lesson {stored + 1} of {count})")
    return [h("div", {"class": "lesson-offer", "id": "lesson-offer"},
              h("p", None, "New to Triple Play? A guided deal on the real table shows every move."),
              button(text, "lesson", id="btn-lesson", cls="primary"))]
