// Friends at one table (SPEC §9): a WebRTC data channel between the host's page and each guest's, with no
// server between them. Neither side can reach the other before the channel opens, so the two descriptions a
// connection needs travel by hand, in links: the host's offer, then the guest's answer. Each is cut down to
// what varies (the ICE credentials, the DTLS fingerprint, the addresses) and packed into a short code, so a
// link fits a QR code a phone reads at arm's length; the other side rebuilds the description around it.
//
// The game (Python, through platform.window) drives a connection by a key of its choosing (the host: one per
// seat; a guest: one, for the host) and reads its state every frame:
//   hearts.peers.offer(key, stun)         the host starts a connection and gathers its addresses (with the
//                                         STUN server's address, or "" for this network only); once
//                                         gathered, status(key) is "offered" and holds the offer's code
//   hearts.peers.answer(key, code, stun)  a guest answers an offer's code; then "answered", with its code
//   hearts.peers.accept(key, code)        the host takes that answer's code: "connecting", then "open"
//   hearts.peers.send(key, text)          one message on the open channel; false if it is not open
//   hearts.peers.take(key)                the messages come since the last take, a JSON array of strings
//   hearts.peers.close(key)               ends the connection (the other side sees "closed")
//   hearts.peers.farewell(key, text)      the last message, sent on the open channel as the page goes
//   hearts.peers.status(key)              JSON {"state", "code", "reason"}, state one of "none",
//                                         "gathering", "offered", "answered", "connecting", "open",
//                                         "closed", "failed"; reason (when failed) one of "no-address" (no
//                                         network to gather on), "bad-code", "no-route" (the two never
//                                         reached each other), "refused" (the browser would not)
// Nothing here knows Hearts: what goes over the channel, and whether a code belongs to this table, is the
// game's to check.
"use strict";

