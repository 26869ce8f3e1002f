import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseRequirements } from "#app/server/reading/parse-requirements.server";
import type { CorpusSet } from "./corpus";

/**
 * What the reader costs where it runs: the time to read one wish (every corpus wish, after one
 * warm-up pass, as the live preview and the job read them), and the reader's share of the built
 * server bundle, attributed through the bundle's source map. Only numbers are printed; no wish text.
 */

const REFERENCE_YEAR = 2026;
const READER_SOURCES = /app\/server\/(?:advice\/)?reading\//u;

const percentile = (sorted: readonly number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

export type ReaderTiming = { wishes: number; p50: number; p95: number; max: number };

export function readerTiming(sets: readonly CorpusSet[]): ReaderTiming {
  const wishes = sets.flatMap((set) => set.wishes);
  const read = (wish: (typeof wishes)[number]) =>
    parseRequirements({ description: wish.wish, maxPrice: wish.maxPriceSek, carType: "alla", sellerType: "alla" }, { referenceYear: REFERENCE_YEAR });
  for (const wish of wishes) read(wish);
  const times = wishes.map((wish) => {
    const start = performance.now();
    read(wish);
    return performance.now() - start;
  });
  times.sort((a, b) => a - b);
  return { wishes: times.length, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1) ?? 0 };
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** One line of source-map segments: [generated column, source index or undefined]. */
function decodeLine(line: string, state: { source: number }): [number, number | undefined][] {
  const segments: [number, number | undefined][] = [];
  let column = 0;
  for (const segment of line.split(",")) {
    if (segment === "") continue;
    const values: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = DIGIT.get(char) ?? 0;
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >> 1) : value >> 1);
        value = 0;
        shift = 0;
      }
    }
    column += values[0] ?? 0;
    if (values.length > 1) state.source += values[1] ?? 0;
    segments.push([column, values.length > 1 ? state.source : undefined]);
  }
  return segments;
}

export type BundleShare = { readerBytes: number; totalBytes: number };

/** Bytes of one built file that map back to the reader's files. */
function readerBytesIn(code: string, mapFile: string): number {
  const map = JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[]; mappings: string };
  const lines = readFileSync(code, "utf8").split("\n");
  const reader = new Set(map.sources.flatMap((source, index) => (READER_SOURCES.test(source) ? [index] : [])));
  if (reader.size === 0) return 0;
  const state = { source: 0 };
  let bytes = 0;
  map.mappings.split(";").forEach((mapped, lineIndex) => {
    const text = lines[lineIndex] ?? "";
    const segments = decodeLine(mapped, state);
    segments.forEach(([column, source], index) => {
      if (source === undefined || !reader.has(source)) return;
      bytes += Buffer.byteLength(text.slice(column, segments[index + 1]?.[0] ?? text.length));
    });
  });
  return bytes;
}

/** Bytes of the built server bundle (every .js file) that map back to the reader; undefined when not built. */
export function readerBundleShare(dir = "build/server"): BundleShare | undefined {
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".js"));
  if (files.length === 0) return undefined;
  let readerBytes = 0;
  let totalBytes = 0;
  for (const file of files) {
    const code = join(dir, file);
    totalBytes += statSync(code).size;
    if (existsSync(`${code}.map`)) readerBytes += readerBytesIn(code, `${code}.map`);
  }
  return { readerBytes, totalBytes };
}
