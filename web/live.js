// One live table: at most one page of this site plays (and writes the saves) at a time. Players open the
// game twice without meaning to (the installed app and a tab, a restored tab); the second page waits with
// "Play here" instead of playing over the first. The game (Python, through platform.window) reads every
// frame:
//   hearts.live.state       "live"       this page plays and writes
//                           "elsewhere"  another page of this site has the table: play nothing, write nothing
//   hearts.live.generation  goes up each time this page becomes live (1 the first time): the other page may
//                           have changed the saves meanwhile, so the game reloads them when it sees a new one.
//                           0 while it never has been. Decided a few milliseconds after the page loads, long
//                           before the game's Python starts ("elsewhere" until then).
//   hearts.live.claim()     "Play here": this page takes the table at once (live within milliseconds: Web
//                           Locks answer asynchronously), the one that had it goes "elsewhere" within a second
//   hearts.live.how         the mechanism, as detected: "locks" (the Web Locks API), "storage" (a lease in
//                           localStorage, where Web Locks are missing: an older browser, a page not served
//                           over https), "none" (neither: every page plays, as before)
// and hearts.live.decided says whether the page has decided; "hearts-live" fires on document at each change.
// A crashed or closed page never keeps the table: the browser releases its lock, and its lease runs out.
"use strict";

