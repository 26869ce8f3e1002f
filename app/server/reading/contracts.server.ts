export type { ReadingCorrections } from "#app/lib/reading-corrections";

export interface Modality {
  /** Refused; a dislike ("gillar inte BMW") is negated and hedged, a soft refusal. */
  negated: boolean;
  /** Where the negation starts, to quote "ingen elbil" rather than "elbil". */
  negationStart?: number;
  hedged: boolean;
  stressed: boolean;
  required: boolean;
  indifferent: boolean;
  acceptable: boolean;
  ownership: boolean;
  reported: boolean;
  comparison: boolean;
  familyGone: boolean;
}
