/**
 * A deterministic sample track: the sample drops carry no audio file, so a short tone is generated
 * on the device (16-bit mono PCM WAV) — the same bytes for the same drop, every time.
 */

export interface ToneOptions {
  /** Hz; default from the seed. */
  frequency?: number;
  seconds?: number;
  sampleRate?: number;
}

export const SAMPLE_TRACK_SECONDS = 12;
export const SAMPLE_TRACK_RATE = 22_050;

/** A stable pitch per drop (A minor pentatonic, 220-440 Hz), from a string hash. */
export function toneFrequencyFor(seed: string): number {
  let hash = 2166136261;
  for (let i = 0; i < seed.length; i += 1) hash = Math.imul(hash ^ seed.charCodeAt(i), 16777619) >>> 0;
  const notes = [220, 261.63, 293.66, 329.63, 392, 440];
  return notes[hash % notes.length]!;
}

/** Bytes of a mono 16-bit WAV of `seconds` at `sampleRate`. */
export function wavByteLength(seconds: number, sampleRate: number): number {
  return 44 + Math.round(seconds * sampleRate) * 2;
}

interface ToneWriter {
  bytes: Uint8Array<ArrayBuffer>;
  samples: number;
  /** Writes samples [from, to). */
  write: (from: number, to: number) => void;
}

/** The WAV header written, and a writer for its samples (a tone with a gentle pulse and fade). */
function toneWriter(seed: string, options: ToneOptions): ToneWriter {
  const frequency = options.frequency ?? toneFrequencyFor(seed);
  const seconds = options.seconds ?? SAMPLE_TRACK_SECONDS;
  const rate = options.sampleRate ?? SAMPLE_TRACK_RATE;
  const samples = Math.round(seconds * rate);
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) =>
    [...text].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // PCM chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples * 2, true);
  const fade = Math.min(samples / 2, rate * 0.05);
  const write = (from: number, to: number) => {
    for (let i = from; i < to; i += 1) {
      const t = i / rate;
      const envelope = Math.min(1, i / fade, (samples - 1 - i) / fade) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 0.5 * t));
      const value = Math.sin(2 * Math.PI * frequency * t) * 0.35 * envelope;
      view.setInt16(44 + i * 2, Math.round(value * 32767), true);
    }
  };
  return { bytes, samples, write };
}

/** A WAV file: a tone with a gentle pulse and fade in/out, so seeking is audible. */
export function toneWav(seed: string, options: ToneOptions = {}): Uint8Array<ArrayBuffer> {
  const tone = toneWriter(seed, options);
  tone.write(0, tone.samples);
  return tone.bytes;
}

/** Samples written per task by `toneWavInSlices` (≈ 1–2 ms on a phone-class CPU). */
export const TONE_SLICE_SAMPLES = 8_192;

/**
 * The same bytes as `toneWav`, written a slice at a time with `pause()` awaited between slices, so
 * generating a drop's 12-second track never holds the main thread in one long task while the Daily
 * Locker is first drawing. Null when `cancelled()` turns true between slices.
 */
export async function toneWavInSlices(
  seed: string,
  pause: () => Promise<void>,
  cancelled: () => boolean = () => false,
  options: ToneOptions = {},
): Promise<Uint8Array<ArrayBuffer> | null> {
  const tone = toneWriter(seed, options);
  for (let from = 0; from < tone.samples; from += TONE_SLICE_SAMPLES) {
    await pause();
    if (cancelled()) return null;
    tone.write(from, Math.min(tone.samples, from + TONE_SLICE_SAMPLES));
  }
  return tone.bytes;
}
