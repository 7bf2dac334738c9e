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
    let reloading = false;

    // A new version waits until the player says when: the match is saved after every card, so a
    // reload loses nothing, but only the player knows whether now is a good moment.
    function offer(worker) {
        banner.hidden = false;
        reload.onclick = () => {
            reload.disabled = true;
            worker.postMessage({ type: "skip-waiting" });
        };
    }

    navigator.serviceWorker.addEventListener("controllerchange", () => {
        if (!reloading && !banner.hidden) {
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
