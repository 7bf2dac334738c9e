// The site around the game: sharing, files, offline support, updates and lasting storage. The game itself is
// Python.
"use strict";

// Sharing a text (a daily result, a challenge link): the system's share sheet where the browser has one,
// else the clipboard, else a box that shows the text with a Copy button. The game calls hearts.share(text)
// and reads how it went from hearts.shared a frame at a time, so no promise has to cross into Python:
//   null         nothing asked yet
//   "pending"    still under way
//   "shared"     the share sheet took it
//   "cancelled"  the player closed the share sheet (nothing else is tried: that was their answer)
//   "copied"     it is on the clipboard, at once or by the box's Copy button
//   "shown"      the box shows it, the browser having refused to copy it unasked
//   "failed"     nothing to share, or the box could not be shown
// The share sheet and the clipboard both want a recent gesture of the player's. Under pygbag a tap
// reaches the game's Python on the next animation frame, well inside the few seconds Chromium and Firefox
// count as "recent"; a browser stricter than that refuses both, and the box's Copy button, a click of its
// own, is the gesture then.
(function () {
    const hearts = window.hearts;
    if (!hearts) {
        return;
    }
    const box = document.getElementById("share");
    const field = document.getElementById("share-text");
    const note = document.getElementById("share-note");
    const copy = document.getElementById("share-copy");
    const close = document.getElementById("share-close");
    let latest = 0;  // the request being answered: a late answer to an older one changes nothing
    let shownFor = 0;  // the request whose text the box shows

    hearts.shared = null;

    hearts.share = function (text) {
        const request = ++latest;
        hearts.shared = "pending";
        if (typeof text !== "string" || text.trim() === "") {
            hearts.shared = "failed";
            return;
        }
        tryInTurn(request, text).then(
            (outcome) => settle(request, outcome),
            (error) => {
                console.warn("Hearts: could not share:", error);
                settle(request, "failed");
            });
    };

    // Copy only (a link the player pastes where they like): the clipboard, else the box. Read as share's.
    hearts.copy = function (text) {
        const request = ++latest;
        hearts.shared = "pending";
        if (typeof text !== "string" || text.trim() === "") {
            hearts.shared = "failed";
            return;
        }
        viaClipboard(text).then(
            (copied) => settle(request, copied || (request === latest ? showBox(request, text) : "failed")),
            () => settle(request, "failed"));
    };

    function settle(request, outcome) {
        if (request === latest) {
            hearts.shared = outcome;
        }
    }

    async function tryInTurn(request, text) {
        const shared = await viaSheet(text);
        if (shared || request !== latest) {
            return shared;
        }
        const copied = await viaClipboard(text);
        if (copied || request !== latest) {
            return copied;
        }
        return showBox(request, text);
    }

    async function viaSheet(text) {
        const data = { text };
        if (typeof navigator.share !== "function" || (navigator.canShare && !navigator.canShare(data))) {
            return null;
        }
        try {
            await navigator.share(data);
            return "shared";
        } catch (error) {
            if (error && error.name === "AbortError") {
                return "cancelled";
            }
            console.warn("Hearts: the share sheet refused:", error);  // no gesture, say: the clipboard next
            return null;
        }
    }

    async function viaClipboard(text) {
        if (!navigator.clipboard || typeof navigator.clipboard.writeText !== "function") {
            return null;
        }
        try {
            await navigator.clipboard.writeText(text);
            return "copied";
        } catch (error) {
            console.warn("Hearts: the clipboard refused:", error);
            return null;
        }
    }

    function showBox(request, text) {
        if (!box) {
            return "failed";
        }
        shownFor = request;
        field.value = text;
        note.textContent = "";
        copy.textContent = "Copy";
        if (!box.open) {
            if (typeof box.showModal === "function") {
                box.showModal();
            } else {
                box.setAttribute("open", "");
            }
        }
        fit();
        field.focus();
        field.select();
        return "shown";
    }

    function hideBox() {
        if (box.open) {
            if (typeof box.close === "function") {
                box.close();
            } else {
                box.removeAttribute("open");
                back();
            }
        }
    }

    // The field as tall as its text, wrapped lines included (CSS caps it, and it scrolls beyond that).
    function fit() {
        if (box.open) {
            field.style.height = "0";  // so that scrollHeight is the text's, not the field's
            field.style.height = field.scrollHeight + (field.offsetHeight - field.clientHeight) + "px";
        }
    }

    // The player goes on with the game where they were: at the table, keys and all.
    function back() {
        const canvas = document.getElementById("canvas");
        if (canvas) {
            canvas.focus({ preventScroll: true });
        }
    }

    if (!box) {
        return;
    }

    // The Copy button is a click of the player's own, so even a browser that refused above copies now:
    // the old way first (the text is selected, and it needs no permission), then the clipboard's.
    copy.addEventListener("click", () => {
        field.focus();
        field.select();
        let copied = false;
        try {
            copied = document.execCommand("copy");
        } catch (error) {
            copied = false;
        }
        const done = copied ? Promise.resolve()
            : navigator.clipboard ? navigator.clipboard.writeText(field.value)
            : Promise.reject(new Error("no clipboard"));
        done.then(() => {
            copy.textContent = "Copied";
            note.textContent = "Copied. Paste it wherever you like.";
            settle(shownFor, "copied");
        }, () => {
            note.textContent = "Your browser would not copy it. The text is selected, so you can copy it yourself.";
            field.focus();
            field.select();
        });
    });
    close.addEventListener("click", hideBox);
    window.addEventListener("resize", fit);
    box.addEventListener("close", back);
    // Keys pressed in the box are the box's: none reaches the game's canvas (Escape there would also
    // close a dialog of the game's, Enter would play a card).
    for (const type of ["keydown", "keyup", "keypress"]) {
        box.addEventListener(type, (event) => {
            event.stopPropagation();
            if (type === "keydown" && event.key === "Escape") {
                event.preventDefault();
                hideBox();
            }
        });
    }
})();