(function () {
    const hearts = window.hearts;
    if (!hearts) {
        return;
    }
    const NAME = "hearts.live";  // the lock, the lease's key in localStorage and the broadcast channel

    // summary: "state:generation" once decided ("" before), for the game to read in one look a frame.
    const live = { state: "elsewhere", generation: 0, how: "none", decided: false, summary: "", claim() {} };
    hearts.live = live;

    function become(state) {
        const changed = state !== live.state || !live.decided;
        live.decided = true;
        live.summary = state + ":" + live.generation;
        if (changed) {
            live.state = state;
            if (state === "live") {
                live.generation += 1;
            }
            live.summary = live.state + ":" + live.generation;
            document.dispatchEvent(new Event("hearts-live"));
        }
    }

    // ------------------------------------------------------------------------------------------ web locks

    // The live page holds the lock "hearts.live" until it closes (the browser releases it then, crashed or
    // not). Any other page queues for it, and gets it when the live page goes. "Play here" steals it: the
    // stolen page's request rejects, and that page queues again.
    function withLocks(locks) {
        live.how = "locks";
        let queued = null;  // the AbortController of this page's queued request, while there is one
        let holder = null;  // the options of this page's request that holds the lock, while one does
        let claiming = false;  // a steal asked for and not granted yet (a second tap on "Play here")

        function ask(options) {
            locks.request(NAME, options, (lock) => {
                if (!lock) {  // ifAvailable, and another page has it
                    become("elsewhere");
                    queue();
                    return null;
                }
                if (options.signal) {
                    queued = null;
                }
                claiming = claiming && !options.steal;
                holder = options;
                become("live");
                return new Promise(() => {});  // held for as long as the page lives
            }).catch((error) => {
                if (options.signal && options.signal.aborted) {
                    return;  // a queued request given up for claim()
                }
                if (error && error.name === "AbortError") {  // stolen by a page that claimed the table
                    if (holder === options) {
                        holder = null;
                        become("elsewhere");
                        queue();
                    }
                    return;
                }
                claiming = false;
                // Refused outright (a sandboxed page, say): the lease in localStorage instead.
                console.warn("Hearts: no web locks:", error);
                if (queued) {
                    queued.abort();
                }
                fallBack();
            });
        }

        function queue() {
            if (!queued) {
                queued = new AbortController();
                ask({ signal: queued.signal });
            }
        }

        live.claim = () => {
            if (live.state === "live" || claiming || live.how !== "locks") {
                return;
            }
            claiming = true;
            if (queued) {
                queued.abort();
                queued = null;
            }
            ask({ steal: true });
        };
        ask({ ifAvailable: true });
    }

    // ---------------------------------------------------------------------------------- a lease, instead

    // Without Web Locks the live page keeps a lease in localStorage ({id, at, since}: whose, renewed when,
    // taken when) and renews it every second; a lease not renewed for a few seconds is free (its page
    // crashed, or was frozen in the background). Any other page looks at the lease as it changes (the
    // storage event), every second, and when told on the broadcast channel: it takes a free one, and
    // "Play here" writes its own at once. Two pages that both think they hold it settle by the newer
    // "since": the older gives way, the newer writes its lease again (a late renewal of the page it
    // replaced may have come after its own).
    const RENEW_MS = 1000;
    const LEASE_MS = 4000;
    const SETTLE_MS = 300;  // a page that took a free lease waits this long for a rival's to arrive

    function withStorage(store) {
        live.how = "storage";
        const me = Math.random().toString(36).slice(2) + Date.now().toString(36);
        const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(NAME) : null;
        let since = 0;  // when this page took the table (while it holds the lease)
        let gone = false;  // between pagehide and pageshow: a closing page must not take the lease again

        function read() {
            try {
                const lease = JSON.parse(store.getItem(NAME));
                if (!lease || typeof lease.id !== "string" || typeof lease.at !== "number") {
                    return null;
                }
                return { id: lease.id, at: lease.at, since: Number(lease.since) || 0 };
            } catch (error) {
                return null;
            }
        }

        function write() {
            try {
                store.setItem(NAME, JSON.stringify({ id: me, at: Date.now(), since }));
            } catch (error) {
                console.warn("Hearts: could not keep the table's lease:", error);
            }
        }

        // Renewed lately (a clock set back makes an old lease look new: that counts as stale too).
        function fresh(lease) {
            return lease !== null && Math.abs(Date.now() - lease.at) < LEASE_MS;
        }

        // What this page does about a lease it has seen, in storage or in a message.
        function consider(seen, loading) {
            if (gone) {
                return;
            }
            if (live.state === "live") {
                const newer = seen && seen.id !== me && fresh(seen)
                    && (seen.since > since || (seen.since === since && seen.id > me));
                if (newer) {
                    since = 0;
                    become("elsewhere");
                } else {
                    write();  // renewed; or written again over a late renewal of the page before
                }
                return;
            }
            const held = read();
            if (!fresh(held)) {
                take(held, loading);
            } else if (held.id !== me) {
                become("elsewhere");
            }
        }

        // A free table: the lease written, the page live once no rival's lease has replaced it. As the page
        // loads it is live at once: its game has not started, so a rival that loaded at the same moment and
        // wins (the newer lease) has nothing to undo.
        function take(held, atOnce) {
            since = Math.max(Date.now(), held ? held.since + 1 : 0);
            write();
            if (atOnce) {
                become("live");
                return;
            }
            setTimeout(() => {
                const now = read();
                if (gone) {
                    return;
                }
                if (live.state !== "live" && now && now.id === me) {
                    become("live");
                } else if (live.state !== "live") {
                    become("elsewhere");
                }
            }, SETTLE_MS);
        }

        live.claim = () => {
            if (live.state === "live" || live.how !== "storage") {
                return;
            }
            const held = read();
            since = Math.max(Date.now(), held ? held.since + 1 : 0);
            write();
            become("live");
            if (channel) {
                channel.postMessage(read());
            }
        };

        setInterval(() => consider(read()), RENEW_MS);
        addEventListener("storage", (event) => {
            if (event.key === NAME || event.key === null) {
                consider(read());
            }
        });
        if (channel) {
            // A claim reaches the live page here, perhaps before the storage event does.
            channel.onmessage = (event) => {
                const told = event.data;
                consider(told && typeof told.id === "string" && typeof told.at === "number"
                    ? { id: told.id, at: told.at, since: Number(told.since) || 0 } : read());
            };
        }
        // Leaving (closed, or kept in the back-forward cache): the table is free at once. A page that comes
        // back from that cache takes it again only if it is free, as a new generation.
        addEventListener("pagehide", () => {
            gone = true;
            const held = read();
            if (held && held.id === me) {  // live, or about to be
                try {
                    store.removeItem(NAME);
                } catch (error) {
                    // It runs out instead.
                }
                if (channel) {
                    channel.postMessage(null);
                }
            }
            since = 0;
            become("elsewhere");
        });
        addEventListener("pageshow", (event) => {
            if (event.persisted) {
                gone = false;
                consider(read());
            }
        });
        // A page in the background renews late (the browser slows its timers), so another page may have
        // taken a lease it let run out: it looks again before it draws a frame.
        document.addEventListener("visibilitychange", () => consider(read()));
        consider(read(), true);
    }

    // ------------------------------------------------------------------------------ answers for a table

    // A friend's answer to an invitation (a link "#a=…") opened in another tab of the host's browser reaches
    // the tab that holds the table with friends on a broadcast channel of its own:
    //   live.passAnswer(text)  this page sends it on; an id for live.isTaken(id)
    //   live.isTaken(id)       whether a tab holding a table took it (that tab answers on the channel)
    //   live.listen(flag)      this page holds a table with friends (true) or no longer does (false)
    //   live.takeAnswers()     the answers received while listening, as a JSON list, oldest first
    // An answer opened in this very page after it loaded (the address's fragment changed) is received too.
    const answers = typeof BroadcastChannel === "function" ? new BroadcastChannel(NAME + ".answers") : null;
    const received = [];
    const taken = new Set();
    let listening = false;

    function receive(text) {
        if (listening && typeof text === "string" && text.length <= 12000) {
            received.push(text);
            return true;
        }
        return false;
    }

    live.listen = (flag) => {
        listening = Boolean(flag);
    };
    live.takeAnswers = () => JSON.stringify(received.splice(0));
    live.passAnswer = (text) => {
        const id = Math.random().toString(36).slice(2);
        if (answers) {
            answers.postMessage({ kind: "answer", id, text: String(text) });
        }
        return id;
    };
    live.isTaken = (id) => taken.has(String(id));
    if (answers) {
        answers.onmessage = (event) => {
            const told = event.data || {};
            if (told.kind === "answer" && typeof told.id === "string" && receive(told.text)) {
                answers.postMessage({ kind: "taken", id: told.id });
            } else if (told.kind === "taken" && typeof told.id === "string") {
                taken.add(told.id);
            }
        };
    }
    addEventListener("hashchange", () => {
        const fragment = location.hash.slice(1);
        if (fragment.startsWith("a=") && receive(fragment)) {
            try {
                history.replaceState(history.state, "", location.pathname);
            } catch (error) {
                // The address keeps its fragment: nothing worse.
            }
        }
    });

    // ------------------------------------------------------------------------------------------- choosing

    // localStorage, if this page may write to it (a browser set to refuse storage throws on reading it).
    function usableStorage() {
        try {
            const store = window.localStorage;
            store.setItem(NAME + ".probe", "1");
            store.removeItem(NAME + ".probe");
            return store;
        } catch (error) {
            return null;
        }
    }

    function fallBack() {
        const store = usableStorage();
        if (store) {
            withStorage(store);
        } else {
            live.how = "none";
            live.claim = () => {};
            become("live");
        }
    }

    const locks = navigator.locks;
    if (locks && typeof locks.request === "function" && typeof AbortController === "function") {
        withLocks(locks);
    } else {
        fallBack();
    }
})();
