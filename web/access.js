// Playing by ear and by keys: what a screen reader gets of a game drawn into a canvas (which is hidden from
// it). The game (Python, through platform.window) calls:
//   hearts.announce(text, priority)  say a sentence: "polite" after what is being said, "assertive" at once
//   hearts.mirror(json)              keep the hidden mirror of the hand, the table's buttons and the open
//                                    dialog in step with the game (the schema is hearts.page.Mirror's)
//   hearts.takePresses()             the presses made on the mirror since the last call, as JSON
//   hearts.keysForGame()             whether the keyboard is the game's (not while a control of the page
//                                    has the focus: the game ignores its single-key shortcuts then)
// and hearts.spoken lists the last sentences said ({text, priority}), for the curious and for tests.
"use strict";

(function () {
    const hearts = window.hearts;
    if (!hearts) {
        return;
    }

    // ------------------------------------------------------------------------------------------ speech

    const REPEAT_MS = 700;  // the same sentence again within this is dropped (VoiceOver says some twice)
    const KEPT = 50;
    const URGENCY = { polite: 0, assertive: 1 };
    const pending = { polite: null, assertive: null };
    let frame = 0;
    let last = { text: "", priority: "polite", at: -Infinity };

    hearts.spoken = [];

    // Only the last sentence of an animation frame is said, per priority: a burst of events reads as the
    // newest one, and an urgent sentence never gives way to a polite one.
    hearts.announce = function (text, priority) {
        const urgency = priority === "assertive" ? "assertive" : "polite";
        const sentence = typeof text === "string" ? text.trim() : "";
        if (!sentence) {
            return;
        }
        const now = performance.now();
        if (sentence === last.text && now - last.at < REPEAT_MS && URGENCY[urgency] <= URGENCY[last.priority]) {
            return;
        }
        if (urgency === "assertive" && pending.polite === sentence) {
            pending.polite = null;  // said once, urgently
        }
        last = { text: sentence, priority: urgency, at: now };
        pending[urgency] = sentence;
        if (!frame) {
            frame = requestAnimationFrame(speak);
        }
    };

    function speak() {
        frame = 0;
        for (const priority of ["assertive", "polite"]) {  // the urgent one first: the polite one waits
            const sentence = pending[priority];
            pending[priority] = null;
            if (sentence !== null) {
                say(sentence, priority);
            }
        }
    }

    function say(sentence, priority) {
        if (!notify(sentence, priority)) {
            const region = document.getElementById(priority === "assertive" ? "say-assertive" : "say-polite");
            if (!region) {
                return;
            }
            // A fresh element each time, so that the same sentence twice is a change, and said again.
            const line = document.createElement("p");
            line.textContent = sentence;
            region.replaceChildren(line);
        }
        hearts.spoken.push({ text: sentence, priority });
        if (hearts.spoken.length > KEPT) {
            hearts.spoken.splice(0, hearts.spoken.length - KEPT);
        }
    }

    // The browser's own announcement call, where it has one (looked for each time, never assumed); the
    // live regions otherwise.
    function notify(sentence, priority) {
        const target = typeof document.ariaNotify === "function" ? document
            : document.body && typeof document.body.ariaNotify === "function" ? document.body
            : null;
        if (!target) {
            return false;
        }
        try {
            target.ariaNotify(sentence, { priority: priority === "assertive" ? "high" : "normal" });
            return true;
        } catch (error) {
            console.warn("Hearts: ariaNotify refused:", error);
            return false;
        }
    }

    // ------------------------------------------------------------------------------------------ mirror

    // The mirror is built once, then changed as little as each call needs (nodes are kept by id), so a
    // screen reader never loses its place in it.
    const root = document.getElementById("mirror");
    if (!root) {
        hearts.mirror = () => {};
        hearts.takePresses = () => "[]";
        hearts.keysForGame = () => true;
        return;
    }
    const hand = element("div", { id: "mirror-hand", hidden: "" });
    const reasons = element("div", { id: "mirror-reasons", hidden: "" });
    const buttons = element("div", { id: "mirror-buttons", role: "group", "aria-label": "Table", hidden: "" });
    const dialog = element("div", { id: "mirror-dialog", role: "dialog", "aria-labelledby": "mirror-dialog-title",
        tabindex: "-1", hidden: "" });
    const title = element("h2", { id: "mirror-dialog-title" });
    // What the dialog says (the game log, a page of rules), a list a screen reader reads item by item.
    const lines = element("ul", { id: "mirror-lines", "aria-label": "Text", hidden: "" });
    const choices = element("div", { id: "mirror-choices" });
    dialog.append(title, lines, choices);
    root.replaceChildren(hand, buttons, dialog, reasons);

    const coarse = window.matchMedia ? window.matchMedia("(pointer: coarse)") : null;
    let shown = { hand: null, buttons: [], dialog: null };
    let lastJson = null;
    let handMode = null;  // "list" (a listbox of options) or "buttons" (a group of buttons), as built
    let presses = [];

    hearts.mirror = function (json) {
        if (typeof json !== "string" || json === lastJson) {
            return;
        }
        let state;
        try {
            state = JSON.parse(json);
        } catch (error) {
            console.warn("Hearts: a mirror that is not JSON:", error);
            return;
        }
        lastJson = json;
        show(state || {});
    };

    // A touch screen's primary pointer (where VoiceOver and TalkBack users double-tap) gets buttons for
    // cards; a mouse gets a listbox, which a keyboard and a desktop screen reader know best.
    function wantedMode() {
        return coarse && coarse.matches ? "buttons" : "list";
    }
    if (coarse && coarse.addEventListener) {
        coarse.addEventListener("change", () => show(shown));
    }

    function show(state) {
        const before = dialog.hidden ? null : title.textContent;
        const previous = shown;
        shown = {
            hand: state.hand && typeof state.hand === "object" ? state.hand : null,
            buttons: Array.isArray(state.buttons) ? state.buttons : [],
            dialog: state.dialog && typeof state.dialog === "object" ? state.dialog : null,
        };
        showHand(shown.hand);
        showButtons(shown.buttons);
        showDialog(shown.dialog);
        settleFocus(before, previous.dialog && previous.dialog.active);
    }

    function showHand(state) {
        if (!state) {
            reveal(hand, false);
            keyed(hand, [], () => null, () => {});
            keyed(reasons, [], () => null, () => {});
            set(hand, "aria-activedescendant", null);
            return;
        }
        const mode = wantedMode();
        if (mode !== handMode) {
            hand.replaceChildren();  // options and buttons are different elements
            handMode = mode;
        }
        const list = mode === "list";
        const multi = Boolean(state.multi);
        set(hand, "role", list ? "listbox" : "group");
        set(hand, "tabindex", list ? "0" : null);
        set(hand, "aria-multiselectable", list && multi ? "true" : null);
        set(hand, "aria-label", String(state.label || "Your hand"));
        const cards = (Array.isArray(state.cards) ? state.cards : []).filter((card) => card && card.id != null);
        keyed(reasons, cards.filter((card) => card.why), (card) => element("span", { id: idFor("why", card.id) }),
            (node, card) => text(node, String(card.why)));
        keyed(hand, cards, (card) => list
            ? element("div", { role: "option", id: idFor("card", card.id), "data-kind": "card" })
            : element("button", { type: "button", id: idFor("card", card.id), "data-kind": "card" }),
        (node, card) => {
            text(node, String(card.name || card.id));
            set(node, "aria-disabled", card.playable === false ? "true" : null);
            set(node, "aria-describedby", card.why ? idFor("why", card.id) : null);
            const chosen = card.chosen ? "true" : "false";
            // Chosen for the pass (each card says whether), or lifted to play (only that one says so).
            const marked = multi ? chosen : card.chosen ? "true" : null;
            set(node, "aria-selected", list ? marked : null);
            set(node, "aria-pressed", !list ? marked : null);
            place(node, card.rect);
        });
        const active = list && state.active != null ? document.getElementById(idFor("card", state.active)) : null;
        set(hand, "aria-activedescendant", active && hand.contains(active) ? active.id : null);
        reveal(hand, true);
    }

    function showButtons(list) {
        const items = list.filter((button) => button && button.id != null);
        keyed(buttons, items, (button) => element("button", { type: "button", id: idFor("button", button.id),
            "data-kind": "button" }),
            (node, button) => {
                text(node, String(button.label || button.id));
                set(node, "aria-disabled", button.enabled === false ? "true" : null);
                place(node, button.rect);
            });
        reveal(buttons, items.length > 0);
    }

    function showDialog(state) {
        if (!state) {
            reveal(dialog, false);
            keyed(choices, [], () => null, () => {});
            keyed(lines, [], () => null, () => {});
            text(title, "");
            return;
        }
        text(title, String(state.title || ""));
        const said = (Array.isArray(state.lines) ? state.lines : []).map((line, index) => ({ id: index, line }));
        keyed(lines, said, () => element("li", {}), (node, item) => text(node, String(item.line)));
        reveal(lines, said.length > 0);
        const items = (Array.isArray(state.choices) ? state.choices : [])
            .filter((choice) => choice && choice.id != null);
        keyed(choices, items, (choice) => element("button", { type: "button", id: idFor("choice", choice.id),
            "data-kind": "choice" }),
            (node, choice) => {
                text(node, String(choice.label || choice.id));
                place(node, choice.rect);
            });
        reveal(dialog, true);
    }

    // The keyboard focus follows the game's where it is the game's (not in a control of the page): to a
    // dialog as it opens and to its active choice as that moves, to the hand when nothing has it.
    function settleFocus(titleBefore, activeBefore) {
        if (!hearts.keysForGame()) {
            return;
        }
        const here = document.activeElement;
        const idle = !here || here === document.body || here === document.getElementById("canvas")
            || (root.contains(here) && here.closest("[hidden]") !== null);
        if (!dialog.hidden) {
            const opened = titleBefore === null || titleBefore !== title.textContent;
            const moved = dialog.contains(here) && shown.dialog.active !== activeBefore;
            if (opened || moved || idle) {
                const target = dialogTarget();
                if (target) {
                    target.focus({ preventScroll: true });
                }
            }
        } else if (idle) {
            focusHand();
        }
    }

    function chosenChoice() {
        const active = shown.dialog && shown.dialog.active;
        return (active != null && keyOf(choices, active)) || choices.firstElementChild;
    }

    // Where the focus goes in the dialog: its active choice; on a screen whose Enter and Space are its own
    // while no choice is active (How to play scrolls, a review plays from the step on show), the dialog
    // itself, so those keys reach the game rather than click a button of the mirror (Back).
    function dialogTarget() {
        const state = shown.dialog;
        if (state && state.ownKeys === true && state.active == null) {
            return dialog;
        }
        return chosenChoice();
    }

    function focusHand() {
        if (!hand.hidden && handMode === "list") {
            hand.focus({ preventScroll: true });
            return true;
        }
        return false;
    }

    // A focus given to the hidden canvas (a click on the table, the share box closing) goes to the
    // mirror's hand, where a screen reader can read it; the keys reach the game either way.
    const canvas = document.getElementById("canvas");
    if (canvas) {
        canvas.addEventListener("focus", () => {
            if (!dialog.hidden) {
                const target = dialogTarget();
                if (target) {
                    target.focus({ preventScroll: true });
                }
            } else {
                focusHand();
            }
        });
    }

    // ----------------------------------------------------------------------------------------- presses

    // A click on a card, a button or a choice of the mirror (a screen reader's click, a double-tap under
    // VoiceOver or TalkBack, Enter or Space on a focused button) is queued for the game, which takes the
    // queue once a frame. A press on a card that cannot be played is queued too: the game answers with
    // the reason. A press on a disabled button is not.
    root.addEventListener("click", (event) => {
        const node = event.target instanceof Element ? event.target.closest("[data-kind]") : null;
        if (!node || !root.contains(node)) {
            return;
        }
        const kind = node.dataset.kind;
        if (kind === "button" && node.getAttribute("aria-disabled") === "true") {
            return;
        }
        presses.push({ kind, id: node.dataset.key });
    });

    hearts.takePresses = function () {
        const taken = presses;
        presses = [];
        return JSON.stringify(taken);
    };

    // Keys. Under pygbag, SDL listens for keys on the whole window, so the arrows, Enter and Space pressed
    // while the hand's listbox has the focus already reach the game, which moves its own focus and sends
    // back the active card (aria-activedescendant follows it). The listbox therefore acts on no key
    // itself: a second handling would move twice, or play a card twice. A focused <button> of the mirror
    // is different: Enter and Space click it (queued above), so they are kept from the game, whose own
    // focus may be elsewhere.
    for (const type of ["keydown", "keypress", "keyup"]) {
        root.addEventListener(type, (event) => {
            if ((event.key === "Enter" || event.key === " ") && event.target instanceof HTMLButtonElement) {
                event.stopPropagation();
            }
        });
    }

    // The game's single-key shortcuts are off while a control of the page has the focus (WCAG 2.1.4).
    hearts.keysForGame = function () {
        const here = document.activeElement;
        if (!here) {
            return true;
        }
        return !here.closest("#share, #update, #retry");
    };

    // ----------------------------------------------------------------------------------------- helpers

    function element(tag, attributes) {
        const node = document.createElement(tag);
        for (const [name, value] of Object.entries(attributes || {})) {
            node.setAttribute(name, value);
        }
        return node;
    }

    // Where the control is drawn, in the page's CSS pixels ("left,top,width,height"), from its place on the
    // canvas: for touch exploration and for tests that tap what they see.
    function place(node, rect) {
        const canvas = document.getElementById("canvas");
        const box = canvas && Array.isArray(rect) && rect.length === 4 && canvas.width > 0
            ? canvas.getBoundingClientRect() : null;
        if (!box) {
            set(node, "data-rect", null);
            return;
        }
        const sx = box.width / canvas.width;
        const sy = box.height / canvas.height;
        const [x, y, w, h] = rect.map(Number);
        set(node, "data-rect", [box.left + x * sx, box.top + y * sy, w * sx, h * sy]
            .map((value) => Math.round(value * 10) / 10).join(","));
    }

    // An attribute set only when it changes; null removes it.
    function set(node, name, value) {
        if (value === null) {
            if (node.hasAttribute(name)) {
                node.removeAttribute(name);
            }
        } else if (node.getAttribute(name) !== value) {
            node.setAttribute(name, value);
        }
    }

    function reveal(node, flag) {
        if (node.hidden === flag) {
            node.hidden = !flag;
        }
    }

    function text(node, value) {
        if (node.textContent !== value) {
            node.textContent = value;
        }
    }

    // An element id for a game id (card ids are short codes, but any text is made safe).
    function idFor(what, id) {
        return "mirror-" + what + "-" + String(id).replace(/[^A-Za-z0-9_-]/g, (c) => "_" + c.codePointAt(0) + "_");
    }

    function keyOf(container, key) {
        for (const child of container.children) {
            if (child.dataset.key === String(key)) {
                return child;
            }
        }
        return null;
    }

    // The children of ``container`` made to match ``items`` in order: an element kept for each id that
    // stays (moved only if out of place), made for a new one, removed for one that went.
    function keyed(container, items, make, update) {
        const wanted = new Map();
        for (const item of items) {
            const key = String(item.id);
            if (!wanted.has(key)) {
                wanted.set(key, item);
            }
        }
        const existing = new Map();
        for (const child of [...container.children]) {
            if (wanted.has(child.dataset.key)) {
                existing.set(child.dataset.key, child);
            } else {
                child.remove();
            }
        }
        let at = container.firstElementChild;
        for (const [key, item] of wanted) {
            let node = existing.get(key);
            if (!node) {
                node = make(item);
                node.dataset.key = key;
            }
            update(node, item);
            if (node === at) {
                at = at.nextElementSibling;
            } else {
                container.insertBefore(node, at);
            }
        }
    }
})();