(function () {
    const hearts = window.hearts;
    if (!hearts) {
        return;
    }
    const VERSION = 1;  // of the code's layout; a code of another version is "bad-code"
    const GATHER_MS = 4000;  // at most, for the addresses: an unreachable STUN server must not keep the host
    // From an answer taken to an open channel, before "no-route" (a test may shorten it before this runs).
    const CONNECT_MS = window.heartsConnectMs || 20000;
    const MESSAGE_LIMIT = 65536;  // characters; a longer message is neither sent nor kept
    const SETUPS = ["actpass", "active", "passive"];  // the code's kind: an offer, or an answer's DTLS role
    const TYPES = ["host", "srflx", "prflx", "relay"];
    const TYPE_PREFERENCE = { host: 126, prflx: 110, srflx: 100, relay: 0 };
    const MDNS = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;
    const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

    const connections = new Map();  // key -> {pc, channel, state, code, reason, inbox, timer}

    // -------------------------------------------------------------------------------------------- codes

    class BadCode extends Error {}

    function base64url(bytes) {
        let text = "";
        for (const byte of bytes) {
            text += String.fromCharCode(byte);
        }
        return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    }

    function unbase64url(code) {
        if (typeof code !== "string" || !/^[A-Za-z0-9_-]+$/.test(code) || code.length > 1024) {
            throw new BadCode("not a code");
        }
        let text;
        try {
            text = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
        } catch (_error) {
            throw new BadCode("not base64");
        }
        return Uint8Array.from(text, (char) => char.charCodeAt(0));
    }

    function hex(bytes) {
        return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0"));
    }

    // The address of a candidate as bytes: form 0 an mDNS name (Chrome's stand-in for a local address, a UUID
    // and ".local"), 1 IPv4, 2 IPv6, 3 any other name, with its length.
    function packAddress(address, out) {
        const mdns = MDNS.exec(address);
        if (mdns) {
            for (const pair of mdns.slice(1).join("").match(/../g)) {
                out.push(parseInt(pair, 16));
            }
            return 0;
        }
        const ipv4 = IPV4.exec(address);
        if (ipv4 && ipv4.slice(1).every((part) => Number(part) < 256)) {
            out.push(...ipv4.slice(1).map(Number));
            return 1;
        }
        if (address.includes(":")) {
            const [head, tail = ""] = address.split("::");
            const groups = (part) => (part ? part.split(":") : []);
            const missing = 8 - groups(head).length - groups(tail).length;
            const all = [...groups(head), ...Array(address.includes("::") ? missing : 0).fill("0"), ...groups(tail)];
            if (all.length === 8 && all.every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) {
                for (const group of all) {
                    const value = parseInt(group, 16);
                    out.push(value >> 8, value & 255);
                }
                return 2;
            }
        }
        const name = new TextEncoder().encode(address);
        if (name.length > 255) {
            throw new BadCode("address too long");
        }
        out.push(name.length, ...name);
        return 3;
    }

    function unpackAddress(form, read) {
        if (form === 0) {
            const digits = hex(read(16)).join("");
            return [digits.slice(0, 8), digits.slice(8, 12), digits.slice(12, 16), digits.slice(16, 20),
                digits.slice(20)].join("-") + ".local";
        }
        if (form === 1) {
            return Array.from(read(4)).join(".");
        }
        if (form === 2) {
            const bytes = read(16);
            const groups = [];
            for (let index = 0; index < 16; index += 2) {
                groups.push(((bytes[index] << 8) | bytes[index + 1]).toString(16));
            }
            return groups.join(":");
        }
        const name = new TextDecoder("utf-8", { fatal: true }).decode(read(read(1)[0]));
        if (!/^[A-Za-z0-9.:-]+$/.test(name)) {
            throw new BadCode("not an address");
        }
        return name;
    }

    // A session description cut to its code: what varies between two connections this page makes.
    function pack(sdp) {
        const line = (name) => {
            const found = sdp.match(new RegExp("^a=" + name + ":(.*)$", "m"));
            if (!found) {
                throw new BadCode("no " + name);
            }
            return found[1].trim();
        };
        const out = [VERSION];
        const setup = SETUPS.indexOf(line("setup"));
        if (setup < 0) {
            throw new BadCode("setup");
        }
        out.push(setup);
        for (const value of [line("ice-ufrag"), line("ice-pwd")]) {
            const bytes = new TextEncoder().encode(value);
            out.push(bytes.length, ...bytes);
        }
        const [algorithm, digest] = line("fingerprint").split(" ");
        if (algorithm.toLowerCase() !== "sha-256") {
            throw new BadCode("fingerprint");
        }
        out.push(...digest.split(":").map((pair) => parseInt(pair, 16)));
        const candidates = [];
        for (const found of sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ (\w+)/gm)) {
            if (TYPES.includes(found[3]) && candidates.length < 8) {
                candidates.push(found);
            }
        }
        out.push(candidates.length);
        for (const [, address, port, type] of candidates) {
            const at = out.length;
            out.push(0);
            const form = packAddress(address, out);
            out[at] = TYPES.indexOf(type) | (form << 2);
            out.push(Number(port) >> 8, Number(port) & 255);
        }
        return base64url(out);
    }

    // The session description a code stands for: the same shape this page makes, around the code's parts.
    function unpack(code) {
        const bytes = unbase64url(code);
        let at = 0;
        const read = (count) => {
            if (at + count > bytes.length) {
                throw new BadCode("cut short");
            }
            at += count;
            return bytes.subarray(at - count, at);
        };
        const text = () => new TextDecoder("utf-8", { fatal: true }).decode(read(read(1)[0]));
        if (read(1)[0] !== VERSION) {
            throw new BadCode("version");
        }
        const setup = SETUPS[read(1)[0]];
        const ufrag = text();
        const pwd = text();
        if (!setup || !/^[A-Za-z0-9+/]{4,256}$/.test(ufrag) || !/^[A-Za-z0-9+/]{22,256}$/.test(pwd)) {
            throw new BadCode("credentials");
        }
        const fingerprint = hex(read(32)).join(":").toUpperCase();
        const count = read(1)[0];
        const lines = [];
        for (let index = 0; index < count; index += 1) {
            const head = read(1)[0];
            const type = TYPES[head & 3];
            const address = unpackAddress((head >> 2) & 3, read);
            const port = (read(1)[0] << 8) | read(1)[0];
            const priority = TYPE_PREFERENCE[type] * 2 ** 24 + (65535 - index) * 2 ** 8 + 255;
            const related = type === "host" ? "" : " raddr 0.0.0.0 rport 0";
            lines.push(`a=candidate:${index + 1} 1 udp ${priority} ${address} ${port} typ ${type}${related}`);
        }
        if (at !== bytes.length) {
            throw new BadCode("trailing bytes");
        }
        return {
            type: setup === "actpass" ? "offer" : "answer",
            sdp: [
                "v=0",
                `o=- ${Math.floor(Math.random() * 1e15)} 2 IN IP4 127.0.0.1`,
                "s=-",
                "t=0 0",
                "a=group:BUNDLE 0",
                "a=msid-semantic: WMS",
                "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
                "c=IN IP4 0.0.0.0",
                ...lines,
                "a=end-of-candidates",
                `a=ice-ufrag:${ufrag}`,
                `a=ice-pwd:${pwd}`,
                `a=fingerprint:sha-256 ${fingerprint}`,
                `a=setup:${setup}`,
                "a=mid:0",
                "a=sctp-port:5000",
                "a=max-message-size:262144",
                "",
            ].join("\r\n"),
        };
    }

    // ------------------------------------------------------------------------------------- connections

    function set(connection, state, reason = "") {
        connection.state = state;
        connection.reason = reason;
        clearTimeout(connection.timer);
        document.dispatchEvent(new Event("hearts-peers"));
    }

    function fail(connection, reason) {
        set(connection, "failed", reason);
        try {
            connection.pc.close();
        } catch (_error) {
            // already closed
        }
    }

    function start(key, stun) {
        close(key);
        const pc = new RTCPeerConnection({ iceServers: stun ? [{ urls: String(stun) }] : [] });
        // Negotiated on both sides as channel 0: nothing to announce, and the code needs no label.
        const channel = pc.createDataChannel("hearts", { negotiated: true, id: 0, ordered: true });
        const connection = { pc, channel, state: "gathering", code: "", reason: "", inbox: [], timer: 0 };
        connections.set(key, connection);
        channel.onopen = () => {
            if (connections.get(key) === connection) {
                set(connection, "open");
            }
        };
        channel.onclose = () => {
            if (connections.get(key) === connection && connection.state === "open") {
                set(connection, "closed");
            }
        };
        channel.onmessage = (event) => {
            if (typeof event.data === "string" && event.data.length <= MESSAGE_LIMIT) {
                connection.inbox.push(event.data);
            }
        };
        pc.onconnectionstatechange = () => {
            if (connections.get(key) !== connection) {
                return;
            }
            if (pc.connectionState === "failed") {
                if (connection.state === "open") {
                    set(connection, "closed");
                } else {
                    fail(connection, "no-route");
                }
            }
        };
        return connection;
    }

    // Gather every address (or what GATHER_MS allows), then the description's code.
    async function describe(connection, description) {
        const { pc } = connection;
        await pc.setLocalDescription(description);
        await new Promise((resolve) => {
            const timer = setTimeout(resolve, GATHER_MS);
            const check = () => {
                if (pc.iceGatheringState === "complete") {
                    clearTimeout(timer);
                    resolve();
                }
            };
            pc.addEventListener("icegatheringstatechange", check);
            check();
        });
        const code = pack(pc.localDescription.sdp);
        if (!/a=candidate:/.test(pc.localDescription.sdp)) {
            throw new BadCode("no-address");
        }
        return code;
    }

    function guard(connection, work) {
        work().catch((error) => {
            if (connection.state === "closed" || connection.state === "failed") {
                return;
            }
            if (error instanceof BadCode) {
                fail(connection, error.message === "no-address" ? "no-address" : "bad-code");
            } else {
                console.warn("hearts.peers:", error);
                fail(connection, "refused");
            }
        });
    }

    function offer(key, stun) {
        const connection = start(key, stun);
        guard(connection, async () => {
            connection.code = await describe(connection, await connection.pc.createOffer());
            set(connection, "offered");
        });
    }

    function answer(key, code, stun) {
        const connection = start(key, stun);
        guard(connection, async () => {
            const remote = unpack(code);
            if (remote.type !== "offer") {
                throw new BadCode("not an offer");
            }
            await connection.pc.setRemoteDescription(remote);
            connection.code = await describe(connection, await connection.pc.createAnswer());
            if (connection.state === "gathering") {
                set(connection, "answered");
            }
        });
    }

    function accept(key, code) {
        const connection = connections.get(key);
        if (!connection || connection.state !== "offered") {
            return false;
        }
        let remote;
        try {
            remote = unpack(code);
        } catch (error) {
            return false;
        }
        if (remote.type !== "answer") {
            return false;
        }
        set(connection, "connecting");
        connection.timer = setTimeout(() => {
            if (connection.state === "connecting") {
                fail(connection, "no-route");
            }
        }, CONNECT_MS);
        guard(connection, () => connection.pc.setRemoteDescription(remote));
        return true;
    }

    function send(key, text) {
        const connection = connections.get(key);
        if (!connection || connection.state !== "open" || typeof text !== "string" || text.length > MESSAGE_LIMIT) {
            return false;
        }
        try {
            connection.channel.send(text);
            return true;
        } catch (_error) {
            return false;
        }
    }

    function take(key) {
        const connection = connections.get(key);
        if (!connection || connection.inbox.length === 0) {
            return "[]";
        }
        const taken = JSON.stringify(connection.inbox);
        connection.inbox = [];
        return taken;
    }

    function close(key) {
        const connection = connections.get(key);
        if (!connection) {
            return;
        }
        connections.delete(key);
        clearTimeout(connection.timer);
        try {
            connection.channel.close();
            connection.pc.close();
        } catch (_error) {
            // already closed
        }
    }

    function farewell(key, text) {
        const connection = connections.get(key);
        if (!connection || typeof text !== "string" || text.length > MESSAGE_LIMIT) {
            return false;
        }
        connection.farewell = text;
        return true;
    }

    function status(key) {
        const connection = connections.get(key);
        if (!connection) {
            return JSON.stringify({ state: "none", code: "", reason: "" });
        }
        const { state, code, reason } = connection;
        return JSON.stringify({ state, code, reason });
    }

    hearts.peers = {
        offer, answer, accept, send, take, close, farewell, status, available: "RTCPeerConnection" in window,
    };
    // The page going (closed, reloaded, navigated away): each open channel gets its farewell, then closes.
    // The channel alone is closed, which sends what is queued first; closing the connection too would
    // drop the farewell, and the page's end closes it anyway.
    window.addEventListener("pagehide", () => {
        for (const [key, connection] of Array.from(connections.entries())) {
            if (connection.farewell && connection.state === "open") {
                try {
                    connection.channel.send(connection.farewell);
                    connection.channel.close();
                    connections.delete(key);
                    continue;
                } catch (_error) {
                    // closed meanwhile: closed below like the others
                }
            }
            close(key);
        }
    });
})();
