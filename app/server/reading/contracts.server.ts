export type { ReadingCorrections } from "#app/lib/reading-corrections";
