import type { ReadingField } from "#app/lib/requirements";
import type { Scalar } from "./reading-fields.server";

/** A field's final value, or null to remove it. */
export type ReadingCorrections = Partial<Record<ReadingField, Scalar | string[] | null>>;
