/* A first visit's new-game screen, usable while the engine downloads.
 *
 * A first visit (no saved game, no lesson under way, no share link in the
 * address) would otherwise wait 13-15 s on a phone for Python before it can
 * choose anything. Run in <head> before the first paint (written inline
 * into index.html by scripts/build_site.py: no request of its own to hold
 * up a return visit's paint), this marks such a visit <html data-early>;
 * the CSS then shows #early (plain HTML: the presets' titles are written
 * into it by scripts/build_site.py from game.PRESETS) above the boot
 * progress, in place of the skeleton table.
 * The choice is kept in window.TriplePlayEarly = {preset, action} (action
 * "play", "lesson" or null: the preset only; an invitation's page keeps
 * "join" there, its Join's tap: ui/linked reads it); once ready, the controller
 * reads it once (ui/dom.py early_choice) and ui/setup/early.py checks it before
 * anything is acted on. At ready the CSS hides #early (data-app-state).
 */
(() => {
  "use strict";
  // ui/core/saves.py's and ui/lesson/lesson.py's keys: a saved game, a lesson to resume, the lesson done.
  const SAVE = "tp.save.";
  const LESSON = "tp.tutorial";
  const LEARNED = "tp.tutorial.done";
  const WAITING = {
    play: "Starting as soon as the game is loaded…",
    lesson: "The lesson starts as soon as the game is loaded…",
  };

  // An invitation to a game across phones (game/friends/links.py's f1. text,
  // ui/linked): who invites whom, in words, while the engine loads, and Join:
  // a tap is kept as the choice {action: "join"}, and ui/linked joins at ready.
  const INVITE = "#f=f1.";
  const JOINING = "Joining as soon as the game is loaded: then send your answer.";

  async function invitationWords(body) {
    const bytes = Uint8Array.from(atob(body.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"))).text();
    const head = JSON.parse(text.split("\n")[0]);
    if (head.k !== "invite") return null;
    const { n: names, s: seats, r: rules } = head.h;
    const preset = typeof rules === "string" ? rules : rules[0];
    const option = [...document.querySelectorAll("#early-preset option")].find((o) => o.value === preset);
    const host = names.filter((_, i) => seats[i] === 0).join(" and ");
    return `${host} invites you to play ${option ? option.textContent : "a game"} as ${names[head.seat]}.`;
  }

  function showInvitation(body) {
    invitationWords(body).then((words) => {
      if (!words) return;
      const show = () => {
        document.getElementById("early-invite").textContent = words;
        document.documentElement.dataset.early = "invite";
      };
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
      else show();
    }).catch(() => {});  // a damaged link: the page says so once it is ready
  }

  function storedKeys() {
    try {
      const store = window.localStorage;
      return Array.from({ length: store.length }, (_, i) => store.key(i));
    } catch (error) {
      return [];  // storage blocked: nothing to continue
    }
  }

  const keys = storedKeys();
  if (location.hash.startsWith(INVITE)) {
    showInvitation(location.hash.slice(INVITE.length));
    const joining = { preset: null, action: null };
    window.TriplePlayEarly = joining;
    document.addEventListener("click", (event) => {
      if (event.target.id !== "early-join" || document.documentElement.dataset.appState !== "loading") return;
      joining.action = "join";
      event.target.setAttribute("aria-pressed", "true");
      document.getElementById("early-join-wait").textContent = JOINING;
    });
    return;
  }
  if (location.hash || keys.includes(LESSON) || keys.some((key) => key.startsWith(SAVE))) return;
  // "learned": the lesson was played to its end, so no offer to learn (as ui/lesson/tutorial.py).
  document.documentElement.dataset.early = keys.includes(LEARNED) ? "learned" : "1";
  const choice = { preset: null, action: null };
  window.TriplePlayEarly = choice;

  // Delegated from the document, set up before the elements exist: the
  // screen answers as soon as it is parsed, whatever the scripts after it wait for.
  const ACTIONS = new Map([["early-play", "play"], ["early-lesson", "lesson"]]);
  const choose = (event) => {
    const preset = document.getElementById("early-preset");
    const action = ACTIONS.get(event.target.id);
    if (event.target === preset) choice.preset = preset.value;
    if (!action) return;
    choice.preset = preset.value;
    choice.action = action;
    for (const id of ACTIONS.keys()) {
      document.getElementById(id).setAttribute("aria-pressed", String(id === event.target.id));
    }
    document.getElementById("early-wait").textContent = WAITING[action];
  };
  document.addEventListener("click", choose);
  document.addEventListener("change", choose);

  // At ready #early hides and its listeners go; the keyboard's focus moves to
  // the same control of the real screen, where that shows (a game or a lesson
  // started has none).
  const SAME = { "early-preset": "setup-preset", "early-play": "btn-start", "early-lesson": "btn-lesson" };
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.appState === "loading") return;
    observer.disconnect();
    document.removeEventListener("click", choose);
    document.removeEventListener("change", choose);
    const focused = document.activeElement && document.activeElement.id;
    const same = Object.hasOwn(SAME, focused) && document.getElementById(SAME[focused]);
    if (same && same.checkVisibility()) same.focus();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-app-state"] });
})();
