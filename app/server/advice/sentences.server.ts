/** Split prose into sentences (Swedish punctuation; decimal commas and "t.ex." stay inside). */
export function sentences(text: string): string[] {
  return (
    text
      // After "!" a digit continues a name ("e-up! 32,3 kWh").
      .split(/(?<=[.?])\s+(?=[A-ZÅÄÖ0-9"«(])|(?<=!)\s+(?=[A-ZÅÄÖ"«(])/u)
      .map((part) => part.trim())
      .filter((part) => part.length > 0)
  );
}