// Files: everything the game keeps saved to the player's downloads, and a file of theirs read back (to
// move to another device). hearts.download(name, text) saves the text as a file (true when the browser
// took it). hearts.pickFile(maxChars) opens the file picker; the game reads how it went from
// hearts.picked a frame at a time, as it reads hearts.shared:
//   null         nothing asked yet
//   "pending"    the picker is open, or the chosen file is being read
//   "picked"     read: hearts.pickedText holds its text and hearts.pickedName its name (a file longer
//                than maxChars bytes is read only that far and one more, so the game refuses it whole)
//   "cancelled"  the picker closed without a file
//   "failed"     the picker could not open (no recent gesture, say), or the file could not be read
// A picker opens only shortly after a gesture of the player's; as with sharing, the game's tap reaches
// Python on the next animation frame, well inside that time.
(function () {
    const hearts = window.hearts;
    if (!hearts) {
        return;
    }
    let latest = 0;  // the pick being answered: a late answer to an older one changes nothing

    hearts.picked = null;
    hearts.pickedText = "";
    hearts.pickedName = "";

    hearts.download = function (name, text) {
        if (typeof name !== "string" || name === "" || typeof text !== "string") {
            return false;
        }
        try {
            const address = URL.createObjectURL(new Blob([text], { type: "application/json" }));
            const link = document.createElement("a");
            link.href = address;
            link.download = name;
            link.rel = "noopener";
            link.style.display = "none";
            document.body.appendChild(link);
            link.click();
            link.remove();
            // The download has the file once it has begun; the address is let go well after that.
            setTimeout(() => URL.revokeObjectURL(address), 60000);
            return true;
        } catch (error) {
            console.warn("Hearts: could not download:", error);
            return false;
        }
    };

    hearts.pickFile = function (maxChars) {
        const request = ++latest;
        const limit = Number.isFinite(maxChars) && maxChars > 0 ? Math.floor(maxChars) : 1000000;
        hearts.picked = "pending";
        hearts.pickedText = "";
        hearts.pickedName = "";
        const input = document.createElement("input");
        input.type = "file";
        input.accept = ".json,application/json,text/plain";
        input.style.display = "none";
        let settled = false;

        function settle(state, text, name) {
            if (settled) {
                return;
            }
            settled = true;
            window.removeEventListener("focus", backFromPicker);
            input.remove();
            if (request === latest) {
                hearts.pickedText = text || "";
                hearts.pickedName = name || "";
                hearts.picked = state;
            }
        }

        // Browsers without the input's cancel event: the page has the focus back and no file came.
        function backFromPicker() {
            setTimeout(() => {
                if (!input.files || input.files.length === 0) {
                    settle("cancelled");
                }
            }, 1500);
        }

        input.addEventListener("change", () => {
            const file = input.files && input.files[0];
            if (!file) {
                settle("cancelled");
                return;
            }
            const reader = new FileReader();
            reader.onload = () => settle("picked", String(reader.result), file.name);
            reader.onerror = () => {
                console.warn("Hearts: could not read the file:", reader.error);
                settle("failed");
            };
            reader.readAsText(file.size > limit ? file.slice(0, limit + 1) : file, "utf-8");
        });
        input.addEventListener("cancel", () => settle("cancelled"));
        if (navigator.userActivation && !navigator.userActivation.isActive) {
            settle("failed");  // no gesture of the player's to open it with: the browser would not
            return;
        }
        try {
            document.body.appendChild(input);
            input.click();
            setTimeout(() => window.addEventListener("focus", backFromPicker), 0);
        } catch (error) {
            console.warn("Hearts: could not open the file picker:", error);
            settle("failed");
        }
    };
})();

