/* Gestures beyond a button's tap: long press and drag on the hand's chips
 * (pointer events), and dismissing what is open with Escape or a tap beside it.
 *
 * Hold a chip still for HOLD_MS: all cards of its rank are selected. Drag a
 * chip onto one of your melds: its cards join that meld; onto the melds area:
 * they make a new meld (the selection the chip is part of, else its whole
 * rank); onto the discard pile: ONE card of that rank is thrown, never more.
 * Escape, or a tap on a panel's backdrop, closes the settings or log panel;
 * with no panel open, Escape or a tap on no control outside them closes a
 * meld's cards and the other sides' melds. Each gesture sends the same
 * commands as the buttons (a "tp-command" event that ui/dom.py hands to the
 * controller), so the controller still decides.
 */
(() => {
  "use strict";
  const HOLD_MS = 500;   // a press this long without moving selects the whole rank
  const MOVE_PX = 10;    // a press that moves this far becomes a drag

  let press = null;      // {key, x, y, timer, ghost, over}
  let swallowClick = false;

  function send(cmd, arg) {
    document.dispatchEvent(new CustomEvent("tp-command", { detail: { cmd, arg } }));
  }

  // Where a chip dropped at (x, y) goes: [element to light up, command, argument].
  function dropAt(x, y, key) {
    const el = document.elementFromPoint(x, y);
    if (!el) return null;
    const meld = el.closest("#melds button.meld[data-meld]");
    if (meld) return [meld, "drop-meld", key + ":" + meld.dataset.meld];
    const pile = el.closest("#pile-discard");
    if (pile) return [pile, "drop-discard", key];
    const side = el.closest("#melds .side.mine");
    if (side) return [side, "drop-meld", key];
    return null;
  }

  function light(target) {
    const el = target && target[0];
    if (press.over === el) return;
    if (press.over) press.over.classList.remove("drop-over");
    if (el) el.classList.add("drop-over");
    press.over = el;
  }

  function end() {
    if (!press) return;
    clearTimeout(press.timer);
    if (press.ghost) press.ghost.remove();
    if (press.over) press.over.classList.remove("drop-over");
    document.documentElement.removeAttribute("data-dragging");
    press = null;
  }

  document.addEventListener("pointerdown", (event) => {
    swallowClick = false;
    const chip = event.target.closest && event.target.closest("#hand .chip[data-rank]");
    if (!chip || event.button > 0 || chip.disabled) return;
    end();
    const key = chip.dataset.rank;
    press = { key, chip, x: event.clientX, y: event.clientY, ghost: null, over: null };
    press.timer = setTimeout(() => {
      if (!press || press.ghost) return;
      swallowClick = true;  // the click that ends this press must not add a card
      send("pick-all", key);
      if (navigator.vibrate) navigator.vibrate(15);
    }, HOLD_MS);
  });

  document.addEventListener("pointermove", (event) => {
    if (!press) return;
    const dx = event.clientX - press.x, dy = event.clientY - press.y;
    if (!press.ghost) {
      if (dx * dx + dy * dy < MOVE_PX * MOVE_PX) return;
      clearTimeout(press.timer);
      const box = press.chip.getBoundingClientRect();
      const ghost = press.chip.cloneNode(true);
      ghost.removeAttribute("id");
      ghost.className += " drag-ghost";
      ghost.setAttribute("aria-hidden", "true");
      Object.assign(ghost.style, { position: "fixed", left: box.left + "px", top: box.top + "px",
                                   width: box.width + "px", height: box.height + "px",
                                   pointerEvents: "none", zIndex: 1000 });
      document.body.appendChild(ghost);
      press.ghost = ghost;
      document.documentElement.setAttribute("data-dragging", press.key);
    }
    press.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
    light(dropAt(event.clientX, event.clientY, press.key));
  });

  document.addEventListener("pointerup", (event) => {
    if (!press) return;
    if (press.ghost) {
      swallowClick = true;
      const target = dropAt(event.clientX, event.clientY, press.key);
      end();
      if (target) send(target[1], target[2]);
      return;
    }
    end();
  });

  document.addEventListener("pointercancel", end);

  // A finger that starts on a chip drags it instead of scrolling the page.
  document.addEventListener("touchmove", (event) => {
    if (press) event.preventDefault();
  }, { passive: false });

  document.addEventListener("contextmenu", (event) => {
    if (press) event.preventDefault();
  });

  // -- dismissing -------------------------------------------------------------
  const openPanel = () => document.querySelector(".overlay:not([hidden])");
  const openOnTable = () => document.querySelector("#meld-detail, #btn-opponents[aria-expanded=true]");
  // taps on these do their own thing; a tap on anything else beside what is open closes it
  const CONTROLS = "[data-cmd], a, input, select, textarea, label, summary, #meld-detail, .side.theirs";

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented || !(openPanel() || openOnTable())) return;
    event.preventDefault();
    send("dismiss");
  });

  document.addEventListener("click", (event) => {
    const panel = openPanel();
    if (panel ? event.target === panel : openOnTable() && !event.target.closest(CONTROLS)) send("dismiss");
  });

  // The click that follows a long press or a drop is not a tap.
  document.addEventListener("click", (event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);
})();
