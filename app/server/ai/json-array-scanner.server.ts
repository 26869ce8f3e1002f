/** Items of the first array in a streamed JSON object as each completes; fed all content so far, it scans only the new part. */
export function createArrayItemScanner(): (content: string) => string[] {
  let position = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let itemStart = -1;
  return (content) => {
    const items: string[] = [];
    for (; position < content.length; position++) {
      const char = content[position];
      if (inString) {
        if (escaped) escaped = false;
        else if (char === "\\") escaped = true;
        else if (char === '"') inString = false;
        continue;
      }
      if (char === '"') inString = true;
      else if (char === "{" || char === "[") {
        depth++;
        // Root object = depth 1, the array = 2, so an item starts when we enter depth 3.
        if (depth === 3) itemStart = position;
      } else if (char === "}" || char === "]") {
        if (depth === 3 && itemStart !== -1) items.push(content.slice(itemStart, position + 1));
        depth--;
      }
    }
    return items;
  };
}
