// The site around the game: offline support, updates and lasting storage. The game itself is Python.
"use strict";

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

    navigator.serviceWorker.register("sw.js").then((registration) => {
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
    }).catch((error) => console.warn("Hearts: no offline support:", error));
})();
