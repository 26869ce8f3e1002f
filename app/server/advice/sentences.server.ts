/** Split prose into sentences (Swedish punctuation; decimal commas and "t.ex." stay inside). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-ZÅÄÖ0-9"«(])/u)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
