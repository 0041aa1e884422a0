/* Shows each move on the table: cards fly, melds light up, moments get a banner.
 *
 * A render moves cards between regions (ui/dom.js patches each region to
 * its new tree), so a move is shown in two halves around the render: capture(steps) records where the cards leave
 * from while the old elements still stand; play(ms) then flies a card
 * element (position: fixed, Web Animations API) from each recorded rect to
 * its target's new rect, lights the target and shows banners. Steps come
 * from ui/core/motion_steps.py; a place is a list of CSS selectors, the first one shown
 * on the page wins. play(0) shows nothing at all (instant speed); under
 * prefers-reduced-motion the marks and banners appear still, with no
 * animation, and play still takes its time so the bots stay readable.
 * Figures for tests: <html data-motion-plays> (moves shown), data-motion-done
 * (moves whose play has ended), data-motion-steps, data-motion-flyers (cards
 * sent flying), data-motion-landed (cards landed). Sound (Web Audio) and
 * vibration are cue(name).
 */
(() => {
  "use strict";
  const root = document.documentElement;
  const reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  let pending = [];  // [step, source rect or null]

  function bump(key, by) {
    root.dataset[key] = String((Number(root.dataset[key]) || 0) + by);
  }

  function shown(selectors) {
    for (const selector of selectors || []) {
      let element = null;
      try {
        element = document.querySelector(selector);
      } catch (error) {
        continue;  // a selector this browser refuses: try the next
      }
      if (!element) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0) return { element, rect };
    }
    return null;
  }

  function layer() {
    let el = document.getElementById("motion-layer");
    if (!el) {
      el = document.createElement("div");
      el.id = "motion-layer";
      el.setAttribute("aria-hidden", "true");
      document.body.appendChild(el);
    }
    return el;
  }

  function capture(json) {
    pending = JSON.parse(json).map((step) => {
      const from = step.fly ? shown(step.fly) : null;
      return [step, from && from.rect];
    });
  }

  function center(rect) {
    return [rect.left + rect.width / 2, rect.top + rect.height / 2];
  }

  // Every rect is read before any element is added, so the page lays out once.
  function fly(step, from, to, ms, delay) {
    if (!to || !from) return null;
    const card = document.createElement("div");
    card.className = "flyer" + (step.card ? " face" : " back");
    card.textContent = step.card || "";
    if (step.n > 1) {
      const badge = document.createElement("span");
      badge.className = "flyer-n";
      badge.textContent = "×" + step.n;
      card.appendChild(badge);
    }
    const [x0, y0] = center(from);
    const [x1, y1] = center(to.rect);
    card.style.left = x0 + "px";
    card.style.top = y0 + "px";
    layer().appendChild(card);
    bump("motionFlyers", 1);
    const animation = card.animate(
      [{ transform: "translate(-50%, -50%) scale(1)", opacity: 1 },
       { transform: `translate(calc(${x1 - x0}px - 50%), calc(${y1 - y0}px - 50%)) scale(0.8)`, opacity: 0.9 }],
      { duration: ms, delay, easing: "cubic-bezier(.3,.7,.3,1)", fill: "both" });
    return animation.finished.catch(() => {}).then(() => {
      card.remove();
      bump("motionLanded", 1);
    });
  }

  // The target pulses (transform: the compositor animates it) inside an outline.
  function mark(target, still, ms, delay) {
    if (!target) return;
    const element = target.element;
    element.classList.add("motion-mark");
    if (still) {  // no pulse: the outline alone, for as long as a banner stays
      setTimeout(() => element.classList.remove("motion-mark"), Math.max(2 * ms, 900));
      return;
    }
    const animation = element.animate(
      [{ transform: "scale(1)" }, { transform: "scale(1.12)" }, { transform: "scale(1)" }],
      { duration: Math.max(ms, 300), delay, easing: "ease-in-out" });
    animation.finished.catch(() => {}).then(() => element.classList.remove("motion-mark"));
  }

  // A banner never covers these, nor the box of the seat that acted (step.keep).
  const KEEP_CLEAR = ["#hand", "#actions", "#status", "#message", "#recap", "#scores"];

  function visibleRects(selectors) {
    const out = [];
    for (const selector of selectors) {
      const found = shown([selector]);
      if (found) out.push(found.rect);
    }
    return out;
  }

  function overlaps(a, b) {
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }

  // The banner's centre nearest its anchor where a w x h box covers none of
  // ``blocked`` and stays on screen: the anchor's height, else just above or
  // below one of the boxes kept clear; the top of the screen if none is free.
  function spot(anchor, w, h, blocked) {
    const [cx, cy] = anchor ? center(anchor.rect) : [innerWidth / 2, innerHeight / 3];
    const x = Math.min(Math.max(cx, w / 2 + 4), innerWidth - w / 2 - 4);
    const ys = [cy];
    for (const b of blocked) ys.push(b.top - h / 2 - 4, b.bottom + h / 2 + 4);
    const free = ys.filter((y) => y >= h / 2 + 4 && y <= innerHeight - h / 2 - 4).filter((y) => {
      const box = { left: x - w / 2, right: x + w / 2, top: y - h / 2, bottom: y + h / 2 };
      return !blocked.some((b) => overlaps(box, b));
    });
    free.sort((a, b) => Math.abs(a - cy) - Math.abs(b - cy));
    return [x, free.length ? free[0] : h / 2 + 4];
  }

  function banner(step, target, still, ms, delay, blocked) {
    const box = document.createElement("div");
    box.className = "motion-banner tone-" + (step.tone || "info");
    box.setAttribute("role", "status");
    box.textContent = step.banner;
    box.style.visibility = "hidden";
    layer().appendChild(box);
    const w = box.offsetWidth;
    const h = box.offsetHeight;
    const [x, y] = spot(target, w, h, blocked.concat(visibleRects(step.keep || [])));
    box.style.left = x + "px";
    box.style.top = y + "px";
    box.style.visibility = "";
    // the next banner of this move keeps clear of this one too
    blocked.push({ left: x - w / 2, right: x + w / 2, top: y - h / 2, bottom: y + h / 2 });
    const hold = Math.max(2 * ms, 900);
    if (still) {
      setTimeout(() => box.remove(), hold);
      return;
    }
    box.animate(
      [{ opacity: 0, transform: "translate(-50%, -30%) scale(.9)" },
       { opacity: 1, transform: "translate(-50%, -50%) scale(1)", offset: 0.15 },
       { opacity: 1, transform: "translate(-50%, -50%) scale(1)", offset: 0.8 },
       { opacity: 0, transform: "translate(-50%, -60%) scale(1)" }],
      { duration: hold, delay, fill: "both" }).finished.catch(() => {}).then(() => box.remove());
  }

  // Runs after the render; resolves once every flyer has landed and the
  // pace's time has passed (banners may linger).
  function play(ms) {
    const steps = pending;
    pending = [];
    if (!ms || !steps.length) return Promise.resolve();
    const still = Boolean(reduced && reduced.matches);
    bump("motionPlays", 1);
    bump("motionSteps", steps.length);
    const placed = steps.map(([step, from]) => [
      step,
      step.fly && !from ? (shown(step.fly) || {}).rect : from,
      shown(step.to || step.mark || step.at),
    ]);
    const gap = Math.round(ms / 4);
    const landed = [];
    const blocked = visibleRects(KEEP_CLEAR);
    let delay = 0;
    let lastFly = -ms;  // a mark lights its target as the card before it lands
    for (const [step, from, target] of placed) {
      if (step.fly && !still) {
        landed.push(fly(step, from, target, ms, delay));
        lastFly = delay;
        delay += gap;
      } else if (step.mark) {
        mark(target, still, ms, lastFly + ms);
      } else if (step.banner) {
        banner(step, target, still, ms, delay, blocked);
      }
    }
    const paced = new Promise((done) => setTimeout(done, still ? ms : delay + ms));
    // a background tab may hold animations back: the bots never wait past the pace by much
    const cap = new Promise((done) => setTimeout(done, delay + 3 * ms + 1000));
    return Promise.race([Promise.all(landed.filter(Boolean).concat([paced])), cap])
      .then(() => bump("motionDone", 1));
  }

  // -- sound and vibration ---------------------------------------------------
  const TONES = {  // [frequency Hz, start s, length s]
    turn: [[660, 0, 0.12], [880, 0.13, 0.16]],
    canasta: [[523, 0, 0.12], [659, 0.11, 0.12], [784, 0.22, 0.25]],
    out: [[784, 0, 0.14], [659, 0.14, 0.14], [523, 0.28, 0.14], [1047, 0.42, 0.35]],
  };
  const BUZZ = { turn: [40], canasta: [60, 40, 60], out: [100, 50, 100, 50, 200] };
  let audio = null;

  function cue(name, sound, vibrate) {
    if (sound && TONES[name]) {
      try {
        audio = audio || new (window.AudioContext || window.webkitAudioContext)();
        if (audio.state === "suspended") audio.resume();
        const now = audio.currentTime + 0.02;
        for (const [freq, start, length] of TONES[name]) {
          const osc = audio.createOscillator();
          const gain = audio.createGain();
          osc.type = "triangle";
          osc.frequency.value = freq;
          gain.gain.setValueAtTime(0.0001, now + start);
          gain.gain.exponentialRampToValueAtTime(0.2, now + start + 0.02);
          gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
          osc.connect(gain).connect(audio.destination);
          osc.start(now + start);
          osc.stop(now + start + length + 0.02);
        }
        bump("motionSounds", 1);
      } catch (error) { /* no audio here: the cue stays silent */ }
    }
    if (vibrate && BUZZ[name] && navigator.vibrate) navigator.vibrate(BUZZ[name]);
  }

  window.TriplePlayMotion = { capture, play, cue };
})();
