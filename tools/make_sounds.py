"""Make the game's seven sound effects from nothing but arithmetic: noise, sine waves and envelopes.

    apt-get install vorbis-tools          # oggenc (Ogg Vorbis); a one-off tool, not a game dependency
    .venv/bin/python tools/make_sounds.py [--out assets/sounds] [--wav DIR]

Each effect is computed sample by sample in plain Python (no recordings, no samples from elsewhere, so
the sounds are ours under the project's licence), written as 16-bit mono WAV and encoded by ``oggenc``
with a fixed stream serial number: the same script gives the same bytes. ``--wav DIR`` keeps the WAV
files too, for listening or measuring (``sox FILE -n stat``).

Soft on purpose: every effect starts with a short fade-in and ends at silence (no clicks), and its
loudest sample stays well under full scale (``PEAKS``, all at or below -6 dBFS).
"""

from __future__ import annotations

import argparse
import math
import random
import shutil
import subprocess
import sys
import tempfile
import wave
from collections.abc import Callable, Iterable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "assets" / "sounds"
RATE = 22050
"""Samples per second: plenty for soft effects, half the size of CD rate."""
QUALITY = "1"
"""oggenc's quality (-1 to 10); at 22,050 Hz mono about 40 kbit/s, enough for soft effects."""
SERIAL = "1225"
"""The Ogg stream's serial number, fixed (oggenc otherwise picks one at random) so output repeats."""

Samples = list[float]


# Building blocks ---------------------------------------------------------------------------------


def silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def mix(length: float, *parts: tuple[float, Samples]) -> Samples:
    """``length`` seconds holding each part added in at its start time (seconds)."""
    out = silence(length)
    for start, samples in parts:
        offset = round(start * RATE)
        for index, value in enumerate(samples):
            if offset + index < len(out):
                out[offset + index] += value
    return out


def envelope(samples: Samples, attack: float, decay: float) -> Samples:
    """A rise over ``attack`` seconds (half a sine, so it starts at zero slope), then an exponential
    fall that loses 60 dB every ``decay`` seconds."""
    rise = max(1, round(attack * RATE))
    fall = math.log(1000.0) / (decay * RATE)
    out = []
    for index, value in enumerate(samples):
        if index < rise:
            gain = 0.5 - 0.5 * math.cos(math.pi * index / rise)
        else:
            gain = math.exp(-fall * (index - rise))
        out.append(value * gain)
    return out


