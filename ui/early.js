/* A first visit's new-game screen, usable while the engine downloads.
 *
 * A first visit (no saved game, no lesson under way, no share link in the
 * address) would otherwise wait 13-15 s on a phone for Python before it can
 * choose anything. Run in <head> before the first paint, this marks such a
 * visit <html data-early>; the CSS then shows #early (plain HTML: the
 * presets' titles are written into it by scripts/build_site.py from
 * game.PRESETS) above the boot progress, in place of the skeleton table.
 * The choice is kept in window.TriplePlayEarly = {preset, action} (action
 * "play", "lesson" or null: the preset only); once ready, the controller
 * reads it once (ui/dom.py early_choice) and ui/early.py checks it before
 * anything is acted on. At ready the CSS hides #early (data-app-state).
 */
(() => {
  "use strict";
  // ui/saves.py's and ui/lesson.py's keys: a saved game, a lesson to resume, the lesson done.
  const SAVE = "tp.save.";
  const LESSON = "tp.tutorial";
  const LEARNED = "tp.tutorial.done";
  const WAITING = {
    play: "Starting as soon as the game is loaded…",
    lesson: "The lesson starts as soon as the game is loaded…",
  };

  function storedKeys() {
    try {
      const store = window.localStorage;
      return Array.from({ length: store.length }, (_, i) => store.key(i));
    } catch (error) {
      return [];  // storage blocked: nothing to continue
    }
  }

  const keys = storedKeys();
  if (location.hash || keys.includes(LESSON) || keys.some((key) => key.startsWith(SAVE))) return;
  document.documentElement.dataset.early = "1";
  const choice = { preset: null, action: null };
  window.TriplePlayEarly = choice;

  function wire() {
    const $ = (id) => document.getElementById(id);
    const preset = $("early-preset");
    $("early-offer").hidden = keys.includes(LEARNED);  // as ui/tutorial.py: no offer once learned
    preset.addEventListener("change", () => { choice.preset = preset.value; });
    const buttons = { play: $("early-play"), lesson: $("early-lesson") };
    for (const [action, button] of Object.entries(buttons)) {
      button.addEventListener("click", () => {
        choice.preset = preset.value;
        choice.action = action;
        for (const [other, b] of Object.entries(buttons)) b.setAttribute("aria-pressed", String(other === action));
        $("early-wait").textContent = WAITING[action];
      });
    }
  }
  document.addEventListener("DOMContentLoaded", wire);
})();