(function () {
    // Ask the browser to keep our storage (the saved match) even when space runs short.
    if (navigator.storage && navigator.storage.persist) {
        navigator.storage.persisted().then((kept) => kept || navigator.storage.persist()).catch(() => {});
    }

    if (!("serviceWorker" in navigator)) {
        return;
    }

    const banner = document.getElementById("update");
    const reload = document.getElementById("update-reload");
    const later = document.getElementById("update-later");
    let waiting = null;
    let putOff = false;
    let reloading = false;

    // A new version waits for the player: the offer shows only at a safe moment (the game says when:
    // the menu, a results screen, your own turn; the match is saved after every card), and "Later"
    // puts it off until the next version.
    function show() {
        const safe = !window.hearts || window.hearts.isSafe !== false;
        banner.hidden = !(waiting && safe && !putOff);
    }

    function offer(worker) {
        waiting = worker;
        putOff = false;
        show();
    }

    reload.onclick = () => {
        if (waiting) {
            reload.disabled = true;
            waiting.postMessage({ type: "skip-waiting" });
        }
    };
    later.onclick = () => {
        putOff = true;
        show();
    };
    document.addEventListener("hearts-safe", show);

    navigator.serviceWorker.addEventListener("controllerchange", () => {
        if (!reloading && waiting) {
            reloading = true;
            location.reload();
        }
    });

    // Registered once the game has drawn its first frame (or could not start): on a first visit the worker
    // fetches the whole runtime to keep it, and beside the page's own start that took the network and the
    // processor from it (the first frame came a third of a second later on a local server).
    hearts.whenSettled(() => navigator.serviceWorker.register("sw.js").then((registration) => {
        if (registration.waiting && navigator.serviceWorker.controller) {
            offer(registration.waiting);
        }
        registration.addEventListener("updatefound", () => {
            const incoming = registration.installing;
            if (!incoming) {
                return;
            }
            incoming.addEventListener("statechange", () => {
                if (incoming.state === "installed" && navigator.serviceWorker.controller) {
                    offer(incoming);
                }
            });
        });
        // Look for a new version when the page comes back to the front, not only on reload.
        document.addEventListener("visibilitychange", () => {
            if (document.visibilityState === "visible") {
                registration.update().catch(() => {});
            }
        });
    }).catch((error) => console.warn("Hearts: no offline support:", error)));
})();

// Asking for a line of text the game cannot take itself (a name, on a phone's own keyboard; a friend's answer,
// pasted): hearts.askText(title, hint, value, maxChars) opens a box with a field, OK and Cancel, and the game
// reads how it went from hearts.asked a frame at a time, as it reads hearts.shared:
//   null         nothing asked yet
//   "pending"    the box is open
//   "given"      OK: hearts.askedText holds the text, cut to maxChars
//   "cancelled"  closed without OK (Cancel, Escape)
(function () {
    const hearts = window.hearts;
    const box = document.getElementById("ask");
    if (!hearts || !box) {
        return;
    }
    const title = document.getElementById("ask-title");
    const hint = document.getElementById("ask-hint");
    const field = document.getElementById("ask-text");
    let answered = true;

    hearts.asked = null;
    hearts.askedText = "";

    function finish(outcome) {
        if (answered) {
            return;
        }
        answered = true;
        if (outcome === "given") {
            hearts.askedText = field.value.slice(0, field.maxLength > 0 ? field.maxLength : undefined);
        }
        hearts.asked = outcome;
        if (box.open) {
            box.close();
        }
        const canvas = document.getElementById("canvas");
        if (canvas) {
            canvas.focus({ preventScroll: true });
        }
    }

    hearts.askText = function (titleText, hintText, value, maxChars) {
        answered = false;
        hearts.asked = "pending";
        hearts.askedText = "";
        title.textContent = String(titleText);
        hint.textContent = String(hintText);
        field.maxLength = Math.max(1, Number(maxChars) || 1);
        field.value = String(value || "");
        if (!box.open) {
            box.showModal();
        }
        field.focus();
        field.select();
    };

    document.getElementById("ask-ok").addEventListener("click", () => finish("given"));
    document.getElementById("ask-cancel").addEventListener("click", () => finish("cancelled"));
    // Closed some other way (the browser's own Escape, say). A "close" event comes a task after the close:
    // if the game asked again meanwhile, the box is open for the new question, which it must not cancel.
    box.addEventListener("close", () => {
        if (!box.open) {
            finish("cancelled");
        }
    });
    // Keys typed in the box are the box's (Enter there would also play a card at the table); Enter is OK and
    // Escape is Cancel.
    for (const type of ["keydown", "keyup", "keypress"]) {
        box.addEventListener(type, (event) => {
            event.stopPropagation();
            if (type === "keydown" && (event.key === "Enter" || event.key === "Escape")) {
                event.preventDefault();
                finish(event.key === "Enter" ? "given" : "cancelled");
            }
        });
    }
})();