def noise(seconds: float, seed: int) -> Samples:
    """White noise from a fixed seed: the same every run."""
    chance = random.Random(seed)
    return [chance.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def band_pass(samples: Samples, centre: Callable[[float], float], width: float) -> Samples:
    """A two-pole resonant band-pass whose centre frequency (Hz) may move with time (seconds);
    ``width`` is the bandwidth in octaves."""
    out = []
    x1 = x2 = y1 = y2 = 0.0
    for index, x in enumerate(samples):
        omega = 2 * math.pi * centre(index / RATE) / RATE
        alpha = math.sin(omega) * math.sinh(math.log(2) / 2 * width * omega / math.sin(omega))
        a0 = 1 + alpha
        y = (alpha * x - alpha * x2 - (-2 * math.cos(omega)) * y1 - (1 - alpha) * y2) / a0
        x2, x1 = x1, x
        y2, y1 = y1, y
        out.append(y)
    return out


def low_pass(samples: Samples, cutoff: float) -> Samples:
    """Two one-pole low-pass filters in a row: takes the hiss off the top of a noise burst."""
    keep = math.exp(-2 * math.pi * cutoff / RATE)
    out = list(samples)
    for _ in range(2):
        level = 0.0
        for index, value in enumerate(out):
            level = (1 - keep) * value + keep * level
            out[index] = level
    return out


def tone(frequency: float, seconds: float, partials: Iterable[tuple[float, float, float]]) -> Samples:
    """A note: sine partials as (ratio to ``frequency``, loudness, how fast it dies compared with the
    note); higher partials dying sooner is what makes a struck bell or a soft mallet."""
    count = round(seconds * RATE)
    out = [0.0] * count
    for ratio, loudness, speed in partials:
        step = 2 * math.pi * frequency * ratio / RATE
        fall = speed * math.log(1000.0) / (seconds * RATE)
        for index in range(count):
            out[index] += loudness * math.sin(step * index) * math.exp(-fall * index)
    return out


BELL = ((1.0, 1.0, 1.0), (2.0, 0.35, 1.8), (3.01, 0.12, 2.6), (4.2, 0.05, 3.5))
"""A soft bell: the fundamental, a gentle octave and two faint upper partials that fade first."""
MALLET = ((1.0, 1.0, 1.0), (2.0, 0.22, 1.6), (3.0, 0.06, 2.4))
"""Rounder and darker than the bell, for the low notes."""


def note(frequency: float, seconds: float, partials: tuple[tuple[float, float, float], ...]) -> Samples:
    """A tone with a soft 8 ms onset, ringing away over ``seconds``."""
    return envelope(tone(frequency, seconds, partials), 0.008, seconds * 4)


def finish(samples: Samples, peak_db: float) -> Samples:
    """Scaled so the loudest sample is ``peak_db`` below full scale, and faded to silence over the
    last 15 ms so the end never clicks."""
    loudest = max(abs(value) for value in samples) or 1.0
    gain = 10 ** (peak_db / 20) / loudest
    tail = round(0.015 * RATE)
    out = [value * gain for value in samples]
    for index in range(tail):
        out[-1 - index] *= index / tail
    return out


# The effects -------------------------------------------------------------------------------------


def tap(seed: int, pitch: float, seconds: float = 0.09) -> Samples:
    """A card laid on cloth: a short burst of band-passed noise over a faint, low knock."""
    swish = low_pass(band_pass(noise(seconds, seed), lambda _t: pitch, 1.6), 4500.0)
    knock = tone(140.0, seconds, ((1.0, 0.35, 3.0),))
    return envelope([a + b for a, b in zip(swish, knock, strict=True)], 0.003, 0.05)


def card() -> Samples:
    return finish(mix(0.12, (0.0, tap(11, 2300.0))), -13.0)


def trick() -> Samples:
    """The trick gathered in: two soft sweeps of noise, the second a little later and quieter."""

    def sweep(seed: int, low: float, high: float) -> Samples:
        seconds = 0.22
        swept = band_pass(noise(seconds, seed), lambda t: low + (high - low) * t / seconds, 1.3)
        swept = low_pass(swept, 4000.0)
        return envelope(swept, 0.05, 0.12)

    return finish(
        mix(0.38, (0.0, sweep(21, 900.0, 2600.0)), (0.11, [0.6 * v for v in sweep(22, 800.0, 2200.0)])), -13.0
    )


def pass_cards() -> Samples:
    """The exchange: three cards in quick succession, each a touch different."""
    return finish(
        mix(
            0.32,
            (0.0, tap(31, 2000.0)),
            (0.085, [0.85 * v for v in tap(32, 2500.0)]),
            (0.17, [0.7 * v for v in tap(33, 2200.0)]),
        ),
        -13.0,
    )


def hearts() -> Samples:
    """Hearts broken: two bell notes rising a fourth (B5, E6), gentle."""
    return finish(mix(0.95, (0.0, note(987.77, 0.5, BELL)), (0.13, note(1318.51, 0.8, BELL))), -10.0)


def queen() -> Samples:
    """The Q♠ taken: a low, soft fall of a minor third (D4 to B3)."""
    return finish(mix(0.85, (0.0, note(293.66, 0.45, MALLET)), (0.2, note(246.94, 0.65, MALLET))), -8.0)


def victory() -> Samples:
    """A major arpeggio (C5 E5 G5 C6), the top note left to ring."""
    notes = (523.25, 659.26, 783.99, 1046.5)
    parts = [
        (0.11 * index, note(pitch, 0.5 if index < 3 else 1.0, BELL)) for index, pitch in enumerate(notes)
    ]
    return finish(mix(1.4, *parts), -8.0)


def defeat() -> Samples:
    """A slow, soft fall (G4 E♭4 C4), darker than the victory."""
    notes = (392.0, 311.13, 261.63)
    parts = [
        (0.22 * index, note(pitch, 0.55 if index < 2 else 0.85, MALLET)) for index, pitch in enumerate(notes)
    ]
    return finish(mix(1.35, *parts), -8.0)


EFFECTS: dict[str, Callable[[], Samples]] = {
    "card": card,
    "trick": trick,
    "hearts": hearts,
    "queen": queen,
    "pass": pass_cards,
    "victory": victory,
    "defeat": defeat,
}
"""Each file's name (``assets/sounds/NAME.ogg``) and how it is made; the game's ``SOUNDS`` match these."""


# Writing -----------------------------------------------------------------------------------------


def write_wav(samples: Samples, path: Path) -> None:
    frames = bytearray()
    for value in samples:
        level = max(-32767, min(32767, round(value * 32767)))
        frames += level.to_bytes(2, "little", signed=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))


def encode(wav: Path, ogg: Path) -> None:
    command = ["oggenc", "--quiet", "-q", QUALITY, "--serial", SERIAL, "-o", str(ogg), str(wav)]
    subprocess.run(command, check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the .ogg files go")
    parser.add_argument("--wav", type=Path, help="also keep the .wav files here")
    args = parser.parse_args(argv)
    if shutil.which("oggenc") is None:
        print("oggenc is missing: apt-get install vorbis-tools", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.wav if args.wav is not None else Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for name, make in EFFECTS.items():
            samples = make()
            wav = folder / f"{name}.wav"
            write_wav(samples, wav)
            ogg = args.out / f"{name}.ogg"
            encode(wav, ogg)
            size = ogg.stat().st_size
            total += size
            peak = 20 * math.log10(max(abs(value) for value in samples))
            shown = ogg.relative_to(REPO) if ogg.is_relative_to(REPO) else ogg
            print(f"{shown}: {len(samples) / RATE:.2f} s, peak {peak:.1f} dBFS, {size:,} bytes")
    print(f"{len(EFFECTS)} sounds, {total:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
