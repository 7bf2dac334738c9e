// The QR code of a text, for the game to draw (hearts/ui/qr.py): the game's Python has no encoder of its own
// (pygbag's runtime lacks what the Python ones import), so the page lends it uqr's (uqr.mjs, MIT, beside
// this file with its licence). hearts.qr(text) answers at once with JSON {"version", "rows"}: the rows of
// modules top to bottom, "1" dark and "0" light, with no border (the game adds the quiet zone); level M
// error correction or better, so a glare or a thumb over a corner is survived. "" when the text cannot be
// one (too long for any version).
import { encode } from "./uqr.mjs";

if (window.hearts) {
    window.hearts.qr = (text) => {
        try {
            const code = encode(String(text), { ecc: "M", boostEcc: true, border: 0 });
            const rows = code.data.map((row) => row.map((dark) => (dark ? "1" : "0")).join(""));
            return JSON.stringify({ version: code.version, rows });
        } catch (_error) {
            return "";
        }
    };
}
